import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { HistoryChange } from '../../../schema/history';

/** The longest a value is shown in a history line; the rest is cut with an ellipsis. */
const MAX_CHARS = 120;

/**
 * A value of a history change as text: names of linked records, custom field values, yes/no, and
 * rich text without its tags.
 * @example historyValue([{ Id: 1, Name: 'Bana 1' }, { Id: 2, Name: 'Bana 2' }], t) // 'Bana 1, Bana 2'
 */
export function historyValue(value: unknown, translate: (key: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  if (typeof value === 'string') return cut(value.includes('<') ? new DOMParser().parseFromString(value, 'text/html').body.textContent ?? value : value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? cut(value.map((item) => historyValue(shownPart(item), translate)).join(', ')) : '—';
  return cut(JSON.stringify(value));
}

/** What of a list item a person reads: its Name, or its Value (custom fields), else the item. */
function shownPart(item: unknown): unknown {
  if (!item || typeof item !== 'object') return item;
  const record = item as Record<string, unknown>;
  return record.Name ?? record.Value ?? record.Id ?? item;
}

const cut = (text: string) => (text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text);

/**
 * The changed fields of one history entry, a line each: the field's label (from the resource's
 * messages), the value before and after.
 * @example <HistoryChanges resource="customers" changes={entry.Changes} />
 */
export function HistoryChanges({ resource, changes }: { resource: string | undefined; changes: readonly HistoryChange[] }) {
  const translate = useTranslate();
  const label = (field: string) => (resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {changes.map((change) => (
        <Typography component="li" variant="body2" key={change.Field}>
          <strong>{label(change.Field)}</strong>: {historyValue(change.Before, translate)} → {historyValue(change.After, translate)}
        </Typography>
      ))}
    </Box>
  );
}
