/**
 * A schedule body's rules beyond its schema, with the normalising they go with (seconds on times,
 * dates cut to the day). The checks that read only the body also run on it as sent, before the
 * schema (the declarations' checkInput), so a refusal names their fields with the schema's own.
 */
import { DateTime } from 'luxon';
import type { DateScheduleDate, RecurringScheduleDate, ScheduleException } from '../../../schema/availability';
import type { RecurringScheduleTest, RecurringScheduleWrite } from '../../../schema/scheduling';
import { ValidationErrors } from '../../shared/errors';
import { parseLocal } from '../../../domain/availability';
import { sentList, sentObject, sentString } from '../../shared/sentInput';
import { schedulingKey } from './messages';

const withSeconds = (time: string): string => (time.length === 5 ? `${time}:00` : time);

function validDate(text: string | null | undefined): boolean {
  return !text || DateTime.fromISO(text.slice(0, 10)).isValid;
}

/** A closed period of a recurring schedule must not end where it starts (run on the body as sent, too). */
export function checkExceptions(sent: unknown, errors: ValidationErrors): void {
  (sentList(sent) ?? []).forEach((item, i) => {
    const e = sentObject(item);
    const start = sentString(e?.StartTime);
    const end = sentString(e?.EndTime);
    if (start !== undefined && end !== undefined && withSeconds(start) === withSeconds(end)) errors.add(`Exceptions[${i}].EndTime`, 'InvalidValue');
  });
}

/** The recurring fields of a body, normalised; problems are collected in `errors`. */
export function normalizeRecurring<T extends RecurringScheduleWrite | RecurringScheduleTest>(input: T, errors: ValidationErrors, existingDates?: readonly RecurringScheduleDate[]): T {
  const validFrom = input.ValidFrom ? input.ValidFrom.slice(0, 10) : input.ValidFrom;
  const validTo = input.ValidTo ? input.ValidTo.slice(0, 10) : input.ValidTo;
  if (!validDate(validFrom)) errors.add('ValidFrom', 'InvalidFormat');
  if (!validDate(validTo)) errors.add('ValidTo', 'InvalidFormat');
  if (validFrom && validTo && validDate(validFrom) && validDate(validTo) && validFrom > validTo) errors.add('ValidFrom', 'FromAfterTo', { other: 'ValidTo' });
  const dates = input.ScheduleDates?.map((d, i): RecurringScheduleDate => {
    const date = d.Date ? d.Date.slice(0, 10) : null;
    if (!validDate(date)) errors.add(`ScheduleDates[${i}].Date`, 'InvalidFormat');
    return { Date: date, DayOfWeekId: d.DayOfWeekId ?? null, StartTime: withSeconds(d.StartTime), EndTime: withSeconds(d.EndTime) };
  });
  if (input.IsFixedTimes && (dates ?? existingDates ?? []).length === 0) errors.add('ScheduleDates', schedulingKey('FixedSetTimeRequired'));
  const exceptions = input.Exceptions?.map((e): ScheduleException => ({ StartTime: withSeconds(e.StartTime), EndTime: withSeconds(e.EndTime) }));
  checkExceptions(input.Exceptions, errors);
  return {
    ...input,
    ValidFrom: validFrom,
    ValidTo: validTo,
    StartTime: withSeconds(input.StartTime),
    EndTime: withSeconds(input.EndTime),
    DaysOfWeek: [...new Set(input.DaysOfWeek)].sort((a, b) => a - b),
    ...(exceptions ? { Exceptions: exceptions } : {}),
    ...(dates ? { ScheduleDates: dates } : {}),
  };
}


/** The wire ScheduleDates of a date schedule body: same-day entries dropped (spec), the rest checked. */
export function normalizeDateEntries(entries: readonly DateScheduleDate[], errors: ValidationErrors): DateScheduleDate[] {
  const kept: DateScheduleDate[] = [];
  entries.forEach((entry, i) => {
    const from = parseLocal(entry.From);
    const to = parseLocal(entry.To);
    if (!from) errors.add(`ScheduleDates[${i}].From`, 'InvalidFormat');
    if (!to) errors.add(`ScheduleDates[${i}].To`, 'InvalidFormat');
    if (!from || !to) return;
    if (entry.From.slice(0, 10) === entry.To.slice(0, 10)) return;
    if (from.local >= to.local) errors.add(`ScheduleDates[${i}].From`, 'FromAfterTo', { other: `ScheduleDates[${i}].To` });
    else kept.push({ From: entry.From, To: entry.To });
  });
  return kept;
}

/** normalizeDateEntries, and a stored schedule needs at least one entry left (spec). */
export function checkDateEntries(entries: readonly DateScheduleDate[], errors: ValidationErrors): DateScheduleDate[] {
  const kept = normalizeDateEntries(entries, errors);
  const allDropped = entries.every((e) => e.From.slice(0, 10) === e.To.slice(0, 10));
  if (!kept.length && allDropped) errors.add('ScheduleDates', schedulingKey('DateScheduleNeedsDates'));
  return kept;
}

/** The ScheduleDates as sent, when every entry has the schema's shape (else the schema speaks). */
export function sentDateEntries(sent: unknown): DateScheduleDate[] | undefined {
  const list = sentList(sent)?.map(sentObject);
  return list?.every((e) => typeof e?.From === 'string' && typeof e.To === 'string') ? (list as unknown as DateScheduleDate[]) : undefined;
}

