import type { AvailableTime } from '../../../schema/availability';
import { ApiError } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { MAX_AVAILABLE_TIMES } from '../../shared/limits';
import { availableTimes, ZoneClock, type AvailabilityData, type AvailabilityQuery } from '../../../domain/availability';
import { withEngineErrors } from './availabilityData';
import { schedulingKey } from './messages';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** About this many entries are computed between two turns of the event loop. */
const STEP_ENTRIES = 250;

/** What an answer weighs: each time, and each resource's entry when ShowPerResource lists them. */
export function weight(time: AvailableTime): number {
  return 1 + (time.Resources?.length ?? 0);
}

/** The first instant at or after `t` that reads back as itself (not inside a repeated hour). */
export function roundTripping(clock: ZoneClock, t: number): number {
  let at = t;
  while (clock.toInstantLenient(clock.toLocal(at)) !== at) at += HOUR;
  return at;
}

/**
 * availableTimes over [from, to) in steps of about STEP_ENTRIES entries, yielding to other requests
 * between steps, and stopping with 400 (To, MAX_AVAILABLE_TIMES) as soon as the answer grows beyond
 * MAX_AVAILABLE_TIMES entries: a large window of a dense calendar can neither hold the server nor
 * build an answer of many megabytes. Slots are split by their start, as nextfreetime does.
 * @example
 * const times = await availableTimesInSteps(data, query, { from: window.from, to: window.to }, ctx.lang);
 */
export async function availableTimesInSteps(
  data: AvailabilityData,
  query: AvailabilityQuery,
  window: { from: number; to: number },
  lang: Lang,
): Promise<AvailableTime[]> {
  const clock = ZoneClock.of(data.timeZone);
  const times: AvailableTime[] = [];
  let total = 0;
  let span = 2 * HOUR;
  for (let start = window.from; start < window.to; ) {
    const end = Math.min(window.to, roundTripping(clock, start + span));
    const last = end === window.to;
    const step = { ...query, From: clock.format(start), To: clock.format(end), InsideSearchInterval: query.InsideSearchInterval === true && last };
    const part = last && start === window.from ? withEngineErrors(lang, data.timeZone, () => availableTimes(data, query)) : withEngineErrors(lang, data.timeZone, () => availableTimes(data, step));
    for (const time of part) {
      total += weight(time);
      times.push(time);
    }
    if (total > MAX_AVAILABLE_TIMES) throw ApiError.field(400, 'To', schedulingKey('TooManyTimes'), { limit: MAX_AVAILABLE_TIMES });
    start = end;
    if (last) break;
    const perMs = total / (start - window.from);
    span = Math.min(4 * span, 31 * DAY, perMs > 0 ? Math.max(HOUR, STEP_ENTRIES / perMs) : 31 * DAY);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return times;
}
