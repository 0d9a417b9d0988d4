import type { ReactNode } from 'react';
import { Box, Button, Chip, List, ListItem, ListItemButton, ListItemText, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DateSchedule, RecurringSchedule } from '../../../schema/availability';
import { useDayChoices } from './inputs';

const hhmm = (t: string) => t.slice(0, 5);
const day = (wire: string) => wire.slice(0, 10);

function Section<T extends { id: number | string; Name: string; Active: boolean }>({
  title,
  createTo,
  createLabel,
  records,
  loading,
  to,
  describe,
}: {
  title: string;
  createTo: string;
  createLabel: string;
  records: T[] | undefined;
  loading: boolean;
  to: (record: T) => string;
  describe: (record: T) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-label={translate(title)} sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
        <Button component={Link} to={createTo} startIcon={<AddIcon />} variant="contained" size="small">
          {translate(createLabel)}
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
            <ListItemButton component={Link} to={to(r)}>
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
  const recurring = useGetList<RecurringSchedule & { id: number }>('recurringSchedules', { pagination: { page: 1, perPage: 200 }, sort: { field: 'Name', order: 'ASC' } });
  const dated = useGetList<DateSchedule & { id: number }>('dateSchedules', { pagination: { page: 1, perPage: 200 }, sort: { field: 'Name', order: 'ASC' } });
  const services = (list: { Name: string }[]) => (list.length ? ` · ${list.map((s) => s.Name).join(', ')}` : '');
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('resources.schedules.name', { smart_count: 2 })} />
      <Section
        title="resources.schedules.recurring"
        createTo="/schedules/recurring/new"
        createLabel="resources.schedules.recurringNew"
        records={recurring.data}
        loading={recurring.isPending}
        to={(r) => `/schedules/recurring/${r.id}`}
        describe={(r) =>
          `${r.DaysOfWeek.map((d) => days.find((c) => c.id === d.DayOfWeekId)?.name ?? '').join(', ')} ${hhmm(r.StartTime)}–${hhmm(r.EndTime)} · ${translate(
            'resources.schedules.minutes',
            { count: r.TimeInterval },
          )}${services(r.Services)}`
        }
      />
      <Section
        title="resources.schedules.date"
        createTo="/schedules/date/new"
        createLabel="resources.schedules.dateNew"
        records={dated.data}
        loading={dated.isPending}
        to={(r) => `/schedules/date/${r.id}`}
        describe={(r) => {
          const dates = r.ScheduleDates.map((d) => day(d.From)).sort();
          const span = dates.length ? `${dates[0]}${dates.length > 1 ? ` – ${day(r.ScheduleDates.map((d) => d.To).sort().at(-1) ?? '')}` : ''}` : translate('resources.schedules.noDates');
          return `${span} · ${translate('resources.schedules.minutes', { count: r.TimeInterval })}${services(r.Services)}`;
        }}
      />
    </Box>
  );
}
