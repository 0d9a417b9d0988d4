const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * A browser date as yyyy-MM-dd on the local calendar.
 * @example localDate(new Date(2025, 0, 31)) // '2025-01-31'
 */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * yyyy-MM-dd moved by whole days on the calendar.
 * @example addDays('2025-01-31', 1) // '2025-02-01'
 */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return localDate(new Date(y, m - 1, d + days));
}
