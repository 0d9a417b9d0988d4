import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingLogEntry } from './bookingTypes';

const show = (value: unknown): string => (value === null || value === undefined || value === '' ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** What happened, in the interface language when the event is one the admin knows. */
export function LogEvent({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  const type = entry.EventType ?? '';
  return <>{type ? translate(`custom.bookings.log.events.${type}`, { _: type }) : ''}</>;
}

/** Who: administrator, customer or system, with the name where there is one. */
export function LogActor({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  const kind = entry.ChangedByType ? translate(`custom.bookings.log.actors.${entry.ChangedByType}`, { _: entry.ChangedByType }) : '';
  return <>{[kind, entry.ChangedByName].filter(Boolean).join(': ')}</>;
}

/** The changed fields as `field: before → after`, one a line, and the comment. */
export function LogChanges({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {(entry.Changes ?? []).map((c, i) => (
        <li key={`${c.Field}-${i}`}>
          {`${translate(`resources.bookings.fields.${c.Field}`, { _: c.Field })}: ${show(c.Before)} → ${show(c.After)}`}
        </li>
      ))}
      {entry.Comments ? <li>{entry.Comments}</li> : null}
    </Box>
  );
}
