/**
 * A VTIMEZONE (RFC 5545 3.6.5) for an IANA zone, from the zone data Node carries (through luxon): one
 * STANDARD or DAYLIGHT observance per offset change in the years asked for, so a calendar that does
 * not know the zone's name still places every event at the right instant.
 */
import { DateTime } from 'luxon';

const pad = (n: number) => String(n).padStart(2, '0');
const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
const local = (dt: DateTime) => dt.toFormat("yyyyMMdd'T'HHmmss");

/** The instants (UTC millis) in [from, to) where the zone's offset changes, found hour by hour then narrowed to the minute. */
function transitions(zone: string, from: DateTime, to: DateTime): DateTime[] {
  const found: DateTime[] = [];
  let at = from.setZone(zone);
  while (at < to) {
    const next = at.plus({ hours: 6 });
    if (next.offset !== at.offset) {
      let lo = at.toMillis();
      let hi = next.toMillis();
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (DateTime.fromMillis(mid, { zone }).offset === at.offset) lo = mid;
        else hi = mid;
      }
      found.push(DateTime.fromMillis(hi, { zone }));
    }
    at = next;
  }
  return found;
}

/**
 * The VTIMEZONE text of `zone` for the years `fromYear`..`toYear` (ical-generator's timezone generator).
 * @example vtimezone('Europe/Stockholm', 2026, 2027) // 'BEGIN:VTIMEZONE\r\nTZID:Europe/Stockholm\r\n…'
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string | null {
  const start = DateTime.fromObject({ year: fromYear, month: 1, day: 1 }, { zone });
  if (!start.isValid) return null;
  const end = DateTime.fromObject({ year: toYear + 1, month: 1, day: 1 }, { zone });
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const changes = transitions(zone, start, end);
  // The offset in force at the start, as its own observance, so a zone without changes has one too.
  const january = start.offset;
  const july = start.set({ month: 7 }).offset;
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', wall: DateTime, name: string | null, before: number, after: number) => {
    lines.push(`BEGIN:${kind}`, `DTSTART:${local(wall)}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `TZNAME:${name ?? offsetText(after)}`, `END:${kind}`);
  };
  const standardOffset = Math.min(january, july);
  observance(start.offset > standardOffset ? 'DAYLIGHT' : 'STANDARD', start, start.offsetNameShort, start.offset, start.offset);
  for (const at of changes) {
    const before = at.minus({ minutes: 1 }).offset;
    // DTSTART is the local time before the change (RFC 5545: in the offset being left).
    const wall = DateTime.fromMillis(at.toMillis(), { zone: 'UTC' }).plus({ minutes: before });
    observance(at.offset > standardOffset ? 'DAYLIGHT' : 'STANDARD', wall, at.offsetNameShort, before, at.offset);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
