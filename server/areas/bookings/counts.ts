/**
 * The bookings list's Total without count(*) (migration 051): the company's folded total plus its
 * change rows, read in one statement. A process folds the rows once enough have gathered.
 */
import type { Db } from '../../db/db';
import type { BookingQuery } from '../../../schema/bookings';

/** Change rows let gather for a company before a read folds them into its total. */
const FOLD_AT = 512;
const folding = new Set<string>();

/**
 * The company's number of bookings when the query sets none of the `narrowing` parameters (the
 * list's filters and Search), else undefined (count them).
 * @example const total = await bookingTotal(db, companyId, query, ['StatusIds', 'Search']); // 200000
 */
export async function bookingTotal(db: Db, companyId: number, query: BookingQuery, narrowing: readonly string[]): Promise<number | undefined> {
  const q = query as Record<string, unknown>;
  if (narrowing.some((k) => q[k] !== undefined && q[k] !== null && q[k] !== '' && !(Array.isArray(q[k]) && (q[k] as unknown[]).length === 0))) return undefined;
  const row = await db.one<{ total: number; pending: number }>(
    `select coalesce((select total from booking_counts where company_id = $1), 0)
              + coalesce((select sum(total) from booking_count_changes where company_id = $1), 0)::int as total,
            (select count(*) from booking_count_changes where company_id = $1)::int as pending`,
    [companyId],
  );
  if (!row) return undefined;
  const key = String(companyId);
  if (row.pending >= FOLD_AT && !folding.has(key)) {
    folding.add(key);
    void db
      .query('select fold_booking_counts($1)', [companyId])
      .catch(() => undefined)
      .finally(() => folding.delete(key));
  }
  return Number(row.total);
}
