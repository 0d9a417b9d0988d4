import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Stack } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { MessageSettings } from '../../../schema/messages';
import { apiErrorInfo, useApi } from '../../common/api';
import { StateField } from '../../common/inputs/StateField';

/** How many hours before a booking its reminder goes out (GET, PUT /messages/settings). */
export function ReminderSetting() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useQuery({ queryKey: ['messages', 'settings'], queryFn: () => api.call<MessageSettings>('GET', '/messages/settings') });
  const [hours, setHours] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (data) setHours(String(data.ReminderHoursBefore));
  }, [data]);
  const save = async () => {
    const value = Number(hours);
    if (!Number.isInteger(value) || value < 1 || value > 720) {
      setError(translate('messages.reminder.range'));
      return;
    }
    setError('');
    try {
      await api.call('PUT', '/messages/settings', { body: { ReminderHoursBefore: value } });
      notify('messages.reminder.saved', { type: 'success' });
    } catch (err) {
      notify(apiErrorInfo(err).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <StateField type="number" label="messages.reminder.hours" value={hours} onValue={setHours} error={!!error} helperText={error || translate('messages.reminder.help')} sx={{ width: 220 }} />
      <Button variant="outlined" onClick={() => void save()}>
        {translate('messages.reminder.save')}
      </Button>
    </Stack>
  );
}
