import { useState } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import PreviewIcon from '@mui/icons-material/Preview';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { MessageTemplateTest, RenderedMessage } from '../../../schema/messages';
import { apiErrorInfo, useApi } from '../../common/api';
import { HtmlView } from './HtmlView';
import { EMAIL } from './api';
import { ReadOnlyDialog } from '../../common/ReadOnlyDialog';

/** Preview with a real booking (the one named, else the latest) and a test send that needs a receiver. */
export function PreviewAndTest() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues } = useFormContext();
  const [bookingId, setBookingId] = useState('');
  const [receiver, setReceiver] = useState('');
  const [receiverError, setReceiverError] = useState('');
  const [preview, setPreview] = useState<RenderedMessage | null>(null);
  const [previewError, setPreviewError] = useState('');
  const body = (): MessageTemplateTest => {
    const v = getValues();
    return { TypeId: v.TypeId, SendMethodId: v.SendMethodId, Subject: v.Subject ?? '', Body: v.Body ?? '', BookingId: bookingId ? Number(bookingId) : undefined };
  };
  const showPreview = async () => {
    setPreviewError('');
    try {
      setPreview(await api.call<RenderedMessage>('POST', '/messages/templates/preview', { body: body() }));
    } catch (err) {
      setPreviewError(apiErrorInfo(err).message);
    }
  };
  const sendTest = async () => {
    if (!receiver.trim()) {
      setReceiverError(translate('messages.test.receiverRequired'));
      return;
    }
    setReceiverError('');
    try {
      await api.call('POST', '/messages/templates/test', { body: { ...body(), Receiver: receiver.trim() } });
      notify('messages.test.sent', { type: 'success', messageArgs: { receiver: receiver.trim() } });
    } catch (err) {
      const info = apiErrorInfo(err);
      setReceiverError(info.fieldErrors.Receiver ?? '');
      notify(info.message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  const method = getValues('SendMethodId');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="h6" component="h3">
        {translate('messages.test.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField size="small" type="number" label={translate('messages.test.bookingId')} helperText={translate('messages.test.bookingHelp')} value={bookingId} onChange={(e) => setBookingId(e.target.value)} />
        <Button variant="outlined" startIcon={<PreviewIcon />} onClick={() => void showPreview()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('messages.test.preview')}
        </Button>
      </Stack>
      {previewError && <Alert severity="error">{previewError}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={translate(method === EMAIL ? 'messages.test.receiverEmail' : 'messages.test.receiverPhone')}
          value={receiver}
          onChange={(e) => setReceiver(e.target.value)}
          error={!!receiverError}
          helperText={receiverError || ' '}
          slotProps={{ htmlInput: { 'data-testid': 'test-receiver' } }}
        />
        <Button variant="outlined" startIcon={<SendIcon />} onClick={() => void sendTest()} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate('messages.test.send')}
        </Button>
      </Stack>
      {preview && (
        <ReadOnlyDialog title={preview.Subject || translate('messages.test.preview')} onClose={() => setPreview(null)}>
          {preview.BookingId === null && <Alert severity="info">{translate('messages.test.sample')}</Alert>}
          {method === EMAIL ? <HtmlView html={preview.Body} title={translate('messages.test.preview')} /> : <Typography sx={{ whiteSpace: 'pre-wrap' }}>{preview.Body}</Typography>}
        </ReadOnlyDialog>
      )}
    </Stack>
  );
}
