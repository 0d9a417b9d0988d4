import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { Customer, GdprCustomerExport, GdprErasureResult } from '../../../schema/customers';
import { apiErrorInfo, useApi } from '../../common/api';
import { saveBlob } from '../../common/saveBlob';
import { useCan } from '../../auth/roles';
import type { WireRecord } from '../../engine/types';
import { formatWireDate } from '../../i18n/format';

/** Saves a value as a pretty-printed JSON file in the browser's downloads. */
export function downloadJson(fileName: string, value: unknown): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

const nameOf = (c: Pick<Customer, 'Firstname' | 'Lastname'>) => `${c.Firstname} ${c.Lastname}`.trim();
const sameName = (typed: string, name: string) => typed.trim().replace(/\s+/g, ' ').toLocaleLowerCase() === name.toLocaleLowerCase();

/**
 * Erasure asks twice, naming the customer: first what will happen (it cannot be undone), then the
 * customer's name typed to confirm; only then DELETE /gdpr/customers/{Id}.
 */
function EraseDialog({ customer, onClose }: { customer: WireRecord<Customer>; onClose: () => void }) {
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const titleId = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const name = nameOf(customer);
  const erase = async () => {
    setBusy(true);
    setError('');
    try {
      await api.call<GdprErasureResult>('DELETE', `/gdpr/customers/${customer.Id}`);
      notify('resources.customers.gdpr.erased', { type: 'success', messageArgs: { name } });
      onClose();
      refresh();
    } catch (e) {
      setError(apiErrorInfo(e).message || translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate('resources.customers.gdpr.eraseTitle', { name })}</DialogTitle>
      <DialogContent>
        {step === 1 ? (
          <>
            <DialogContentText sx={{ mb: 1 }}>{translate('resources.customers.gdpr.eraseWhat', { name })}</DialogContentText>
            <DialogContentText sx={{ fontWeight: 'bold' }}>{translate('resources.customers.gdpr.eraseCannotUndo')}</DialogContentText>
          </>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{translate('resources.customers.gdpr.eraseType', { name })}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label={translate('resources.customers.gdpr.eraseNameLabel')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
            />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {step === 1 ? (
          <Button color="error" variant="contained" onClick={() => setStep(2)}>
            {translate('resources.customers.gdpr.eraseContinue')}
          </Button>
        ) : (
          <Button color="error" variant="contained" disabled={busy || !sameName(typed, name)} onClick={() => void erase()}>
            {translate('resources.customers.gdpr.eraseConfirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * GDPR (Articles 15, 17 and 20): everything stored about the customer as JSON (GET
 * /gdpr/customers/{id}) or as a readable PDF (…/pdf), and, for Administrators, erasure.
 */
export function CustomerGdpr() {
  const customer = useRecordContext<WireRecord<Customer>>();
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const mayErase = useCan('gdpr', 'write');
  const [erasing, setErasing] = useState(false);
  if (!customer) return null;
  const failed = (e: unknown) => notify(apiErrorInfo(e).message || 'ra.notification.http_error', { type: 'error' });
  const downloadData = async () => {
    try {
      downloadJson(`customer-${customer.Id}.json`, await api.call<GdprCustomerExport>('GET', `/gdpr/customers/${customer.Id}`));
    } catch (e) {
      failed(e);
    }
  };
  const downloadPdf = async () => {
    try {
      saveBlob(await api.download(`/gdpr/customers/${customer.Id}/pdf`), `customer-${customer.Id}.pdf`);
    } catch (e) {
      failed(e);
    }
  };
  return (
    <Box sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{translate('resources.customers.gdpr.info')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadData()}>
          {translate('resources.customers.gdpr.download')}
        </Button>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} onClick={() => void downloadPdf()}>
          {translate('resources.customers.gdpr.downloadPdf')}
        </Button>
      </Stack>
      {mayErase && (
        <Box component="section" aria-labelledby="gdpr-erase-heading" sx={{ mt: 4 }}>
          <Typography id="gdpr-erase-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
            {translate('resources.customers.gdpr.eraseHeading')}
          </Typography>
          {customer.Erased ? (
            // Erased already: nothing is left to erase (the server would refuse a second time).
            <Typography>{translate('resources.customers.gdpr.erasedOn', { date: formatWireDate(customer.Erased.slice(0, 10), locale) })}</Typography>
          ) : (
            <>
              <Typography sx={{ mb: 2 }}>{translate('resources.customers.gdpr.eraseInfo')}</Typography>
              <Button variant="outlined" color="error" startIcon={<PersonRemoveIcon />} onClick={() => setErasing(true)}>
                {translate('resources.customers.gdpr.erase')}
              </Button>
            </>
          )}
        </Box>
      )}
      {erasing && <EraseDialog customer={customer} onClose={() => setErasing(false)} />}
    </Box>
  );
}
