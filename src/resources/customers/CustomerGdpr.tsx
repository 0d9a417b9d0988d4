import { Box, Button, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Customer, GdprCustomerExport } from '../../../schema/customers';
import { useApi } from '../../common/api';
import type { WireRecord } from '../../engine/types';

/** Saves a value as a pretty-printed JSON file in the browser's downloads. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/** GDPR: download everything stored about the customer (GET /gdpr/customers/{id}) as a JSON file. */
export function CustomerGdpr() {
  const customer = useRecordContext<WireRecord<Customer>>();
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  if (!customer) return null;
  const download = async () => {
    try {
      const data = await api.call<GdprCustomerExport>('GET', `/gdpr/customers/${customer.Id}`);
      downloadJson(`customer-${customer.Id}.json`, data);
    } catch (e) {
      notify(e instanceof Error && e.message ? e.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{translate('resources.customers.gdpr.info')}</Typography>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
        {translate('resources.customers.gdpr.download')}
      </Button>
    </Box>
  );
}
