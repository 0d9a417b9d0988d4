import { useCallback, useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Confirm, DataTable, ListContextProvider, Title, useList, useLocale, useNotify, useTranslate, type HttpError } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import { useCan } from '../../auth/roles';
import { formatWireDate } from '../../i18n/format';
import type { QueryResponse } from '../../../schema/common';
import type { Customer } from '../../../schema/customers';
import { useApi } from '../../common/api';
import type { WireRecord } from '../../engine/types';
import { MAX_TAKE } from '../../common/constants';
import { usePhoneDisplay } from '../../common/usePhoneDisplay';

type CustomerRecord = WireRecord<Customer>;
const Col = DataTable.Col<CustomerRecord>;

/** /customers/inactive: customers with no recent activity, and deleting them all (GDPR). */
export function InactiveCustomers() {
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const locale = useLocale();
  const phone = usePhoneDisplay();
  const [records, setRecords] = useState<CustomerRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [confirming, setConfirming] = useState(false);

  const failed = useCallback(
    (e: unknown) => {
      const status = (e as HttpError)?.status;
      notify(status === 500 ? 'resources.customers.inactive.deleteError' : (e as Error)?.message || 'ra.notification.http_error', { type: 'error' });
      setRecords([]);
    },
    [notify],
  );

  const load = useCallback(() => {
    setLoading(true);
    api
      .call<QueryResponse<Customer>>('GET', '/gdpr/customers/inactive', { query: { Take: MAX_TAKE } })
      .then((a) => setRecords(a.Results.map((c) => ({ ...c, id: c.Id }))))
      .catch(failed)
      .finally(() => setLoading(false));
  }, [api, failed]);
  useEffect(load, [load]);

  const deleteAll = async () => {
    setConfirming(false);
    try {
      await api.call('DELETE', '/gdpr/customers/inactive');
      notify('resources.customers.inactive.deleted', { type: 'success' });
      load();
    } catch (e) {
      failed(e);
    }
  };

  // Deleting customers' data cannot be undone: Administrators only, as erasing one (issue 36).
  const mayErase = useCan('gdpr', 'write');
  const list = useList<CustomerRecord>({ data: records, isPending: loading, perPage: 25, sort: { field: 'LastActivity', order: 'ASC' } });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.customers.inactive.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6">{translate('resources.customers.inactive.title')}</Typography>
        {mayErase && (
          <ActionButton label="resources.customers.inactive.deleteAll" color="error" disabled={!records.length} onClick={() => setConfirming(true)}>
            <DeleteSweepIcon />
          </ActionButton>
        )}
      </Box>
      <ListContextProvider value={list}>
        {/* A phone scrolls the table, never the page. */}
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable resource="customers" rowClick={false} bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.customers.inactive.none')}</Typography>}>
            <Col source="Firstname" />
            <Col source="Lastname" />
            <Col source="Email" />
            <Col source="Phone" render={(c) => phone(c.Phone)} />
            <Col source="LastActivity" render={(c) => (c.LastActivity ? formatWireDate(c.LastActivity, locale) : '')} />
          </DataTable>
        </Box>
      </ListContextProvider>
      <Confirm
        isOpen={confirming}
        title="resources.customers.inactive.deleteAll"
        content="resources.customers.inactive.confirm"
        onConfirm={deleteAll}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
