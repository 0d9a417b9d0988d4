import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import type { GoogleCalendarInput, GoogleCalendarSync } from '../../../schema/sync';
import { apiErrorInfo, useApi } from '../../common/api';
import { formatWireDate } from '../../i18n/format';

interface Named {
  Id: number;
  Name: string;
}

/**
 * The calendars of a connected Google account: the company's (where bookings of a resource without
 * a calendar go, and whether its busy times close every resource) and each resource's (its bookings
 * go there, its busy times close it). Each change is saved at once and the busy times read again.
 */
export function GoogleChoices({ data, queryKey }: { data: GoogleCalendarSync; queryKey: readonly unknown[] }) {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const resources = useQuery({ queryKey: ['sync', 'resources'], queryFn: () => api.call<{ Results: Named[] }>('GET', '/resource') });
  // The chosen ids stay choosable while Google's list cannot be read.
  const ids = [...new Set([...data.Calendars.map((c) => c.Id), data.CalendarId, ...data.Resources.map((r) => r.CalendarId)])];
  const label = (id: string) => data.Calendars.find((c) => c.Id === id)?.Summary ?? id;

  const save = async (body: GoogleCalendarInput) => {
    setBusy(true);
    try {
      await api.call('POST', '/sync/googlecalendar', { body });
      await queryClient.invalidateQueries({ queryKey });
      notify('custom.sync.google.saved', { type: 'success' });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const chooser = (id: string, value: string, onChange: (v: string) => void, none: boolean) => (
    <FormControl size="small" sx={{ minWidth: 200, maxWidth: '100%' }}>
      <InputLabel id={`${id}-label`}>{translate('custom.sync.google.calendar')}</InputLabel>
      <Select labelId={`${id}-label`} id={id} label={translate('custom.sync.google.calendar')} value={value} disabled={busy} onChange={(e) => onChange(String(e.target.value))}>
        {none && <MenuItem value="">{translate('custom.sync.google.none')}</MenuItem>}
        {ids.map((c) => (
          <MenuItem key={c} value={c}>
            {label(c)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="h3" variant="subtitle1" sx={{ minWidth: 160 }}>
          {translate('custom.sync.google.companyCalendar')}
        </Typography>
        {chooser('google-company-calendar', data.CalendarId, (v) => void save({ CalendarId: v }), false)}
        <FormControlLabel
          control={<Checkbox checked={data.BlockBusy} disabled={busy} onChange={(e) => void save({ BlockBusy: e.target.checked })} />}
          label={translate('custom.sync.google.blockAll')}
        />
      </Stack>
      <Table size="small" aria-label={translate('custom.sync.google.resourceCalendars')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('custom.sync.google.resource')}</TableCell>
            <TableCell>{translate('custom.sync.google.calendar')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(resources.data?.Results ?? []).map((r) => {
            const choice = data.Resources.find((c) => c.ResourceId === r.Id);
            return (
              <TableRow key={r.Id}>
                <TableCell>{r.Name}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                    {chooser(`google-resource-${r.Id}`, choice?.CalendarId ?? '', (v) => void save({ ResourceId: r.Id, CalendarId: v }), true)}
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={choice?.BlockBusy ?? false}
                          disabled={busy || !choice}
                          onChange={(e) => void save({ ResourceId: r.Id, BlockBusy: e.target.checked })}
                          slotProps={{ input: { 'aria-label': translate('custom.sync.google.blocksResource', { name: r.Name }) } }}
                        />
                      }
                      label={translate('custom.sync.google.blocks')}
                    />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {data.BusyPending
          ? translate('custom.sync.google.busyPending')
          : data.BusyPulled
          ? translate('custom.sync.google.busyPulled', { when: formatWireDate(data.BusyPulled, locale), smart_count: data.BusyTimes })
          : translate('custom.sync.google.busyNever')}
      </Typography>
    </Stack>
  );
}
