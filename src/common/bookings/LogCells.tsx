import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingLogEntry } from './bookingTypes';

const show = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '–' : typeof value === 'object' ? JSON.stringify(value) : String(value);

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

/** The changed fields as `field: before → after` (Before and After name only what changed), one a line, and the comment. */
export function LogChanges({ entry }: { entry: BookingLogEntry }) {
  const translate = useTranslate();
  const fields = [...new Set([...Object.keys(entry.Before ?? {}), ...Object.keys(entry.After ?? {})])];
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {fields.map((field) => (
        <li key={field}>{`${translate(`resources.bookings.fields.${field}`, { _: field })}: ${show(entry.Before?.[field])} → ${show(entry.After?.[field])}`}</li>
      ))}
      {entry.Comment ? <li>{entry.Comment}</li> : null}
    </Box>
  );
}
