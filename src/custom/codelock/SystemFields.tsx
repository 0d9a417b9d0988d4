import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiErrorInfo, useApi } from '../../common/api';
import { useSubmit } from '../useSubmit';
import { SETTINGS_KEY, type CodelockSystemOption, type CodelockSystemSettings } from './types';

const when = (text: string | null | undefined) => (text ? text.replace('T', ' ').slice(0, 16) : '');

/**
 * One lock system's own fields (GET, PUT /codelock/{system}/settings): secrets are never shown, only
 * whether one is stored (left empty, the stored one is kept); Test connection asks the lock with the saved values.
 */
export function SystemFields({ system }: { system: CodelockSystemOption }) {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const url = `/codelock/${system.Key}/settings`;
  const stored = useQuery({ queryKey: ['codelock', 'system', system.Key], queryFn: () => api.call<CodelockSystemSettings>('GET', url) });
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ Ok: boolean; Message: string } | null>(null);

  useEffect(() => {
    const data = stored.data;
    if (!data) return;
    setValues(Object.fromEntries(system.Fields.filter((f) => !f.Secret).map((f) => [f.Name, data[f.Name] === null || data[f.Name] === undefined ? '' : String(data[f.Name])])));
  }, [stored.data, system]);

  const submit = useSubmit(
    (body: object) => api.call<CodelockSystemSettings>('PUT', url, { body }),
    'custom.codelock.systemSaved',
    (saved) => {
      queryClient.setQueryData(['codelock', 'system', system.Key], saved);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      // Secrets are never shown again: the typed ones leave the form once stored.
      setValues((v) => Object.fromEntries(Object.entries(v).filter(([k]) => !system.Fields.some((f) => f.Secret && f.Name === k))));
    },
  );
  const save = async () => {
    setBusy(true);
    setErrors({});
    setTest(null);
    const fieldErrors = await submit(Object.fromEntries(system.Fields.map((f) => [f.Name, f.Type === 'number' ? (values[f.Name] ? Number(values[f.Name]) : null) : (values[f.Name] ?? '')])));
    setErrors(fieldErrors ?? {});
    setBusy(false);
  };

  const testConnection = async () => {
    setBusy(true);
    try {
      setTest(await api.call<{ Ok: boolean; Message: string }>('POST', `/codelock/${system.Key}/test`, { body: {} }));
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    } catch (e) {
      setTest({ Ok: false, Message: apiErrorInfo(e).message });
    } finally {
      setBusy(false);
    }
  };

  const data = stored.data;
  const label = (name: string) => translate(`custom.codelock.fields.${name}`, { _: name });
  return (
    <Card component="section" aria-labelledby="codelock-system-heading">
      <CardContent>
        <Typography id="codelock-system-heading" variant="h6" component="h2">
          {translate('custom.codelock.systemTitle', { name: system.Name })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate(system.Credential === 'pin' ? 'custom.codelock.credentialPin' : 'custom.codelock.credentialPhone')}
          {data?.Updated ? ` ${translate('custom.codelock.savedAt', { created: when(data.Created), updated: when(data.Updated) })}` : ''}
        </Typography>
        {stored.error && <Alert severity="error">{apiErrorInfo(stored.error).message}</Alert>}
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack spacing={2}>
            {system.Fields.map((f) => {
              const isSet = f.Secret && data?.[`${f.Name}Set`] === true;
              const help = errors[f.Name] ?? (f.Secret ? translate(isSet ? 'custom.codelock.secretKept' : 'custom.codelock.secretNever') : translate(`custom.codelock.help.${f.Name}`, { _: ' ' }));
              return (
                <TextField
                  key={f.Name}
                  label={label(f.Name)}
                  type={f.Secret ? 'password' : f.Type === 'number' ? 'number' : 'text'}
                  autoComplete="off"
                  required={f.Required && !isSet}
                  value={values[f.Name] ?? ''}
                  placeholder={f.Name === 'ApiUrl' ? translate('custom.codelock.simulator') : f.Name === 'PinLength' ? '6' : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f.Name]: e.target.value }))}
                  error={!!errors[f.Name]}
                  helperText={help}
                  size="small"
                  slotProps={{ htmlInput: f.Type === 'number' ? { min: 4, max: 8 } : undefined }}
                />
              );
            })}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('custom.codelock.saveSystem')}
              </Button>
              <Button variant="outlined" disabled={busy || !data?.Updated} onClick={() => void testConnection()}>
                {translate('custom.codelock.test')}
              </Button>
            </Stack>
            {test && (
              <Alert severity={test.Ok ? 'success' : 'error'} role="status">
                {translate(test.Ok ? 'custom.codelock.testOk' : 'custom.codelock.testFailed', { message: test.Message })}
              </Alert>
            )}
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
