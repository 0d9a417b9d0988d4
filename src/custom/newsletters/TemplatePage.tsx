import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import { Form, SaveButton, SelectInput, TextInput, required, useNotify, useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { NewsletterTemplate, NewsletterTemplateInput } from '../../../schema/newsletters';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import type { MergeField } from '../../common/inputs/MergeFieldChips';
import { useSubmit } from '../useSubmit';

const RichTextEditor = lazy(() => import('../../common/inputs/RichTextEditor'));

/** The merge fields a newsletter can use (a click in the editor inserts one at the cursor). */
function useMergeFields(): MergeField[] {
  const api = useApi();
  const [fields, setFields] = useState<MergeField[]>([]);
  useEffect(() => {
    api.call<MergeField[]>('GET', '/newsletter/fieldtranslations').then(setFields, () => setFields([]));
  }, [api]);
  return fields;
}

/** A test of the saved template to one receiver (the spec: a newsletter test needs a receiver). */
function TestSend({ templateId }: { templateId: number }) {
  const api = useApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [receiver, setReceiver] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    try {
      await api.call('POST', '/newsletter/templates/test', { body: { Id: templateId, Receiver: receiver } });
      notify('newsletters.template.testSent', { type: 'success', messageArgs: { receiver } });
    } catch (e) {
      const info = apiErrorInfo(e);
      setError(info.fieldErrors.Receiver ?? info.message);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        size="small"
        label={translate('newsletters.template.testReceiver')}
        value={receiver}
        onChange={(e) => setReceiver(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        sx={{ minWidth: 280 }}
      />
      <Button variant="outlined" startIcon={<SendIcon />} onClick={() => void send()}>
        {translate('newsletters.template.test')}
      </Button>
    </Stack>
  );
}

/**
 * /newsletters/new and /newsletters/templates/{id} (unpadded): heading, send method, image and
 * the body as rich text (sanitised by the server when saved), the merge fields, and a test send.
 */
export default function TemplatePage() {
  const { id } = useParams();
  const api = useApi();
  const navigate = useNavigate();
  const translate = useTranslate();
  const mergeFields = useMergeFields();
  const templateId = id ? Number(id) : undefined;
  const [record, setRecord] = useState<NewsletterTemplate | null | undefined>(templateId ? undefined : null);
  useEffect(() => {
    if (!templateId) return;
    api
      .call<QueryResponse<NewsletterTemplate>>('GET', '/newsletter/templates', { query: { Id: templateId } })
      .then((page) => setRecord(page.Results[0] ?? null), () => setRecord(null));
  }, [api, templateId]);
  const save = useCallback(
    (values: NewsletterTemplateInput) => {
      const body = { Heading: values.Heading, Body: values.Body ?? '', ImageUrl: values.ImageUrl || null, SendMethodId: values.SendMethodId ?? 1 };
      return templateId ? api.call<NewsletterTemplate>('PUT', `/newsletter/templates/${templateId}`, { body }) : api.call<NewsletterTemplate>('POST', '/newsletter/templates', { body });
    },
    [api, templateId],
  );
  const onSubmit = useSubmit(save, 'newsletters.template.saved', (saved) => navigate(templateId ? '/newsletters#newslettertemplates' : `/newsletters/templates/${saved.Id}`));
  const remove = async () => {
    if (!templateId) return;
    await api.call('DELETE', `/newsletter/templates/${templateId}`);
    navigate('/newsletters#newslettertemplates');
  };

  if (record === undefined) return <CircularProgress aria-label={translate('ra.page.loading')} sx={{ m: 4 }} />;
  if (templateId && record === null) return <Alert severity="error" sx={{ m: 2 }}>{translate('newsletters.template.notFound')}</Alert>;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, contain: 'inline-size' }}>
      <PageHeading title={templateId ? 'newsletters.template.editTitle' : 'newsletters.template.newTitle'} />
      <Card>
        <CardContent>
          <Form onSubmit={(values: FieldValues) => onSubmit(values as NewsletterTemplateInput)} record={record ?? { SendMethodId: 1 }}>
            <Stack spacing={1}>
              <TextInput source="Heading" label="newsletters.fields.Heading" validate={required()} fullWidth />
              <SelectInput
                source="SendMethodId"
                label="newsletters.fields.SendMethodId"
                choices={[
                  { id: 1, name: 'newsletters.sendMethods.email' },
                  { id: 2, name: 'newsletters.sendMethods.sms' },
                ]}
                validate={required()}
              />
              <TextInput source="ImageUrl" label="newsletters.fields.ImageUrl" fullWidth helperText="newsletters.template.imageHelp" />
              <Suspense fallback={<CircularProgress size={24} />}>
                <RichTextEditor source="Body" label="newsletters.fields.Body" fullWidth mergeFields={mergeFields} mergeFieldsLabel="newsletters.template.mergeFields" />
              </Suspense>
              <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
                <SaveButton />
                <Button onClick={() => navigate('/newsletters#newslettertemplates')}>{translate('ra.action.cancel')}</Button>
                {templateId && (
                  <Button color="error" onClick={() => void remove()}>
                    {translate('ra.action.delete')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Form>
        </CardContent>
      </Card>
      {templateId && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              {translate('newsletters.template.test')}
            </Typography>
            <TestSend templateId={templateId} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

TemplatePage.path = '/newsletters/templates/:id';
