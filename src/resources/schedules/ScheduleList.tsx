import type { ReactNode } from 'react';
import { Box, Button, Chip, List, ListItem, ListItemButton, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DateSchedule, RecurringSchedule } from '../../../schema/availability';
import { useDayChoices } from './inputs';

const hhmm = (t: string) => t.slice(0, 5);
const day = (wire: string) => wire.slice(0, 10);

/** One kind of schedule (/schedules/recurring/…, /schedules/date/…): its heading, create button and list. */
function Section<T extends { id: number; Name: string; Active: boolean }>({ kind, describe }: { kind: 'recurring' | 'date'; describe: (record: T) => ReactNode }) {
  const { data: records, isPending: loading } = useGetList<T>(`${kind}Schedules`, { pagination: { page: 1, perPage: 200 }, sort: { field: 'Name', order: 'ASC' } });
  const title = `resources.schedules.${kind}`;
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={translate(title)} sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        <Button component={Link} to={`/schedules/${kind}/new`} startIcon={<AddIcon />} variant="contained" size="small">
          {translate(`resources.schedules.${kind}New`)}
        </Button>
      </Stack>
      {loading ? <Skeleton height={48} /> : null}
      {!loading && !records?.length ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {translate('resources.schedules.emptySection')}
        </Typography>
      ) : null}
      <List disablePadding>
        {records?.map((r) => (
          <ListItem key={r.id} disablePadding divider>
            <ListItemButton component={Link} to={`/schedules/${kind}/${r.id}`}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    {r.Name}
                    {r.Active ? null : <Chip size="small" label={translate('resources.schedules.inactive')} />}
                  </Box>
                }
                secondary={describe(r)}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** /schedules: the recurring and the date schedules, each with its create button. */
export function ScheduleList() {
  const translate = useTranslate();
  const days = useDayChoices(true);
  const services = (list: { Name: string }[]) => (list.length ? ` · ${list.map((s) => s.Name).join(', ')}` : '');
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.schedules.name', { smart_count: 2 })} />
      <Section<RecurringSchedule & { id: number }>
        kind="recurring"
        describe={(r) =>
          `${r.DaysOfWeek.map((d) => days.find((c) => c.id === d.DayOfWeekId)?.name ?? '').join(', ')} ${hhmm(r.StartTime)}–${hhmm(r.EndTime)} · ${translate(
            'resources.schedules.minutes',
            { count: r.TimeInterval },
          )}${services(r.Services)}`
        }
      />
      <Section<DateSchedule & { id: number }>
        kind="date"
        describe={(r) => {
          const dates = r.ScheduleDates.map((d) => day(d.From)).sort();
          const span = dates.length ? `${dates[0]}${dates.length > 1 ? ` – ${day(r.ScheduleDates.map((d) => d.To).sort().at(-1) ?? '')}` : ''}` : translate('resources.schedules.noDates');
          return `${span} · ${translate('resources.schedules.minutes', { count: r.TimeInterval })}${services(r.Services)}`;
        }}
      />
    </Box>
  );
}
