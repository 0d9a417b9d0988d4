import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useGetMany, useLocaleState, useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import type { AvailableTime } from '../../../schema/availability';
import type { Service } from '../../../schema/services';
import { apiErrorInfo } from '../../common/api';
import { useApi } from '../../common/api';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { StateField } from '../../common/inputs/StateField';
import { addDays } from '../../common/dates';
import { DEFAULT_TEST_DURATION } from './scheduleValues';
import { useCompanyNow } from '../../auth/profile';

interface TestAnswer {
  Times: AvailableTime[];
}

const hhmm = (wire: string): string => wire.slice(11, 16);

function dayHeading(day: string, locale: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'no' ? 'nb' : locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(y, m - 1, d));
}

/** The free times of a test answer grouped by day; closed times are counted with their reasons. */
export function TestTimes({ times }: { times: readonly AvailableTime[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!times.some((t) => t.Free)) return <Alert severity="info">{translate('resources.schedules.test.none')}</Alert>;
  const days = new Map<string, AvailableTime[]>();
  for (const t of times) days.set(t.From.slice(0, 10), [...(days.get(t.From.slice(0, 10)) ?? []), t]);
  return (
    <Stack spacing={1.5} data-testid="schedule-test-times">
      {[...days.entries()].map(([day, list]) => {
        const closed = list.filter((t) => !t.Free);
        const reasons = [...new Set(closed.flatMap((t) => t.ExceptionTexts.map((e) => e.ReasonPublic ?? e.Reason ?? '')).filter(Boolean))];
        return (
          <Box key={day} component="section" aria-label={dayHeading(day, locale)}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5, '&::first-letter': { textTransform: 'uppercase' } }}>
              {dayHeading(day, locale)}
            </Typography>
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
              {list
                .filter((t) => t.Free)
                .map((t) => (
                  <li key={t.From}>
                    <Chip size="small" variant="outlined" color="success" label={`${hhmm(t.From)}–${hhmm(t.To)}`} />
                  </li>
                ))}
            </Box>
            {closed.length ? (
              <Typography variant="caption" color="text.secondary">
                {translate('resources.schedules.test.closed', { smart_count: closed.length })}
                {reasons.length ? ` (${reasons.join(', ')})` : ''}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * "Test the schedule": sends the unsaved form (shaped by `toBody`) with Duration, From and To to
 * POST `path` and shows the times it would offer.
 */
export function ScheduleTestPanel<V extends FieldValues>({ path, toBody }: { path: string; toBody: (values: V) => object }) {
  const translate = useTranslate();
  const api = useApi();
  const { getValues } = useFormContext<V>();
  const today = useCompanyNow().slice(0, 10);
  const [duration, setDuration] = useState(String(DEFAULT_TEST_DURATION));
  // The times a customer would see are as long as the service booked: the first chosen service's
  // length, until the user types another (30 minutes when the schedule has no service).
  const [durationTyped, setDurationTyped] = useState(false);
  const serviceIds = (useWatch({ name: 'ServiceIds' }) as number[] | undefined) ?? [];
  const { data: services } = useGetMany<Service & { id: number }>('services', { ids: serviceIds.slice(0, 1) }, { enabled: serviceIds.length > 0 });
  const serviceDuration = serviceIds.length > 0 ? services?.[0]?.Duration : undefined;
  useEffect(() => {
    if (!durationTyped) setDuration(String(serviceDuration || DEFAULT_TEST_DURATION));
  }, [durationTyped, serviceDuration]);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 6));
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; times: AvailableTime[] } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  const run = async () => {
    setState({ kind: 'loading' });
    try {
      const body = { ...toBody(getValues()), Duration: Number(duration) || DEFAULT_TEST_DURATION, From: from, To: to };
      const answer = await api.call<TestAnswer>('POST', path, { body });
      setState({ kind: 'done', times: answer.Times ?? [] });
    } catch (error) {
      const { message, fieldErrors } = apiErrorInfo(error);
      setState({ kind: 'failed', message: [message, ...Object.values(fieldErrors)].filter(Boolean).join(' · ') || translate('errors.unknownError') });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, width: '100%', maxWidth: 720 }} component="section" aria-label={translate('resources.schedules.test.title')}>
      <Typography variant="h6" component="h2">
        {translate('resources.schedules.test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.schedules.test.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, '& .MuiTextField-root': { flex: 1, minWidth: 0 }, '& .MuiButton-root': { flexShrink: 0 } }}>
        <StateField type="number" label="resources.schedules.test.duration" value={duration}
          onValue={(value) => {
            setDurationTyped(true);
            setDuration(value);
          }} slotProps={{ htmlInput: { min: 1, max: 1440, name: 'Duration' } }} />
        <Picker kind="date" size="small" name="TestFrom" required label={translate('resources.schedules.test.from')} value={from} onChange={(v) => setFrom(v ?? '')} />
        <Picker kind="date" size="small" name="TestTo" required label={translate('resources.schedules.test.to')} value={to} onChange={(v) => setTo(v ?? '')} />
        <Button variant="outlined" startIcon={state.kind === 'loading' ? <CircularProgress size={16} /> : <PlayArrowIcon />} onClick={run} disabled={state.kind === 'loading' || !from || !to}>
          {translate('resources.schedules.test.run')}
        </Button>
      </Stack>
      {state.kind === 'failed' ? <Alert severity="error">{state.message}</Alert> : null}
      {state.kind === 'done' ? <TestTimes times={state.times} /> : null}
    </Paper>
  );
}
