import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack } from '@mui/material';
import { BooleanInput, Form, Loading, SaveButton, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { WebhookSettings } from '../../../schema/webhooks';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, isLicenseLimit, useApi } from '../../common/api';

export const SETTINGS_KEY = ['webhooks', 'settings'] as const;

/** The general tab: Enabled, save, cancel to /dashboard; leaving with unsaved changes asks first. */
export function GeneralTab() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const [limit, setLimit] = useState<string | null>(null);
  const { data, isPending, error } = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.call<WebhookSettings>('GET', '/webhook/settings') });

  const save = async (values: Record<string, unknown>) => {
    setLimit(null);
    try {
      const saved = await api.call<WebhookSettings>('PUT', '/webhook/settings', { body: { Enabled: Boolean(values.Enabled) } });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notify('custom.webhooks.saved', { type: 'success' });
      return undefined;
    } catch (e) {
      const info = apiErrorInfo(e);
      if (isLicenseLimit(info.status)) setLimit(info.message);
      else notify(info.message || 'custom.common.unknownError', { type: 'error' });
      return info.fieldErrors;
    }
  };

  if (isPending) return <Loading />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate('custom.webhooks.info')}</Alert>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Form record={data} onSubmit={save} disabled={!canWrite} warnWhenUnsavedChanges>
          <BooleanInput source="Enabled" label="custom.webhooks.fields.Enabled" />
          {limit !== null && (
            <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
              {translate('custom.webhooks.limit')}
              {limit ? ` ${limit}` : ''}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            {canWrite && <SaveButton />}
            <Button component={Link} to="/dashboard">
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
