/**
 * Reading bookings that overlap a time from the (company_id, starts_at, id) index. "Ends after X"
 * alone is a range that runs to the end of the table; migration 051 keeps booking_counts.longest at
 * least the company's longest booking, so "starts after X - longest" bounds the same set and lets
 * the starts index be read from there. Used by the bookings list's date filter and by availability.
 * @example
 * startsAfterLongest('$2', '$1', 'b') // "b.starts_at > $2::timestamptz - coalesce((select c.longest … where c.company_id = $1), interval '0')"
 */
export const startsAfterLongest = (bound: string, company: string, alias = 't'): string =>
  `${alias}.starts_at > ${bound}::timestamptz - coalesce((select c.longest from booking_counts c where c.company_id = ${company}), interval '0')`;
