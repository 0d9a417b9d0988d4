import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardContent, FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack, TextField, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { SupportAttachment, SupportCase, SupportCaseInput } from '../../../schema/support';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { AttachButton } from './AttachButton';
import { CASES_KEY, useSupportOptions } from './useSupport';

const EMPTY = { TypeId: '' as number | '', AreaId: '' as number | '', Subject: '', Description: '' };

/** /support/tickets/new (with attachments) and /support/tickets/{id}/edit: type, area, subject and description of a case. */
export default function TicketEditPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const types = useSupportOptions('types');
  const areas = useSupportOptions('areas');
  const existing = useQuery({ queryKey: [...CASES_KEY, 'one', id], queryFn: () => api.call<SupportCase>('GET', `/support/cases/${id}`), enabled: editing });
  const [form, setForm] = useState(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const c = existing.data;
    if (c) setForm({ TypeId: c.TypeId, AreaId: c.AreaId, Subject: c.Subject, Description: c.Description });
  }, [existing.data]);

  const required = (field: keyof typeof EMPTY) => (String(form[field]).trim() === '' ? translate('ra.validation.required') : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = Object.fromEntries((['TypeId', 'AreaId', 'Subject', 'Description'] as const).map((f) => [f, required(f)]).filter(([, m]) => m));
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFormError('');
    try {
      const body = { ...form, TypeId: Number(form.TypeId), AreaId: Number(form.AreaId) } as SupportCaseInput;
      const saved = editing ? await api.call<SupportCase>('PUT', `/support/cases/${id}`, { body }) : await api.call<SupportCase>('POST', '/support/cases', { body });
      for (const file of files) {
        const data = new FormData();
        data.append('file', file, file.name);
        try {
          await api.upload<SupportAttachment>(`/support/cases/${saved.Id}/attachments`, data);
        } catch (err) {
          notify(`${file.name}: ${apiErrorInfo(err).message}`, { type: 'error' });
        }
      }
      await queryClient.invalidateQueries({ queryKey: CASES_KEY });
      notify(editing ? 'ra.notification.updated' : 'ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
      navigate(`/support/tickets/${saved.Id}`);
    } catch (err) {
      const info = apiErrorInfo(err);
      setErrors(info.fieldErrors);
      setFormError(Object.keys(info.fieldErrors).length ? '' : info.message);
    } finally {
      setBusy(false);
    }
  };

  if (editing && existing.isPending) return <Loading />;
  const select = (field: 'TypeId' | 'AreaId', options: { Id: number; Name: string }[]) => (
    <FormControl fullWidth required error={!!errors[field]}>
      <InputLabel id={`support-${field}`}>{translate(`custom.support.fields.${field}`)}</InputLabel>
      <Select
        labelId={`support-${field}`}
        label={translate(`custom.support.fields.${field}`)}
        value={form[field]}
        onChange={(e) => setForm({ ...form, [field]: String(e.target.value) === '' ? '' : Number(e.target.value) })}
      >
        {options.map((o) => (
          <MenuItem key={o.Id} value={o.Id}>
            {o.Name}
          </MenuItem>
        ))}
      </Select>
      {errors[field] && <FormHelperText>{errors[field]}</FormHelperText>}
    </FormControl>
  );
  return (
    <>
      <PageHeading title={editing ? 'custom.support.edit.title' : 'custom.support.new.title'} subtitle={editing ? undefined : translate('custom.support.new.intro')} />
      <Card component="form" noValidate onSubmit={submit} aria-label={translate(editing ? 'custom.support.edit.title' : 'custom.support.new.title')}>
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 720 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select('TypeId', types)}
              {select('AreaId', areas)}
            </Stack>
            <TextField
              required
              label={translate('custom.support.fields.Subject')}
              value={form.Subject}
              onChange={(e) => setForm({ ...form, Subject: e.target.value })}
              error={!!errors.Subject}
              helperText={errors.Subject}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField
              required
              multiline
              minRows={5}
              label={translate('custom.support.fields.Description')}
              value={form.Description}
              onChange={(e) => setForm({ ...form, Description: e.target.value })}
              error={!!errors.Description}
              helperText={errors.Description}
              slotProps={{ htmlInput: { maxLength: 10000 } }}
            />
            {!editing && (
              <div>
                <AttachButton multiple onFiles={setFiles} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {files.length ? files.map((f) => f.name).join(', ') : translate('custom.support.attachHint')}
                </Typography>
              </div>
            )}
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate(editing ? 'ra.action.save' : 'custom.support.new.submit')}
              </Button>
              <Button onClick={() => navigate(editing ? `/support/tickets/${id}` : '/support/tickets')}>{translate('ra.action.cancel')}</Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
