import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { LicenseAwaitingCard } from '../../../schema/licenses';
import { apiErrorInfo } from '../../common/api';

export interface AwaitingCardNoticeProps {
  awaiting: LicenseAwaitingCard;
  /** Gives the choice up (DELETE /licenses/company/awaitingcard). */
  drop: () => Promise<void>;
  /** Offers to go on to the card page (not on the card page itself). */
  offerRegister?: boolean;
  /** Where to go once the choice is given up; default: stay. */
  afterDrop?: string;
}

/**
 * A license chosen with card payment waits for the card: says what takes effect when and what holds
 * until then, and offers to register the card or to keep the plan held (start over).
 */
export function AwaitingCardNotice({ awaiting, drop, offerRegister = false, afterDrop }: AwaitingCardNoticeProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const names = { name: awaiting.TypeName, current: awaiting.CurrentTypeName };
  const keep = async () => {
    setBusy(true);
    try {
      await drop();
      notify('licenses.card.kept', { type: 'info', messageArgs: names });
      if (afterDrop) navigate(afterDrop);
    } catch (failure) {
      notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert severity="info">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{translate('licenses.card.awaiting', names)}</span>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {offerRegister ? (
            <Button size="small" variant="contained" onClick={() => navigate('/billing/add-credit-card')}>
              {translate('licenses.card.register')}
            </Button>
          ) : null}
          {/* The alert's own text colour: the primary blue on the info background falls short of 4.5:1. */}
          <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => void keep()}>
            {translate('licenses.card.keep', names)}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
