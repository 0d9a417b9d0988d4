import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/PictureAsPdf';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { ActionButton } from '../../common/ActionButton';
import type { RebateCode, RebateCodeReportSent } from '../../../schema/rebatecodes';
import type { BookingDataProvider } from '../../dataProvider/types';
import { useApi } from '../../common/api';
import { saveBlob } from '../../common/saveBlob';
import type { WireRecord } from '../../engine/types';

/**
 * The data provider's file download (a PDF as a Blob, with the same headers and errors as `call`).
 * @example
 * const download = useDownload();
 * saveBlob(await download('/rebatecodes/7/reports', { query: { SendReceiptMethod: 2 } }), 'report.pdf');
 */
export function useDownload(): BookingDataProvider['download'] {
  const dataProvider = useDataProvider<BookingDataProvider>();
  return (path, options) => dataProvider.download(path, options);
}

/**
 * Send the code's report by e-mail (SendReceiptMethod 1; a failure shows the status text) or download
 * it as a PDF (SendReceiptMethod 2; a failure shows an error notification with the message).
 */
export function ReportButtons() {
  const code = useRecordContext<WireRecord<RebateCode>>();
  const api = useApi();
  const download = useDownload();
  const notify = useNotify();
  const translate = useTranslate();
  const [sending, setSending] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  if (!code) return null;

  const downloadPdf = async () => {
    setBusy(true);
    try {
      saveBlob(await download(`/rebatecodes/${code.Id}/reports`, { query: { SendReceiptMethod: 2 } }), `rebatecode-${code.RebateCodeSign}.pdf`);
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setBusy(true);
    try {
      const sent = await api.call<RebateCodeReportSent>('GET', `/rebatecodes/${code.Id}/reports`, {
        query: { SendReceiptMethod: 1, Email: email.trim() || undefined },
      });
      notify('resources.promo-codes.report.sent', { type: 'success', messageArgs: { email: sent.Email } });
      setSending(false);
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'warning' });
    } finally {
      setBusy(false);
    }
  };
  const open = () => {
    setEmail(code.Customers.find((c) => c.Email)?.Email ?? '');
    setSending(true);
  };
  return (
    <>
      <ActionButton label="resources.promo-codes.report.download" onClick={downloadPdf} disabled={busy}>
        <DownloadIcon />
      </ActionButton>
      <ActionButton label="resources.promo-codes.report.send" onClick={open} disabled={busy}>
        <SendIcon />
      </ActionButton>
      <Dialog open={sending} onClose={() => setSending(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('resources.promo-codes.report.sendTitle', { sign: code.RebateCodeSign })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            type="email"
            margin="dense"
            label={translate('resources.promo-codes.report.email')}
            helperText={translate('resources.promo-codes.report.emailHelp')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <ActionButton label="ra.action.cancel" onClick={() => setSending(false)} />
          <ActionButton label="resources.promo-codes.report.send" variant="contained" onClick={send} disabled={busy}>
            <SendIcon />
          </ActionButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
