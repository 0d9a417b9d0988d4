import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, Loading, SaveButton, SelectArrayInput, SelectInput, TextInput, useLocale, useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import type { QueryResponse } from '../../../schema/common';
import type { MessageFieldTranslation, MessageTemplate } from '../../../schema/messages';
import { PageHeading } from '../../common/PageHeading';
import { apiErrorInfo, useApi } from '../../common/api';
import { EMAIL, LANGUAGES, SMS, useMergeFields, useMessageTypes } from './api';
import { PreviewAndTest } from './PreviewAndTest';
import { RichBody } from './RichBody';

/** Chips that append a merge field to a plain-text input (the subject, an SMS). */
function FieldChips({ source, fields }: { source: string; fields: MessageFieldTranslation[] }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mb: 2 }}>
      <Typography variant="caption" sx={{ mr: 1 }}>
        {translate('messages.editor.mergeFields')}
      </Typography>
      {fields.map((f) => (
        <Chip key={f.Id} size="small" label={f.Name} title={f.Field} onClick={() => setValue(source, `${getValues(source) ?? ''}${f.Field}`, { shouldDirty: true })} />
      ))}
    </Box>
  );
}

function TemplateInputs({ services }: { services: { Id: number; Name: string }[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const types = useMessageTypes(locale);
  const fields = useMergeFields(locale).data ?? [];
  const method = useWatch({ name: 'SendMethodId' });
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
        <SelectInput source="TypeId" label={translate('messages.type')} choices={(types.data ?? []).map((t) => ({ id: t.Id, name: t.Name }))} isLoading={types.isPending} />
        <SelectInput source="SendMethodId" label={translate('messages.method')} choices={[EMAIL, SMS].map((id) => ({ id, name: translate(`messages.methods.${id}`) }))} />
        <SelectInput source="Language" label={translate('messages.language')} choices={LANGUAGES.map((l) => ({ id: l, name: translate(`messages.languages.${l}`) }))} />
      </Stack>
      <SelectArrayInput source="Services" label={translate('messages.templates.services')} helperText={translate('messages.templates.servicesHelp')} choices={services.map((s) => ({ id: s.Id, name: s.Name }))} />
      <BooleanInput source="Active" label={translate('messages.templates.active')} />
      {method === EMAIL ? (
        <>
          <TextInput source="Subject" label={translate('messages.templates.subject')} fullWidth />
          <FieldChips source="Subject" fields={fields} />
          <RichBody source="Body" label={translate('messages.templates.body')} fields={fields} />
        </>
      ) : (
        <>
          <TextInput source="Body" label={translate('messages.templates.smsBody')} multiline minRows={4} fullWidth />
          <FieldChips source="Body" fields={fields} />
        </>
      )}
    </>
  );
}

/** /messages/templates/new and /messages/templates/{id}: one template, its preview and a test send. */
export default function TemplateEditPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const navigate = useNavigate();
  const template = useQuery({
    queryKey: ['messages', 'template', id],
    queryFn: async () => (await api.call<QueryResponse<MessageTemplate>>('GET', '/messages/templates', { query: { Id: [Number(id)] } })).Results[0] ?? null,
    enabled: !isNew,
  });
  const services = useQuery({
    queryKey: ['messages', 'services'],
    queryFn: async () => (await api.call<QueryResponse<{ Id: number; Name: string }>>('GET', '/services', { query: { Take: 1000 } })).Results,
  });
  if (!isNew && template.isPending) return <Loading />;
  if (!isNew && (template.error || !template.data)) return <Alert severity="error">{template.error ? apiErrorInfo(template.error).message : translate('messages.templates.notFound')}</Alert>;
  const record = template.data;
  const defaults = record
    ? { ...record, Services: record.Services.map((s) => s.Id) }
    : { TypeId: 1, SendMethodId: EMAIL, Language: LANGUAGES.includes(locale as never) ? locale : 'sv', Subject: '', Body: '', Active: true, Services: [] };
  const save = async (values: Record<string, unknown>) => {
    const body = { TypeId: values.TypeId, SendMethodId: values.SendMethodId, Language: values.Language, Subject: values.Subject ?? '', Body: values.Body ?? '', Active: values.Active, Services: values.Services ?? [] };
    try {
      await api.call(isNew ? 'POST' : 'PUT', isNew ? '/messages/templates' : `/messages/templates/${id}`, { body });
      notify('messages.templates.saved', { type: 'success' });
      navigate('/bookings#message-templates');
      return undefined;
    } catch (err) {
      const info = apiErrorInfo(err);
      notify(info.message || 'ra.notification.http_error', { type: 'error' });
      return info.fieldErrors;
    }
  };
  return (
    <Box>
      <PageHeading title={isNew ? 'messages.templates.new' : 'messages.templates.edit'} subtitle={record ? `${record.MessageType.Name} · ${translate(`messages.methods.${record.SendMethodId}`)}` : undefined} />
      <Card>
        <CardContent>
          <Form defaultValues={defaults} onSubmit={save}>
            <TemplateInputs services={services.data ?? []} />
            <SaveButton alwaysEnable={isNew} />
            <PreviewAndTest />
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
