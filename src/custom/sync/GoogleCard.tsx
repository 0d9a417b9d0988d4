import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { GoogleCalendarConnect, GoogleCalendarSync } from '../../../schema/sync';
import { apiErrorInfo, useApi } from '../../common/api';
import { GoogleChoices } from './GoogleChoices';

const GOOGLE_KEY = ['sync', 'google'] as const;

/** Google Calendar: connect (Google's consent page, then back to /sync), the calendar, what Google last refused, disconnect. */
export function GoogleCard() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const google = useQuery({
    queryKey: GOOGLE_KEY,
    queryFn: async () => {
      try {
        return await api.call<GoogleCalendarSync>('GET', '/sync/googlecalendar');
      } catch (e) {
        // A 404 means not connected (spec: "a 404 on read means not connected").
        if (apiErrorInfo(e).status === 404) return null;
        throw e;
      }
    },
    // While busy times are read again after a choice, ask again until they are.
    refetchInterval: (query) => (query.state.data?.BusyPending ? 2000 : false),
  });

  const connect = async () => {
    setBusy(true);
    try {
      const { Url } = await api.call<GoogleCalendarConnect>('POST', '/sync/googlecalendar', { body: {} });
      window.location.assign(Url);
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
      setBusy(false);
    }
  };

  const disconnect = async () => {
    setBusy(true);
    try {
      await api.call('DELETE', '/sync/googlecalendar');
      queryClient.setQueryData(GOOGLE_KEY, null);
      notify('custom.sync.google.disconnected', { type: 'success' });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const data = google.data;
  return (
    <Card component="section" aria-label={translate('custom.sync.google.title')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('custom.sync.google.title')}
        </Typography>
        {google.isPending ? (
          <Loading />
        ) : google.error ? (
          <Alert severity="error">{apiErrorInfo(google.error).message}</Alert>
        ) : data ? (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Alert severity={data.State === 'connected' ? 'success' : 'warning'}>
              {translate(data.State === 'connected' ? 'custom.sync.google.connected' : 'custom.sync.google.expired')}
            </Alert>
            {data.LastError && <Alert severity="warning">{data.LastError}</Alert>}
            {data.State === 'connected' && <GoogleChoices data={data} queryKey={GOOGLE_KEY} />}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {data.State === 'expired' && (
                <Button variant="contained" disabled={busy} onClick={() => void connect()}>
                  {translate('custom.sync.google.connect')}
                </Button>
              )}
              <Button color="error" disabled={busy} onClick={() => void disconnect()}>
                {translate('custom.sync.google.disconnect')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
            <Typography variant="body2">{translate('custom.sync.google.info')}</Typography>
            <Button variant="contained" disabled={busy} onClick={() => void connect()}>
              {translate('custom.sync.google.connect')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
