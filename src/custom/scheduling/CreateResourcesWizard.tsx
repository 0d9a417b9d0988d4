import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, InputAdornment, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { ResourceType } from '../../../schema/availability';
import type { QueryResponse } from '../../../schema/common';
import type { ResourceDetails } from '../../../schema/scheduling';
import { useHashTab } from '../../shell/useHashTab';
import { apiErrorInfo, resultsOf, useApi } from '../../common/api';
import { WizardIllustration } from './WizardIllustration';
import { canCreate, duplicatesCreated, withEmptyRow, type WizardRow } from './wizardRows';

const TABS = ['group', 'resources'] as const;
/** Spec areas.md §9: resources inside a type get priority 99. */
const PRIORITY_IN_TYPE = 99;

/**
 * The create-resources wizard (/create-resources-wizard/new and /{id}): step 1 names the resource
 * group, step 2 (reachable once the group exists) creates its resources one row at a time.
 */
export default function CreateResourcesWizard() {
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [language] = useLocaleState();
  const params = useParams();
  const groupId = params.id && params.id !== 'new' ? Number(params.id) : undefined;
  const [requestedTab, setTab] = useHashTab(TABS);
  const tab = groupId ? requestedTab : 'group';

  const keys = useRef(0);
  const nextKey = () => ++keys.current;
  const [name, setName] = useState('');
  const [savedName, setSavedName] = useState('');
  const [rows, setRows] = useState<WizardRow[]>(() => withEmptyRow([], nextKey));
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [loading, setLoading] = useState(groupId !== undefined);
  const [submitting, setSubmitting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  useEffect(() => {
    if (groupId === undefined) return;
    let active = true;
    setLoading(true);
    api
      .call<QueryResponse<ResourceType>>('GET', '/resourcetypes', { query: { Id: groupId } })
      .then((answer) => {
        const group = resultsOf(answer)[0];
        if (!active || !group) return;
        setName(group.Name);
        setSavedName(group.Name);
        setRows(withEmptyRow(group.Resources.map((r) => ({ key: ++keys.current, name: r.Name, id: r.Id })), () => ++keys.current));
      })
      .catch((error: unknown) => active && setFormError(apiErrorInfo(error).message))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [api, groupId]);

  const submitGroup = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || submitting) return;
    setSubmitting(true);
    setFormError(null);
    setNameError(null);
    try {
      if (groupId === undefined) {
        const created = await api.call<ResourceType>('POST', '/resourcetypes', { body: { Name: trimmed, Active: true } });
        navigate(`/create-resources-wizard/${created.Id}#resources`);
      } else {
        if (trimmed !== savedName) await api.call('PUT', `/resourcetypes/${groupId}`, { body: { Name: trimmed } });
        setSavedName(trimmed);
        setTab('resources');
      }
    } catch (error) {
      const info = apiErrorInfo(error);
      setNameError(info.fieldErrors.Name ?? null);
      setFormError(info.message || translate('errors.unknownError'));
    } finally {
      setSubmitting(false);
    }
  };

  const createRow = async (row: WizardRow): Promise<WizardRow> => {
    const created = await api.call<ResourceDetails>('POST', '/resource', {
      body: { Name: row.name.trim(), Active: true, Priority: PRIORITY_IN_TYPE, ResourceTypeIds: [groupId] },
    });
    return { ...row, name: row.name.trim(), id: created.Id };
  };

  const ok = async (row: WizardRow) => {
    if (!canCreate(row, rows, creating)) return;
    setCreating(true);
    setRowErrors((e) => ({ ...e, [row.key]: '' }));
    try {
      const created = await createRow(row);
      setRows((current) => withEmptyRow(current.map((r) => (r.key === row.key ? created : r)), nextKey));
    } catch (error) {
      const info = apiErrorInfo(error);
      setRowErrors((e) => ({ ...e, [row.key]: info.fieldErrors.Name ?? info.message }));
    } finally {
      setCreating(false);
    }
  };

  const save = async () => {
    if (groupId === undefined || submitting) return;
    setSubmitting(true);
    setFormError(null);
    try {
      let all = rows;
      for (const row of rows) {
        if (canCreate(row, all, false)) {
          const created = await createRow(row);
          all = all.map((r) => (r.key === row.key ? created : r));
          setRows(withEmptyRow(all, nextKey));
        }
      }
      await api.call('PUT', `/resourcetypes/${groupId}`, {
        body: { Name: name.trim() || savedName, Resources: all.filter((r) => r.id !== undefined).map((r) => ({ Id: r.id })) },
      });
      notify('custom.scheduling.wizard.saved', { type: 'success' });
      navigate('/resources');
    } catch (error) {
      setFormError(apiErrorInfo(error).message || translate('errors.unknownError'));
    } finally {
      setSubmitting(false);
    }
  };

  const setRowName = (key: number, value: string) => setRows((current) => withEmptyRow(current.map((r) => (r.key === key ? { ...r, name: value } : r)), nextKey));

  return (
    <Box sx={{ mt: 2, maxWidth: 860 }}>
      <Title title="custom.scheduling.wizard.title" />
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {translate('custom.scheduling.wizard.title')}
      </Typography>
      <Tabs value={tab} onChange={(_, next: string) => setTab(next)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tab value="group" label={translate('custom.scheduling.wizard.step1')} />
        <Tab value="resources" label={translate('custom.scheduling.wizard.step2')} disabled={groupId === undefined} />
      </Tabs>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {formError}
        </Alert>
      ) : null}
      {loading ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {!loading && tab === 'group' ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" onSubmit={submitGroup} noValidate sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 320px' }, gap: 3 }}>
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                {translate('custom.scheduling.wizard.groupHeading')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('custom.scheduling.wizard.groupText')}
              </Typography>
              <TextField
                label={translate('custom.scheduling.wizard.groupName')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                autoFocus
                error={!!nameError}
                helperText={nameError ?? translate('custom.scheduling.wizard.groupNameHelp')}
                slotProps={{ htmlInput: { name: 'Name', maxLength: 100 } }}
              />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button type="submit" variant="contained" disabled={!name.trim() || submitting}>
                  {translate('custom.scheduling.wizard.next')}
                </Button>
              </Stack>
            </Stack>
            <Box component="figure" sx={{ m: 0, justifySelf: 'center' }}>
              <WizardIllustration language={language} />
            </Box>
          </Box>
        </Paper>
      ) : null}
      {!loading && tab === 'resources' && groupId !== undefined ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            {translate('custom.scheduling.wizard.resourcesHeading', { name: savedName || name })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('custom.scheduling.wizard.resourcesText')}
          </Typography>
          <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('custom.scheduling.wizard.step2')}>
            {rows.map((row, index) => {
              const duplicate = row.id === undefined && row.name.trim() !== '' && duplicatesCreated(row.name, rows, row.key);
              const error = rowErrors[row.key] || (duplicate ? translate('custom.scheduling.wizard.duplicate') : '');
              return (
                <Stack component="li" key={row.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={translate('custom.scheduling.wizard.resourceName', { n: index + 1 })}
                    value={row.name}
                    onChange={(e) => setRowName(row.key, e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void ok(row);
                      }
                    }}
                    disabled={row.id !== undefined}
                    error={!!error}
                    helperText={error || undefined}
                    slotProps={{
                      htmlInput: { maxLength: 100, readOnly: row.id !== undefined },
                      input: row.id !== undefined ? { endAdornment: <InputAdornment position="end"><CheckCircleIcon color="success" titleAccess={translate('custom.scheduling.wizard.created')} /></InputAdornment> } : undefined,
                    }}
                  />
                  {row.id === undefined ? (
                    <Button variant="outlined" onClick={() => void ok(row)} disabled={!canCreate(row, rows, creating)} sx={{ minWidth: 64, height: 40 }} aria-label={`${translate('custom.scheduling.wizard.ok')} ${index + 1}`}>
                      {translate('custom.scheduling.wizard.ok')}
                    </Button>
                  ) : (
                    <IconButton disabled sx={{ width: 64, height: 40 }} aria-hidden tabIndex={-1} />
                  )}
                </Stack>
              );
            })}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mt: 3 }}>
            <Button onClick={() => setTab('group')}>{translate('custom.scheduling.wizard.back')}</Button>
            <Button variant="contained" onClick={() => void save()} disabled={submitting || creating}>
              {translate('ra.action.save')}
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Box>
  );
}

CreateResourcesWizard.path = '/create-resources-wizard/:id';
