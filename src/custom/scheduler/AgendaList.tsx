import { Box, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { DateTime } from 'luxon';
import { bookingCustomerName, resourceNames, totalQuantity, type Booking } from '../../common/bookings/bookingTypes';
import { StatusChip } from '../../common/bookings/StatusChip';
import { formatWireTime, dateLocale } from '../../i18n/format';
import type { QueueBadge } from './BoardColumn';
import { dayOf, statusLook, toWire, type BoardEvent, type Shade } from './model';


/**
 * The agenda: the range's bookings day by day as a list (the phone's default view: it never scrolls
 * sideways), with the time exceptions of each day and the customers waiting in the booking queue.
 * When the board is filtered to some resources, only their exceptions and the company-wide ones show.
 */
export function AgendaList({
  events,
  shades,
  queue,
  range,
  resourceIds,
  onOpen,
}: {
  events: readonly BoardEvent[];
  shades: readonly Shade[];
  queue: readonly QueueBadge[];
  range: { start: Date; end: Date };
  /** The resources the board is filtered to; empty for all. */
  resourceIds: readonly number[];
  onOpen: (b: Booking) => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const bookings = [...new Map(events.map((e) => [e.booking.Id, e.booking])).values()].sort((a, b) => a.From.localeCompare(b.From));
  const days: string[] = [];
  for (let d = new Date(range.start); d < range.end; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) days.push(dayOf(d));
  const shown = new Set(resourceIds);
  const exceptions = shades.filter((s) => s.kind === 'exception' && (shown.size === 0 || s.resourceId === null || shown.has(s.resourceId)));
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }} data-testid="scheduler-agenda">
      {days.map((day) => {
        const ofDay = bookings.filter((b) => b.From.slice(0, 10) === day);
        const closed = [...new Map(exceptions.filter((s) => dayOf(s.start) === day).map((s) => [`${s.reason}${s.start.getTime()}`, s])).values()];
        const waiting = queue.filter((q) => dayOf(q.mark.start) === day);
        const title = DateTime.fromISO(day).setLocale(dateLocale(locale)).toFormat('cccc d LLLL');
        return (
          <Box component="section" key={day} aria-label={title}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>
              {title}
            </Typography>
            {closed.map((s) => (
              <Typography key={`${s.reason}${s.start.getTime()}`} variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {`${formatWireTime(toWire(s.start), locale)}–${formatWireTime(toWire(s.end), locale)} ${s.reason || translate('scheduler.exception')}`}
              </Typography>
            ))}
            {waiting.map((q) => (
              <Typography key={q.mark.key} variant="body2" role="note" aria-label={q.label} sx={{ fontWeight: 600 }}>
                {`${formatWireTime(toWire(q.mark.start), locale)}–${formatWireTime(toWire(q.mark.end), locale)} ${translate('scheduler.queue.agenda', { smart_count: q.mark.count, service: q.mark.serviceName })}`}
              </Typography>
            ))}
            {ofDay.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('scheduler.noBookings')}
              </Typography>
            ) : (
              <List dense disablePadding>
                {ofDay.map((b) => (
                  <ListItem key={b.Id} disablePadding>
                  <ListItemButton onClick={() => onOpen(b)} divider data-booking-id={b.Id} sx={{ alignItems: 'flex-start', gap: 1 }}>
                    <Typography variant="body2" sx={{ minWidth: 92, fontVariantNumeric: 'tabular-nums' }}>
                      {`${formatWireTime(b.From, locale)}–${formatWireTime(b.To, locale)}`}
                    </Typography>
                    <ListItemText
                      sx={{ minWidth: 0, m: 0 }}
                      primary={[bookingCustomerName(b), b.ServiceName].filter(Boolean).join(' · ')}
                      secondary={`${resourceNames(b)}${resourceNames(b) ? ' · ' : ''}${translate('scheduler.quantity', { count: totalQuantity(b) })}`}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere', textDecoration: statusLook(b.StatusId) === 'canceled' ? 'line-through' : undefined } } }}
                    />
                    <StatusChip statusId={b.StatusId} fallbackName={b.StatusName} />
                  </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
