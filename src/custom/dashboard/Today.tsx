import type { ReactNode } from 'react';
import { Box, Card, CardContent, LinearProgress, Link, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useGetList, useLocaleState, useStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { StatisticsToday } from '../../../schema/statistics';
import type { Booking } from '../../common/bookings/bookingTypes';
import { bookingCustomerName, resourceNames } from '../../common/bookings/bookingTypes';
import { useApi } from '../../common/api';
import { useCan } from '../../auth/roles';
import { useCompanyNow } from '../../auth/profile';
import { formatWireTime } from '../../i18n/format';

/** Statuses that wait for the customer's payment, and the one that waits for the company's approval. */
const UNPAID = [5, 6, 8, 9];
const AWAITING_APPROVAL = [3];
const HOLDING = [1, 3, 5, 6, 7, 8, 9, 10];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The day's bookings by start hour as bars, written out for screen readers as a list. */
function ByHour({ today }: { today: StatisticsToday | undefined }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`custom.dashboard.today.${key}`, options);
  if (!today) return <Skeleton height={120} />;
  const total = today.Hours.reduce((sum, h) => sum + h.Bookings, 0);
  if (total === 0) return <Typography color="text.secondary">{t('noneToday')}</Typography>;
  const max = Math.max(...today.Hours.map((h) => h.Bookings));
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('totalToday', { smart_count: total })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {today.Hours.map((h) => (
          <Box component="li" key={h.Hour} sx={{ display: 'grid', gridTemplateColumns: '3.5em 1fr 2em', alignItems: 'center', gap: 1 }}>
            <Typography variant="caption" aria-hidden>{`${String(h.Hour).padStart(2, '0')}:00`}</Typography>
            <Box aria-hidden sx={{ height: 12, borderRadius: 1, bgcolor: 'primary.main', width: `${(100 * h.Bookings) / max}%` }} />
            <Typography variant="caption" aria-hidden>
              {h.Bookings}
            </Typography>
            <Box component="span" sx={visuallyHidden}>
              {t('hourRow', { hour: `${String(h.Hour).padStart(2, '0')}:00`, count: h.Bookings })}
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The next bookings of the day (those under way included). */
function NextUp({ now }: { now: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending } = useGetList<Booking & { id: number }>('bookings', {
    pagination: { page: 1, perPage: 4 },
    sort: { field: 'From', order: 'ASC' },
    filter: { BookingStart: now, BookingEnd: now.slice(0, 10), StatusIds: HOLDING },
  });
  if (isPending) return <Skeleton height={120} />;
  if (!data?.length) return <Typography color="text.secondary">{translate('custom.dashboard.today.noneNext')}</Typography>;
  return (
    <List dense disablePadding>
      {data.map((b) => (
        <ListItem key={b.Id} disableGutters>
          <ListItemText
            primary={
              <Link component={LinkBase} to={`/bookings/${b.Id}`}>
                {`${formatWireTime(b.From, locale)} ${b.ServiceName ?? ''}`}
              </Link>
            }
            secondary={[bookingCustomerName(b), resourceNames(b)].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** A count of bookings (the API's Total) that opens the bookings list filtered the same way. */
function FollowUpLink({ label, statusIds }: { label: string; statusIds: number[] }) {
  const { total } = useGetList('bookings', { pagination: { page: 1, perPage: 1 }, sort: { field: 'From', order: 'DESC' }, filter: { StatusIds: statusIds } });
  const [, setListParams] = useStore<Record<string, unknown>>('bookings.list');
  const navigate = useNavigate();
  const open = () => {
    setListParams({ sort: 'From', order: 'DESC', page: 1, perPage: 25, filter: { StatusIds: statusIds }, displayedFilters: { StatusIds: true } });
    navigate('/bookings#bookings');
  };
  return (
    <Link component="button" type="button" onClick={open} sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', py: 0.5, textAlign: 'left' }}>
      <span>{label}</span>
      <strong>{total ?? '–'}</strong>
    </Link>
  );
}

function QueueLink({ label }: { label: string }) {
  const { total } = useGetList('booking-queue', { pagination: { page: 1, perPage: 1 }, sort: { field: 'Id', order: 'ASC' } });
  return (
    <Link component={LinkBase} to="/bookings#queue" sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
      <span>{label}</span>
      <strong>{total ?? '–'}</strong>
    </Link>
  );
}

/** Each active resource's booked share of its open time over today and the six days after. */
function WeekAhead({ today }: { today: StatisticsToday | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`custom.dashboard.today.${key}`, options);
  if (!today) return <Skeleton height={120} />;
  const hours = (minutes: number) => new Intl.NumberFormat(locale === 'no' ? 'nb' : locale, { maximumFractionDigits: 1 }).format(minutes / 60);
  const percent = (share: number) => new Intl.NumberFormat(locale === 'no' ? 'nb' : locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
  return (
    <Stack spacing={1}>
      {today.WeekAhead.map((r) => {
        const label = r.Occupancy === null ? `${r.Name}: ${t('closed')}` : t('weekRow', { name: r.Name, percent: percent(r.Occupancy), booked: hours(r.BookedMinutes), open: hours(r.OpenMinutes) });
        return (
          <div key={r.ResourceId}>
            <Typography variant="body2">{label}</Typography>
            <LinearProgress variant="determinate" value={Math.min(100, 100 * (r.Occupancy ?? 0))} aria-label={label} />
          </div>
        );
      })}
    </Stack>
  );
}

/**
 * The dashboard's day at a glance: today's bookings by hour, who is next, what waits for payment,
 * approval or a free spot (each opening the bookings list filtered the same way), and the week
 * ahead's occupancy per resource (GET /statistics/today, which every plan has).
 */
export function TodayAtAGlance() {
  const translate = useTranslate();
  const api = useApi();
  const canBookings = useCan('bookings');
  const canWrite = useCan('bookings', 'write');
  const now = useCompanyNow();
  const { data: today } = useQuery({ queryKey: ['statistics', 'today'], queryFn: () => api.call<StatisticsToday>('GET', '/statistics/today'), enabled: canBookings });
  if (!canBookings) return null;
  const t = (key: string) => translate(`custom.dashboard.today.${key}`);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>
      <Section title={t('byHour')}>
        <ByHour today={today} />
      </Section>
      <Section title={t('next')}>
        <NextUp now={now} />
      </Section>
      <Section title={t('followUp')}>
        <FollowUpLink label={t('unpaid')} statusIds={UNPAID} />
        <FollowUpLink label={t('awaitingApproval')} statusIds={AWAITING_APPROVAL} />
        {canWrite && <QueueLink label={t('queue')} />}
      </Section>
      <Section title={t('week')}>
        <WeekAhead today={today} />
      </Section>
    </Box>
  );
}
