import { Box, Button } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { useLocale, useTranslate } from 'react-admin';
import { formatWireDate, formatWireSpan, formatWireTime } from '../../i18n/format';
import { Link } from 'react-router-dom';
import type { TimeException } from '../../../schema/availability';
import { ColorDot } from '../../common/inputs/ColorInput';
import { useDayChoices } from '../schedules/inputs';


/** When a time exception applies, as one line: a range, or weekdays and hours between two dates. */
export function TimeExceptionWhen({ record }: { record: TimeException }) {
  const days = useDayChoices(true);
  const translate = useTranslate();
  const locale = useLocale();
  if (!record.IsRecurring) return <span>{formatWireSpan(record.From, record.To, locale, ' – ')}</span>;
  const weekdays = record.DaysOfWeek.length ? record.DaysOfWeek.map((d) => days.find((c) => c.id === d.DayOfWeekId)?.name).join(', ') : translate('engine.days.all');
  return (
    <span>
      {weekdays} {formatWireTime(record.FromTime, locale)}–{formatWireTime(record.ToTime, locale)} ({formatWireDate(record.From.slice(0, 10), locale)} –{' '}
      {formatWireDate(record.To.slice(0, 10), locale)})
    </span>
  );
}

/** The exception's colour and its public reason (or the private one). */
export function TimeExceptionReason({ record }: { record: TimeException }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <ColorDot color={record.Color} />
      {record.ReasonTextPublic ?? record.ReasonText ?? ''}
    </Box>
  );
}

/** Link to /time-exceptions-report. */
export function ReportButton() {
  const translate = useTranslate();
  return (
    <Button component={Link} to="/time-exceptions-report" startIcon={<AssessmentIcon />}>
      {translate('custom.scheduling.report.title')}
    </Button>
  );
}
