/**
 * How much one request may ask for: every range a client can send, in one place. A larger range
 * answers 400 naming the field and its limit (message RangeTooLong: "'To' must be at most {limit}
 * days after 'From'"); lists page instead (Take at most 1000, server/autoquery). Chosen so that
 * the largest allowed request still answers in well under a second and other companies' requests
 * go on meanwhile (`npm run bench limits`).
 */
export const RANGE_LIMIT_DAYS = {
  /** GET /services/{Id}/availabletimes: a quarter, the longest calendar view the admin shows. */
  availableTimes: 93,
  /** GET /services/{Id}/nextfreetime: searched a week, then a month at a time, stopping at the first free time. */
  nextFreeTime: 366,
  /** POST /schedules/recurring/test and /schedules/date/test: as availabletimes. */
  scheduleTest: 93,
  /** GET /timeexceptions/report: every occurrence of every exception, a recurring one once per day. */
  timeExceptionReport: 366,
  /** GET /timeexceptions/collidingevents and a time exception's own From–To. */
  timeException: 3660,
} as const;

/** The most free times one availability answer lists; a range that would give more answers 400 (To). */
export const MAX_AVAILABLE_TIMES = 10_000;

export const DAY_MS = 86_400_000;
