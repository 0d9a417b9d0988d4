import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { daysIn, isDay, MAX_RANGE_DAYS } from './choices';

/**
 * The From and To fields of custom dates. What is typed stays in the fields; the range is chosen
 * (onChange) only once both are real days in order and within MAX_RANGE_DAYS, so a year typed digit
 * by digit never asks for year 0002, and an end before the start says so under To.
 * @example <CustomRangeFields from="2026-01-01" to="2026-01-31" onChange={(from, to) => choose({ from, to })} />
 */
export function CustomRangeFields({ from, to, onChange }: { from: string; to: string; onChange: (from: string, to: string) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const complete = isDay(draft.from) && isDay(draft.to);
  const problem = !complete ? null : draft.to < draft.from ? translate('custom.statistics.range.order') : daysIn(draft.from, draft.to) > MAX_RANGE_DAYS ? translate('custom.statistics.range.tooLong', { days: MAX_RANGE_DAYS }) : null;
  const edit = (change: Partial<typeof draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (isDay(next.from) && isDay(next.to) && next.from <= next.to && daysIn(next.from, next.to) <= MAX_RANGE_DAYS && (next.from !== from || next.to !== to)) onChange(next.from, next.to);
  };
  return (
    <>
      <TextField type="date" label={translate('custom.statistics.range.from')} value={draft.from} onChange={(e) => edit({ from: e.target.value })} size="small" slotProps={{ inputLabel: { shrink: true } }} />
      <TextField
        type="date"
        label={translate('custom.statistics.range.to')}
        value={draft.to}
        onChange={(e) => edit({ to: e.target.value })}
        error={problem !== null}
        helperText={problem}
        size="small"
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
