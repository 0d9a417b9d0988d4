import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Statistics } from '../../../schema/statistics';
import { formatWireDate } from '../../i18n/format';
import { ChartSection } from './ChartSection';
import type { TableData } from './exportTable';
import { exportValue, formatFigure, type FigureKey } from './format';

const GROUP_FIGURES: FigureKey[] = ['Bookings', 'Spots', 'RevenueMinor', 'RevenueExVatMinor', 'Cancellations', 'NoShows', 'NewCustomers', 'ReturningBookings', 'AverageLeadMinutes', 'OpenMinutes', 'BookedMinutes', 'Occupancy'];

/** Bookings per day of the range beside the compared range's (day by day, in order). */
export function DaysSection({ stats }: { stats: Statistics }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`custom.statistics.${key}`, options);
  const date = (d: string) => formatWireDate(d, locale);
  const busiest = stats.Days.reduce((best, d) => (d.Bookings > best.Bookings ? d : best), stats.Days[0]);
  const table: TableData = {
    header: [t('days.date'), t('days.current'), t('days.compareDate'), t('days.compare')],
    rows: stats.Days.map((d, i) => [date(d.Date), String(d.Bookings), stats.CompareDays[i] ? date(stats.CompareDays[i].Date) : '', String(stats.CompareDays[i]?.Bookings ?? '')]),
    values: stats.Days.map((d, i) => [d.Date, d.Bookings, stats.CompareDays[i]?.Date ?? '', stats.CompareDays[i]?.Bookings ?? '']),
  };
  const summary = t('days.summary', {
    total: stats.Totals.Bookings,
    from: date(stats.From),
    to: date(stats.To),
    before: stats.CompareTotals.Bookings,
    busiest: busiest ? date(busiest.Date) : '',
    most: busiest?.Bookings ?? 0,
  });
  return (
    <ChartSection
      title={t('days.title')}
      summary={summary}
      table={stats.Totals.Bookings + stats.CompareTotals.Bookings > 0 ? table : { ...table, rows: [], values: [] }}
      file={`bookings-per-day-${stats.From}-${stats.To}`}
      empty={t('days.empty')}
      chart={
        <LineChart
          height={260}
          xAxis={[{ data: stats.Days.map((_, i) => i), scaleType: 'point', valueFormatter: (i: number) => date(stats.Days[i]?.Date ?? '') }]}
          series={[
            { data: stats.Days.map((d) => d.Bookings), label: t('days.current'), showMark: false },
            { data: stats.Days.map((_, i) => stats.CompareDays[i]?.Bookings ?? 0), label: t('days.compare'), showMark: false },
          ]}
        />
      }
    />
  );
}

/** The figures of each group (service, resource, administrator, customer group), as bars and as a table. */
export function GroupsSection({ stats }: { stats: Statistics }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`custom.statistics.${key}`, options);
  const by = t(`groupBy.${stats.GroupBy}`).toLocaleLowerCase(locale === 'no' ? 'nb' : locale);
  const figures = GROUP_FIGURES.filter((key) => stats.GroupBy === 'service' || stats.GroupBy === 'resource' || !['OpenMinutes', 'BookedMinutes', 'Occupancy'].includes(key));
  const groups = stats.Groups;
  const table: TableData = {
    header: [t('groups.name'), ...figures.map((key) => t(`figures.${key}`))],
    rows: groups.map((g) => [g.Name, ...figures.map((key) => formatFigure(key, g.Figures[key], stats.CurrencyId, locale, translate))]),
    values: groups.map((g) => [g.Name, ...figures.map((key) => exportValue(key, g.Figures[key]))]),
  };
  const top = groups[0];
  const shown = groups.slice(0, 12);
  // Rows without a booking in either range (resources open but unbooked) go to the table only.
  const anyBooking = groups.some((g) => g.Figures.Bookings + g.Compare.Bookings + g.Figures.Cancellations + g.Compare.Cancellations > 0);
  return (
    <ChartSection
      title={t('groups.title', { by })}
      summary={top ? t('groups.summary', { count: groups.length, top: top.Name, most: top.Figures.Bookings }) : ''}
      table={anyBooking ? table : { ...table, rows: [], values: [] }}
      file={`statistics-${stats.GroupBy}-${stats.From}-${stats.To}`}
      empty={t('groups.empty')}
      chart={
        <BarChart
          height={Math.max(200, 48 * shown.length + 60)}
          layout="horizontal"
          yAxis={[{ data: shown.map((g) => g.Name), scaleType: 'band', width: 120 }]}
          series={[
            { data: shown.map((g) => g.Figures.Bookings), label: t('days.current') },
            { data: shown.map((g) => g.Compare.Bookings), label: t('days.compare') },
          ]}
        />
      }
    />
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** Bookings by weekday and start hour: a shaded grid, and a table of weekdays by hours. */
export function HeatSection({ stats }: { stats: Statistics }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`custom.statistics.${key}`, options);
  const count = new Map(stats.HeatMap.map((c) => [`${c.DayOfWeekId}:${c.Hour}`, c.Bookings]));
  const used = HOURS.filter((h) => WEEKDAYS.some((d) => count.has(`${d}:${h}`)));
  const hours = used.length ? HOURS.slice(used[0], used[used.length - 1] + 1) : [];
  const max = Math.max(1, ...stats.HeatMap.map((c) => c.Bookings));
  const top = stats.HeatMap.reduce<(typeof stats.HeatMap)[number] | undefined>((best, c) => (!best || c.Bookings > best.Bookings ? c : best), undefined);
  const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;
  const day = (d: number) => t(`weekdays.${d}`);
  const table: TableData = {
    header: [t('heat.day'), ...hours.map(hourText)],
    rows: WEEKDAYS.map((d) => [day(d), ...hours.map((h) => String(count.get(`${d}:${h}`) ?? 0))]),
    values: WEEKDAYS.map((d) => [day(d), ...hours.map((h) => count.get(`${d}:${h}`) ?? 0)]),
  };
  return (
    <ChartSection
      title={t('heat.title')}
      summary={top ? t('heat.summary', { day: day(top.DayOfWeekId), hour: hourText(top.Hour), count: top.Bookings }) : ''}
      table={stats.HeatMap.length ? table : { ...table, rows: [], values: [] }}
      file={`busiest-hours-${stats.From}-${stats.To}`}
      empty={t('days.empty')}
      chart={
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${t('heat.title')} (${t('view.chart')})`}>
          <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: `5.5em repeat(${hours.length}, minmax(1.75em, 1fr))`, gap: '2px', minWidth: 'min-content' }}>
            <span />
            {hours.map((h) => (
              <Typography key={h} variant="caption" sx={{ textAlign: 'center' }}>
                {String(h).padStart(2, '0')}
              </Typography>
            ))}
            {WEEKDAYS.map((d) => [
              <Typography key={`d${d}`} variant="caption" noWrap>
                {day(d)}
              </Typography>,
              ...hours.map((h) => {
                const n = count.get(`${d}:${h}`) ?? 0;
                return (
                  <Box
                    key={`${d}:${h}`}
                    title={t('heat.cell', { day: day(d), hour: hourText(h), count: n })}
                    sx={{ height: 24, borderRadius: 0.5, bgcolor: (theme) => (n === 0 ? theme.palette.action.hover : alpha(theme.palette.primary.main, 0.15 + 0.85 * (n / max))) }}
                  />
                );
              }),
            ])}
          </Box>
        </Box>
      }
    />
  );
}
