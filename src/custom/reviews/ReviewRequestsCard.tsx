import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { MessageSettings } from '../../../schema/messages';
import { apiErrorInfo, useApi } from '../../common/api';

const KEY = ['messages', 'settings'];

/**
 * Whether customers are asked for a review after their visit (message type 9, off by default) and how
 * many hours after the booking's end: GET, PUT /messages/settings. The wording of the request is the
 * "Review request" template under message templates.
 */
export function ReviewRequestsCard() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => api.call<MessageSettings>('GET', '/messages/settings') });
  const [on, setOn] = useState(false);
  const [hours, setHours] = useState('2');
  const [error, setError] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setOn(settings.data.ReviewRequests ?? false);
    setHours(String(settings.data.ReviewHoursAfter ?? 2));
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      api.call<MessageSettings>('PUT', '/messages/settings', { body: { ReminderHoursBefore: settings.data?.ReminderHoursBefore ?? 24, ReviewRequests: on, ReviewHoursAfter: Number(hours) } }),
    onSuccess: (saved) => {
      setError('');
      client.setQueryData(KEY, saved);
      notify('custom.reviews.requests.saved', { type: 'success' });
    },
    onError: (e) => {
      const info = apiErrorInfo(e);
      setError(info.fieldErrors.ReviewHoursAfter ?? info.message);
    },
  });
  if (!settings.data) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="review-requests-heading" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="review-requests-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
          {translate('custom.reviews.requests.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('custom.reviews.requests.info')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel control={<Switch checked={on} onChange={(e) => setOn(e.target.checked)} />} label={translate('custom.reviews.requests.on')} />
          <TextField
            size="small"
            type="number"
            label={translate('custom.reviews.requests.hoursAfter')}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: 720, step: 1 } }}
            error={Boolean(error)}
            sx={{ maxWidth: 220 }}
          />
          <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
            {translate('ra.action.save')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
