import { Box, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { Link } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import { formatAmount, formatWireDate } from '../../i18n/format';
import type { BookingLogEntry } from './bookingTypes';
import { useBookingStatuses } from './useBookingStatuses';

const WIRE_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/;
const MONEY = new Set(['TotalPrice', 'PaidAmount', 'TotalPriceBeforeRebate', 'TotalVatAmount', 'Amount']);

/** What happened, in the interface language when the event is one the admin knows. */
export function LogEvent({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  return <>{entry.Event ? translate(`custom.bookings.log.events.${entry.Event}`, { _: entry.Event }) : ''}</>;
}

/** Who: administrator, customer or system, with the name where there is one. */
export function LogActor({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  const kind = entry.ActorType ? translate(`custom.bookings.log.actors.${entry.ActorType}`, { _: entry.ActorType }) : '';
  return <>{[kind, entry.ActorName].filter(Boolean).join(': ')}</>;
}

/**
 * The changed fields as `field: before → after` (Before and After name only what changed), one a line,
 * and the comment: dates as the interface writes them, statuses by name, amounts with the currency sign,
 * quantity lines as `quantity (amount)`.
 */
export function LogChanges({ entry, priceSign = '' }: { entry: BookingLogEntry; priceSign?: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const { byId } = useBookingStatuses();
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (field === 'StatusId' && typeof value === 'number') return byId.get(value)?.Name ?? String(value);
    if (MONEY.has(field) && typeof value === 'number') return formatAmount(value, priceSign, locale);
    if (typeof value === 'string' && WIRE_DATE.test(value)) return formatWireDate(value, locale);
    if (Array.isArray(value)) {
      return value
        .map((item) => {
          if (item && typeof item === 'object' && 'Quantity' in item) {
            const line = item as { Quantity: number; Price?: number };
            return typeof line.Price === 'number' ? `${line.Quantity} (${formatAmount(line.Price, priceSign, locale)})` : String(line.Quantity);
          }
          return typeof item === 'object' ? JSON.stringify(item) : String(item);
        })
        .join(', ');
    }
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const fields = [...new Set([...Object.keys(entry.Before ?? {}), ...Object.keys(entry.After ?? {})])].filter((field) => {
    const before = entry.Before?.[field];
    const after = entry.After?.[field];
    return !((before === null || before === undefined || before === '') && (after === null || after === undefined || after === ''));
  });
  const said = new Set(fields.map((f) => String(entry.After?.[f] ?? '')));
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {fields.map((field) => (
        <li key={field}>{`${translate(`resources.bookings.fields.${field}`, { _: field })}: ${show(field, entry.Before?.[field])} → ${show(field, entry.After?.[field])}`}</li>
      ))}
      {entry.Comment && !said.has(entry.Comment) ? <li>{entry.Comment}</li> : null}
    </Box>
  );
}

/**
 * Log entries as a stacked list for a phone's width, where the four-column table would scroll
 * sideways: when and what on the first line, then who and the changes. An entry links to its booking
 * when `link` gives a path.
 */
export function LogEntryList({ entries, priceSign, label, link }: { entries: readonly BookingLogEntry[]; priceSign?: string; label: string; link?: (entry: BookingLogEntry) => string }) {
  const locale = useLocale();
  return (
    <List dense aria-label={label} disablePadding>
      {entries.map((entry) => {
        const text = (
          <ListItemText
            primary={
              <>
                {`${formatWireDate(entry.Created, locale)} · `}
                <LogEvent entry={entry} />
                {link ? ` · #${entry.BookingId}` : ''}
              </>
            }
            secondary={
              <>
                <LogActor entry={entry} />
                <LogChanges entry={entry} priceSign={priceSign} />
              </>
            }
            slotProps={{ secondary: { component: 'div' } }}
          />
        );
        return (
          <ListItem key={entry.Id} divider disablePadding={Boolean(link)} data-testid="booking-log-row">
            {link ? (
              <ListItemButton component={Link} to={link(entry)}>
                {text}
              </ListItemButton>
            ) : (
              text
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
