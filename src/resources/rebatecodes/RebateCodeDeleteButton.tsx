import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Confirm, useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import type { RebateCode } from '../../../schema/rebatecodes';
import { useApi } from '../../common/api';
import type { WireRecord } from '../../engine/types';

/** Whether deleting this code must send ForceDelete (spec core.md §4: when StatusName is Off). */
export const needsForceDelete = (code: Pick<RebateCode, 'StatusName'>): boolean => code.StatusName === 'Off';

/**
 * Deletes the code after a confirmation, with ForceDelete when it is Off; a failure shows the
 * server's message as an error notification.
 */
export function RebateCodeDeleteButton({ redirectTo = 'list' }: { redirectTo?: 'list' | false }) {
  const code = useRecordContext<WireRecord<RebateCode>>();
  const api = useApi();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!code) return null;
  const remove = async () => {
    setBusy(true);
    try {
      await api.call('DELETE', `/rebatecodes/${code.Id}`, { query: needsForceDelete(code) ? { ForceDelete: true } : {} });
      notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
      if (redirectTo) redirect('list', 'promo-codes');
      else refresh();
    } catch (error) {
      notify((error as Error)?.message || 'engine.deleteError', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <ActionButton label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={busy}>
        <DeleteIcon />
      </ActionButton>
      <Confirm
        isOpen={open}
        loading={busy}
        title="resources.promo-codes.deleteTitle"
        content={needsForceDelete(code) ? 'resources.promo-codes.deleteOffContent' : 'resources.promo-codes.deleteContent'}
        translateOptions={{ sign: code.RebateCodeSign }}
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
