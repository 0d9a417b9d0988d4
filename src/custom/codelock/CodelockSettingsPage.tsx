import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Link, Loading, useTranslate } from 'react-admin';
import { apiErrorInfo, useApi } from '../../common/api';
import { useSubmit } from '../useSubmit';
import { PageHeading } from '../../common/PageHeading';
import { SystemFields } from './SystemFields';
import { SETTINGS_KEY, type CodelockSettings } from './types';

const when = (text: string | null | undefined) => (text ? text.replace('T', ' ').slice(0, 16) : '');
const doorList = (text: string) => [...new Set(text.split(',').map((d) => d.trim()).filter(Boolean))];

/**
 * /codelock-settings (spec areas.md, Door locks): the company's lock system (one active at a time; the
 * others' settings are kept), that system's own fields and a connection test, the door(s) of each
 * resource, and the margins before and after a booking that its code is valid. A lock that could not be
 * reached or refused a call is shown at the top until a call succeeds.
 */
export default function CodelockSettingsPage() {
  const api = useApi();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.call<CodelockSettings>('GET', '/codelock/settings', { query: { IncludeCodeLockSystemOptions: true } }) });
  const [systemId, setSystemId] = useState<number | ''>('');
  const [active, setActive] = useState(false);
  const [before, setBefore] = useState('15');
  const [after, setAfter] = useState('15');
  const [doors, setDoors] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // The form starts from what is saved, once: a refetch (after a system's fields are saved) keeps what is being chosen.
  const [loadedAt, setLoadedAt] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const s = settings.data;
    if (!s || loadedAt === (s.Updated ?? null)) return;
    setLoadedAt(s.Updated ?? null);
    setSystemId(s.CodeLockSystemsId ?? '');
    setActive(s.Active);
    setBefore(String(s.MarginBeforeMinutes));
    setAfter(String(s.MarginAfterMinutes));
    setDoors(Object.fromEntries(s.Doors.map((d) => [d.ResourceId, d.DoorIds.join(', ')])));
  }, [settings.data, loadedAt]);

  const submit = useSubmit(
    (body: object) => api.call<CodelockSettings>('PUT', '/codelock/settings', { body }),
    'custom.codelock.saved',
    (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  );
  const save = async () => {
    setBusy(true);
    setErrors({});
    const fieldErrors = await submit({
      Active: active,
      CodeLockSystemsId: systemId === '' ? null : systemId,
      MarginBeforeMinutes: Number(before),
      MarginAfterMinutes: Number(after),
      Doors: Object.entries(doors).map(([id, text]) => ({ ResourceId: Number(id), DoorIds: doorList(text) })),
    });
    setErrors(fieldErrors ?? {});
    setBusy(false);
  };

  if (settings.isPending) return <Loading />;
  const s = settings.data;
  const options = s?.CodeLockSystemOptions ?? [];
  const chosen = options.find((o) => o.Id === systemId);
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.codelock.title" />
      <Stack spacing={2}>
        {settings.error && <Alert severity="error">{apiErrorInfo(settings.error).message}</Alert>}
        {s?.LastError && (
          <Alert severity="warning" role="status">
            {translate('custom.codelock.lastError', { error: s.LastError, at: when(s.LastErrorAt) })}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack spacing={2}>
            <Card component="section" aria-labelledby="codelock-general-heading">
              <CardContent>
                <Typography id="codelock-general-heading" variant="h6" component="h2">
                  {translate('custom.codelock.system')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {translate('custom.codelock.info')}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <FormControl size="small" sx={{ minWidth: 260, maxWidth: '100%' }} error={!!errors.CodeLockSystemsId}>
                    <InputLabel id="codelock-system">{translate('custom.codelock.system')}</InputLabel>
                    <Select labelId="codelock-system" label={translate('custom.codelock.system')} value={systemId} onChange={(e) => setSystemId(e.target.value as number | '')}>
                      <MenuItem value="">{translate('custom.codelock.none')}</MenuItem>
                      {options.map((o) => (
                        <MenuItem key={o.Id} value={o.Id}>
                          {o.Configured ? translate('custom.codelock.optionConfigured', { name: o.Name }) : o.Name}
                        </MenuItem>
                      ))}
                    </Select>
                    {errors.CodeLockSystemsId && <Typography variant="caption" color="error" role="alert">{errors.CodeLockSystemsId}</Typography>}
                  </FormControl>
                  <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={translate('custom.codelock.active')} />
                </Stack>
              </CardContent>
            </Card>
            <Card component="section" aria-labelledby="codelock-doors-heading">
              <CardContent>
                <Typography id="codelock-doors-heading" variant="h6" component="h2">
                  {translate('custom.codelock.doors')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {translate('custom.codelock.doorsInfo')}
                </Typography>
                {errors.Doors && <Alert severity="error">{errors.Doors}</Alert>}
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby="codelock-doors-heading">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('custom.codelock.resource')}</TableCell>
                        <TableCell>{translate('custom.codelock.doorIds')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {(s?.Doors ?? []).map((d) => (
                        <TableRow key={d.ResourceId}>
                          <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                            <Link to={`/resources/${d.ResourceId}`}>{d.ResourceName}</Link>
                          </TableCell>
                          <TableCell>
                            <TextField
                              size="small"
                              fullWidth
                              value={doors[d.ResourceId] ?? ''}
                              onChange={(e) => setDoors((v) => ({ ...v, [d.ResourceId]: e.target.value }))}
                              slotProps={{ htmlInput: { 'aria-label': translate('custom.codelock.doorsOf', { name: d.ResourceName ?? '' }) } }}
                            />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
                  {(
                    [
                      ['MarginBeforeMinutes', before, setBefore],
                      ['MarginAfterMinutes', after, setAfter],
                    ] as const
                  ).map(([name, value, set]) => (
                    <TextField
                      key={name}
                      label={translate(`custom.codelock.${name}`)}
                      type="number"
                      size="small"
                      value={value}
                      onChange={(e) => set(e.target.value)}
                      error={!!errors[name]}
                      helperText={errors[name] ?? translate('custom.codelock.minutes')}
                      slotProps={{ htmlInput: { min: 0, max: 1440 } }}
                    />
                  ))}
                </Stack>
              </CardContent>
            </Card>
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('ra.action.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
        {chosen && <SystemFields key={chosen.Key} system={chosen} />}
      </Stack>
    </Box>
  );
}

CodelockSettingsPage.path = '/codelock-settings';
