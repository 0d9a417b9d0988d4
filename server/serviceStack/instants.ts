import { DateTime } from 'luxon';

/** The wire's zone-less local form. */
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

/** ISO 8601 with `Z` or an offset: what `JSON.stringify(new Date())` writes (`2026-12-31T23:00:00.000Z`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/** WCF's form, which ServiceStack reads and `toDateTime()` of @servicestack/client writes: `/Date(1798758000000)/`, `/Date(1798758000000+0100)/`. */
const WCF_DATE = /^\/Date\((-?\d{1,15})([+-]\d{4})?\)\/$/;

/**
 * `String(date)` of a JavaScript Date, which is what @servicestack/client puts in a query string for a
 * Date (`encodeURIComponent(date)`): `Fri Jan 01 2027 00:00:00 GMT+0100 (Central European Standard Time)`.
 */
const JS_DATE_STRING = /^((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4})(?: \([^()]*\))?$/;

function parseInstant(text: string): DateTime | undefined {
  if (ISO_INSTANT.test(text)) return DateTime.fromISO(text, { setZone: true });
  const wcf = WCF_DATE.exec(text);
  if (wcf) return DateTime.fromMillis(Number(wcf[1]), { zone: 'utc' });
  const js = JS_DATE_STRING.exec(text);
  if (js) return DateTime.fromFormat(js[1], "EEE MMM dd yyyy HH:mm:ss 'GMT'ZZZ", { locale: 'en-US', setZone: true });
  return undefined;
}

/**
 * An instant as ServiceStack clients write it, as the wire's zone-less local time in `zone`; undefined
 * when the text is not an instant (a zone-less local time, or something that is not a date at all,
 * which validation then judges) or names an impossible date.
 * @example
 * instantToLocal('2026-12-31T23:00:00.000Z', 'Europe/Stockholm');   // '2027-01-01T00:00:00'
 * instantToLocal('/Date(1798758000000)/', 'Europe/Stockholm');      // '2027-01-01T00:00:00'
 * instantToLocal('Fri Jan 01 2027 00:00:00 GMT+0100 (CET)', 'Europe/Stockholm'); // '2027-01-01T00:00:00'
 * instantToLocal('2026-12-31T23:00:00', 'Europe/Stockholm');        // undefined (already local)
 */
export function instantToLocal(text: string, zone: string): string | undefined {
  const instant = parseInstant(text.trim());
  if (!instant?.isValid) return undefined;
  const local = instant.setZone(zone);
  return local.isValid ? local.toFormat(LOCAL_FORMAT) : undefined;
}
