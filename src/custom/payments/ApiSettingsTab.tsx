import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Stack } from '@mui/material';
import { BooleanInput, Form, Loading, PasswordInput, SaveButton, TextInput, maxLength, required, useNotify, useTranslate } from 'react-admin';
import type { PaymentApiSettings, PaymentApiTestResult } from '../../../schema/payments';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';

/** Payson's or Billmate's tab: merchant id, the secret (never shown; empty keeps it), test mode, save and test. */
export function ApiSettingsTab({ provider }: { provider: 'payson' | 'billmate' }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const key = ['payments', provider] as const;
  const path = `/payment/${provider}/apisettings`;
  const [result, setResult] = useState<PaymentApiTestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const { data, isPending, error } = useQuery({ queryKey: key, queryFn: () => api.call<PaymentApiSettings>('GET', path) });

  const save = async (values: Record<string, unknown>) => {
    setResult(null);
    const secret = String(values.Secret ?? '');
    try {
      const saved = await api.call<PaymentApiSettings>(data?.HasSecret ? 'PUT' : 'POST', path, {
        body: { MerchantId: String(values.MerchantId ?? ''), TestMode: Boolean(values.TestMode), ...(secret ? { Secret: secret } : {}) },
      });
      queryClient.setQueryData(key, saved);
      notify('custom.payments.saved', { type: 'success' });
      return undefined;
    } catch (e) {
      const info = apiErrorInfo(e);
      notify(info.message || 'custom.common.unknownError', { type: 'error' });
      return info.fieldErrors;
    }
  };

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await api.call<PaymentApiTestResult>('POST', `${path}/test`));
    } catch (e) {
      setResult({ Success: false, Message: apiErrorInfo(e).message });
    } finally {
      setTesting(false);
    }
  };

  if (isPending) return <Loading />;
  const f = (name: string) => `custom.payments.api.${provider}.${name}`;
  return (
    <Stack spacing={2}>
      <Alert severity="info">{translate(f('info'))}</Alert>
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Form record={{ ...data, Secret: '' }} onSubmit={save} disabled={!canWrite}>
          <TextInput source="MerchantId" label={f('MerchantId')} validate={[required(), maxLength(100)]} autoComplete="off" />
          <PasswordInput
            source="Secret"
            label={f('Secret')}
            autoComplete="new-password"
            validate={data.HasSecret ? maxLength(500) : [required(), maxLength(500)]}
            helperText={data.HasSecret ? 'custom.payments.api.secretStored' : false}
          />
          <BooleanInput source="TestMode" label="custom.payments.api.TestMode" />
          {result && (
            <Alert severity={result.Success ? 'success' : 'error'} role="alert" sx={{ mb: 2 }}>
              {translate(result.Success ? 'custom.payments.api.testOk' : 'custom.payments.api.testFailed')}
              {result.Message ? ` ${result.Message}` : ''}
            </Alert>
          )}
          <Stack direction="row" spacing={1}>
            {canWrite && <SaveButton />}
            {canWrite && (
              <Button variant="outlined" disabled={!data.HasSecret || testing} onClick={() => void test()}>
                {translate('custom.payments.api.test')}
              </Button>
            )}
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
