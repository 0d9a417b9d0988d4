import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, Stack } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import DeleteIcon from '@mui/icons-material/Delete';
import KeyIcon from '@mui/icons-material/Key';
import { BooleanInput, CheckboxGroupInput, Confirm, Form, Loading, SaveButton, TextInput, maxLength, required, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { WebhookEndpoint, WebhookEndpointInput, WebhookEndpointList, WebhookEndpointWithSecret, WebhookEventTypeList } from '../../../schema/webhooks';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { ENDPOINTS_KEY } from './EndpointsTab';
import { SecretNotice } from './SecretNotice';
import { ReplayCard } from './ReplayCard';

const EMPTY: Partial<WebhookEndpoint> = { Url: '', Description: '', EventTypes: [], Disabled: false };

/** /webhooks/endpoint/new and /webhooks/endpoint/{id}: URL, description, event types; the secret once; test event; delete. */
export default function EndpointPage() {
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const location = useLocation();
  const carried = (location.state as { secret?: string } | null)?.secret ?? null;
  const [secret, setSecret] = useState<string | null>(carried);
  // The secret came from the create call: shown now, then dropped from the history entry so a reload cannot show it again.
  useEffect(() => {
    if (carried) navigate(location.pathname, { replace: true, state: null });
  }, [carried, location.pathname, navigate]);
  const [limit, setLimit] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const types = useQuery({ queryKey: ['webhooks', 'eventtypes'], queryFn: () => api.call<WebhookEventTypeList>('GET', '/webhook/eventtypes') });
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: () => api.call<WebhookEndpointList>('GET', '/webhook/endpoints'), enabled: id !== null });
  const record = id === null ? EMPTY : endpoints.data?.Endpoints.find((e) => e.Id === id);

  const failed = (e: unknown) => {
    const info = apiErrorInfo(e);
    if (isLicenseLimit(info.status)) setLimit(info.message);
    else notify(info.message || 'custom.common.unknownError', { type: 'error' });
    return info.fieldErrors;
  };

  const save = async (values: Record<string, unknown>, rotate = false) => {
    setLimit(null);
    const body: WebhookEndpointInput = {
      Url: String(values.Url ?? ''),
      Description: String(values.Description ?? ''),
      EventTypes: (values.EventTypes as string[] | undefined) ?? [],
      Disabled: Boolean(values.Disabled),
      ...(rotate ? { RotateSecret: true } : {}),
    };
    try {
      const saved = await api.call<WebhookEndpointWithSecret>(id === null ? 'POST' : 'PUT', id === null ? '/webhook/endpoints' : `/webhook/endpoints/${id}`, { body });
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      notify('custom.webhooks.endpointSaved', { type: 'success' });
      if (saved.Secret) setSecret(saved.Secret);
      if (id === null) navigate(`/webhooks/endpoint/${saved.Id}`, { replace: true, state: { secret: saved.Secret } });
      return undefined;
    } catch (e) {
      return failed(e);
    }
  };

  // A new secret changes nothing else: the endpoint as it is now on the server goes with it, not the
  // copy this page loaded (another administrator may have changed it since) nor unsaved edits.
  const rotate = async () => {
    try {
      const now = await api.call<WebhookEndpointList>('GET', '/webhook/endpoints');
      const current = now.Endpoints.find((e) => e.Id === id);
      if (!current) throw new Error(translate('custom.webhooks.notFound'));
      await save(current as unknown as Record<string, unknown>, true);
    } catch (e) {
      failed(e);
    }
  };

  const sendTest = async () => {
    try {
      await api.call('POST', `/webhook/endpoints/${id}/test`);
      notify('custom.webhooks.testSent', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['webhooks', 'messages'] });
    } catch (e) {
      failed(e);
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await api.call('DELETE', `/webhook/endpoints/${id}`);
      await queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
      notify('custom.webhooks.endpointDeleted', { type: 'success' });
      navigate('/webhook-settings#endpoints');
    } catch (e) {
      failed(e);
    }
  };

  const title = id === null ? 'custom.webhooks.newEndpoint' : 'custom.webhooks.editEndpoint';
  if (types.isPending || (id !== null && endpoints.isPending)) return <Loading />;
  return (
    <NarrowPage>
      <PageHeading title={title} />
      <Stack spacing={2}>
        {secret && <SecretNotice secret={secret} />}
        {(types.error || endpoints.error) && <Alert severity="error">{apiErrorInfo(types.error ?? endpoints.error).message}</Alert>}
        {id !== null && !endpoints.isPending && !record && <Alert severity="error">{translate('custom.webhooks.notFound')}</Alert>}
        {record && (
          <Card>
            <CardContent>
              <Form key={record.Id ?? 'new'} record={record} onSubmit={(v: Record<string, unknown>) => save(v)} disabled={!canWrite} warnWhenUnsavedChanges>
                <TextInput source="Url" label="custom.webhooks.fields.Url" validate={[required(), maxLength(2000)]} helperText="custom.webhooks.help.Url" fullWidth />
                <TextInput source="Description" label="custom.webhooks.fields.Description" validate={maxLength(500)} fullWidth />
                <CheckboxGroupInput
                  source="EventTypes"
                  label="custom.webhooks.fields.EventTypes"
                  validate={required()}
                  choices={(types.data?.Data ?? []).map((t) => ({ id: t.Name, name: `${t.Description} (${t.Name})` }))}
                  translateChoice={false}
                  row={false}
                />
                <BooleanInput source="Disabled" label="custom.webhooks.fields.Disabled" />
                {limit !== null && (
                  <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
                    {translate('custom.webhooks.limit')}
                    {limit ? ` ${limit}` : ''}
                  </Alert>
                )}
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {canWrite && <SaveButton />}
                  <Button component={Link} to="/webhook-settings#endpoints">
                    {translate('ra.action.cancel')}
                  </Button>
                  {canWrite && id !== null && (
                    <>
                      <Button startIcon={<SendIcon />} onClick={() => void sendTest()}>
                        {translate('custom.webhooks.sendTest')}
                      </Button>
                      <Button startIcon={<KeyIcon />} onClick={() => void rotate()}>
                        {translate('custom.webhooks.rotateSecret')}
                      </Button>
                      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
                        {translate('ra.action.delete')}
                      </Button>
                    </>
                  )}
                </Stack>
              </Form>
            </CardContent>
          </Card>
        )}
        {record && canWrite && id !== null && <ReplayCard endpointId={id} />}
      </Stack>
      <Confirm isOpen={confirming} title="custom.webhooks.deleteTitle" content="custom.webhooks.deleteConfirm" onConfirm={() => void remove()} onClose={() => setConfirming(false)} />
    </NarrowPage>
  );
}
