import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, CardContent } from '@mui/material';
import { AutocompleteInput, Form, Loading, SaveButton, SelectInput, TextInput, email, maxLength, required, useTranslate } from 'react-admin';
import type { SystemSettings } from '../../../schema/systemSettings';
import type { Currency } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import { useCan } from '../../auth/roles';
import { apiErrorInfo, useApi } from '../../common/api';
import { useSubmit } from '../useSubmit';
import { FormActions, FormGrid, FormSection, NarrowPage, PageHeading } from '../../common/PageHeading';

const KEY = ['systemSettings'] as const;
const FIELDS = ['TimeZone', 'CurrencyId', 'DateFormat', 'NumberFormat', 'CustomerLanguage', 'MailSenderName', 'MailReplyTo', 'SmsSender'] as const;
const DATE_FORMATS = ['yyyy-MM-dd', 'dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy'];
const NUMBER_FORMATS = [
  { id: 'space-comma', name: '1 234,50' },
  { id: 'dot-comma', name: '1.234,50' },
  { id: 'comma-dot', name: '1,234.50' },
];
const LANGUAGES = ['sv', 'en', 'fi', 'no'];

/** Every IANA zone the browser knows (with the saved one, should the browser not know it). */
function zones(saved: string | undefined): { id: string; name: string }[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const list = saved && !all.includes(saved) ? [saved, ...all] : all;
  return list.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }));
}

const SMS_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 .&-]{1,11}$|^\+?[0-9]{6,15}$/;

/**
 * /system-settings: the company's time zone and currency (the company's own, which every screen and
 * the API read), how dates and numbers are written, the language customers get, and who mails and
 * texts them. One screen, one call (GET, PUT /settings/system).
 */
export default function SystemSettingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canWrite = useCan('settings', 'write');
  const { data, isPending, error } = useQuery({ queryKey: KEY, queryFn: () => api.call<SystemSettings>('GET', '/settings/system') });
  const currencies = useQuery({ queryKey: ['currencies', 'active'], queryFn: () => api.call<QueryResponse<Currency>>('GET', '/currencies', { query: { Active: true } }) });
  const zoneChoices = useMemo(() => zones(data?.TimeZone), [data?.TimeZone]);

  const save = useSubmit(async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(FIELDS.map((k) => [k, values[k] ?? '']));
    const saved = await api.call<SystemSettings>('PUT', '/settings/system', { body });
    queryClient.setQueryData(KEY, saved);
    await queryClient.invalidateQueries({ queryKey: ['company'] });
  }, 'custom.systemSettings.saved');

  if (isPending) return <Loading />;
  const label = (key: string) => `custom.systemSettings.fields.${key}`;
  const helper = (key: string) => translate(`custom.systemSettings.help.${key}`);
  const smsSender = (value: unknown) => (typeof value === 'string' && value.trim() && !SMS_SENDER.test(value.trim()) ? 'custom.systemSettings.smsSenderInvalid' : undefined);
  return (
    <NarrowPage>
      <PageHeading title="custom.systemSettings.title" subtitle={translate('custom.systemSettings.intro')} />
      {error && <Alert severity="error">{apiErrorInfo(error).message}</Alert>}
      {data && (
        <Card>
          <CardContent>
            <Form record={data} onSubmit={save} disabled={!canWrite}>
              <FormGrid>
                <FormSection title="custom.systemSettings.sections.region" />
                <AutocompleteInput source="TimeZone" label={label('TimeZone')} choices={zoneChoices} validate={required()} helperText={helper('TimeZone')} disableClearable />
                <SelectInput
                  source="CurrencyId"
                  label={label('CurrencyId')}
                  validate={required()}
                  choices={(currencies.data?.Results ?? [{ Id: data.CurrencyId, Name: data.CurrencyId }]).map((c) => ({ id: c.Id, name: `${c.Name} (${c.Id})` }))}
                  translateChoice={false}
                  helperText={helper('CurrencyId')}
                />
                <SelectInput source="DateFormat" label={label('DateFormat')} validate={required()} choices={DATE_FORMATS.map((f) => ({ id: f, name: f }))} translateChoice={false} helperText={helper('DateFormat')} />
                <SelectInput source="NumberFormat" label={label('NumberFormat')} validate={required()} choices={NUMBER_FORMATS} translateChoice={false} helperText={helper('NumberFormat')} />
                <SelectInput
                  source="CustomerLanguage"
                  label={label('CustomerLanguage')}
                  validate={required()}
                  choices={LANGUAGES.map((l) => ({ id: l, name: `custom.systemSettings.languages.${l}` }))}
                  helperText={helper('CustomerLanguage')}
                />
                <FormSection title="custom.systemSettings.sections.senders" />
                <TextInput source="MailSenderName" label={label('MailSenderName')} validate={maxLength(100)} helperText={helper('MailSenderName')} />
                <TextInput source="MailReplyTo" label={label('MailReplyTo')} type="email" validate={[email(), maxLength(254)]} helperText={helper('MailReplyTo')} />
                <TextInput source="SmsSender" label={label('SmsSender')} validate={[smsSender, maxLength(16)]} helperText={helper('SmsSender')} />
              </FormGrid>
              {canWrite && (
                <FormActions>
                  <SaveButton alwaysEnable />
                </FormActions>
              )}
            </Form>
          </CardContent>
        </Card>
      )}
    </NarrowPage>
  );
}
