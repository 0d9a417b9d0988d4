import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { MailchimpAudienceList, MailchimpProfile, MailchimpProfileInput } from '../../../schema/mailchimp';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';

export const PROFILE_KEY = ['mailchimp', 'profile'] as const;

const when = (text: string | undefined) => (text ? text.replace('T', ' ').slice(0, 16) : '');

/** /mailchimp-settings: connect the account (key and server prefix), choose the audience, sync now, and the last sync. */
export default function MailchimpSettingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState('');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const profile = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => api.call<MailchimpProfile>('GET', '/mailchimp/profile'),
    refetchInterval: (q) => (q.state.data?.LastSync?.State === 'running' ? 2000 : false),
  });
  const connected = profile.data?.Connected ?? false;
  const audiences = useQuery({ queryKey: ['mailchimp', 'audiences'], enabled: connected, queryFn: () => api.call<MailchimpAudienceList>('GET', '/mailchimp/audience/company') });

  const put = async (body: MailchimpProfileInput, done: string) => {
    setBusy(true);
    setErrors({});
    try {
      const saved = await api.call<MailchimpProfile>('PUT', '/mailchimp/profile', { body });
      queryClient.setQueryData(PROFILE_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ['mailchimp', 'audiences'] });
      setApiKey('');
      notify(done, { type: 'success' });
    } catch (e) {
      const info = apiErrorInfo(e);
      setErrors(info.fieldErrors);
      notify(info.message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const syncNow = async () => {
    setBusy(true);
    try {
      queryClient.setQueryData(PROFILE_KEY, await api.call<MailchimpProfile>('PUT', '/mailchimp/member/company/customer/sync', { body: {} }));
      notify('custom.sync.mailchimp.syncQueued', { type: 'success' });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (profile.isPending) return <Loading />;
  const data = profile.data;
  const last = data?.LastSync;
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.sync.mailchimp.title" />
      <Stack spacing={2}>
        {profile.error && <Alert severity="error">{apiErrorInfo(profile.error).message}</Alert>}
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('custom.sync.mailchimp.account')}
            </Typography>
            <Alert severity={connected ? 'success' : 'info'} sx={{ my: 1 }}>
              {connected ? translate('custom.sync.mailchimp.connected', { end: data?.ApiKeyEnd ?? '', prefix: data?.ServerPrefix ?? '' }) : translate('custom.sync.mailchimp.info')}
            </Alert>
            <Box
              component="form"
              onSubmit={(e) => {
                e.preventDefault();
                void put({ ApiKey: apiKey || undefined, ServerPrefix: prefix || undefined }, 'custom.sync.mailchimp.saved');
              }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
                <TextField
                  label={translate('custom.sync.mailchimp.apiKey')}
                  type="password"
                  autoComplete="off"
                  value={apiKey}
                  onChange={(e) => setApiKey(e.target.value)}
                  error={!!errors.ApiKey}
                  helperText={errors.ApiKey ?? (connected ? translate('custom.sync.mailchimp.keepKey') : ' ')}
                  size="small"
                  sx={{ flex: 2 }}
                />
                <TextField
                  label={translate('custom.sync.mailchimp.serverPrefix')}
                  value={prefix}
                  placeholder={data?.ServerPrefix || 'us21'}
                  onChange={(e) => setPrefix(e.target.value)}
                  error={!!errors.ServerPrefix}
                  helperText={errors.ServerPrefix ?? ' '}
                  size="small"
                  sx={{ flex: 1 }}
                />
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" disabled={busy || (!apiKey && !connected)}>
                  {translate(connected ? 'ra.action.save' : 'custom.sync.mailchimp.connect')}
                </Button>
                {connected && (
                  <Button color="error" disabled={busy} onClick={() => void put({ Disconnect: true }, 'custom.sync.mailchimp.disconnected')}>
                    {translate('custom.sync.mailchimp.disconnect')}
                  </Button>
                )}
              </Stack>
            </Box>
          </CardContent>
        </Card>
        {connected && (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('custom.sync.mailchimp.audience')}
              </Typography>
              {audiences.error && <Alert severity="error">{apiErrorInfo(audiences.error).message}</Alert>}
              <FormControl size="small" sx={{ mt: 2, minWidth: 260, maxWidth: '100%' }} error={!!errors.ListId}>
                <InputLabel id="mailchimp-audience">{translate('custom.sync.mailchimp.audience')}</InputLabel>
                <Select
                  labelId="mailchimp-audience"
                  label={translate('custom.sync.mailchimp.audience')}
                  value={data?.ListId && audiences.data ? data.ListId : ''}
                  disabled={busy || !audiences.data}
                  onChange={(e) => void put({ ListId: String(e.target.value) }, 'custom.sync.mailchimp.saved')}
                >
                  {(audiences.data?.Audiences ?? []).map((a) => (
                    <MenuItem key={a.Id} value={a.Id}>
                      {translate('custom.sync.mailchimp.audienceOption', { name: a.Name, count: a.MemberCount })}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Typography variant="body2" sx={{ mt: 2 }}>
                {translate('custom.sync.mailchimp.who', { count: data?.SubscribedCustomers ?? 0 })}
              </Typography>
              <Button sx={{ mt: 2 }} variant="contained" startIcon={<SyncIcon />} disabled={busy || !data?.ListId || last?.State === 'running'} onClick={() => void syncNow()}>
                {translate('custom.sync.mailchimp.syncNow')}
              </Button>
              <Box component="section" aria-label={translate('custom.sync.mailchimp.lastSync')} sx={{ mt: 3 }}>
                <Typography variant="subtitle1" component="h3">
                  {translate('custom.sync.mailchimp.lastSync')}
                </Typography>
                {last ? (
                  <Stack spacing={1} sx={{ mt: 1 }}>
                    <Typography variant="body2">
                      {translate(`custom.sync.mailchimp.state.${last.State}`)} · {translate(`custom.sync.mailchimp.kind.${last.Kind}`)} · {when(last.Finished ?? last.Started)}
                    </Typography>
                    <Typography variant="body2">{translate('custom.sync.mailchimp.counts', { subscribed: last.Subscribed, unsubscribed: last.Unsubscribed, errors: last.Errors })}</Typography>
                    {last.ErrorMessages.length > 0 && (
                      <Alert severity="warning">
                        <Box component="ul" sx={{ m: 0, pl: 2 }}>
                          {last.ErrorMessages.map((m) => (
                            <li key={m}>{m}</li>
                          ))}
                        </Box>
                      </Alert>
                    )}
                  </Stack>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {translate('custom.sync.mailchimp.never')}
                  </Typography>
                )}
              </Box>
            </CardContent>
          </Card>
        )}
      </Stack>
    </Box>
  );
}

MailchimpSettingsPage.path = '/mailchimp-settings';
