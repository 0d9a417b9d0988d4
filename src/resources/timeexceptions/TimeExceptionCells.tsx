import { Box, Button } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { TimeException } from '../../../schema/availability';
import { ColorDot } from '../../common/inputs/ColorInput';
import { useDayChoices } from '../schedules/inputs';

const hhmm = (t: string) => t.slice(0, 5);

/** When a time exception applies, as one line: a range, or weekdays and hours between two dates. */
export function TimeExceptionWhen({ record }: { record: TimeException }) {
  const days = useDayChoices(true);
  const translate = useTranslate();
  if (!record.IsRecurring) {
    const sameDay = record.From.slice(0, 10) === record.To.slice(0, 10);
    return (
      <span>
        {record.From.slice(0, 10)} {hhmm(record.From.slice(11))} – {sameDay ? '' : `${record.To.slice(0, 10)} `}
        {hhmm(record.To.slice(11))}
      </span>
    );
  }
  const weekdays = record.DaysOfWeek.length ? record.DaysOfWeek.map((d) => days.find((c) => c.id === d.DayOfWeekId)?.name).join(', ') : translate('engine.days.all');
  return (
    <span>
      {weekdays} {hhmm(record.FromTime)}–{hhmm(record.ToTime)} ({record.From.slice(0, 10)} – {record.To.slice(0, 10)})
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
