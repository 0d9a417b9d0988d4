import type { CallerContext } from './context';
import type { Db } from '../db/db';

/**
 * Replaces the rows of a link table for one owner: deletes the old links, inserts the new ones.
 * @example await replaceLinks(db, ctx, 'recurring_schedule_services', 'schedule_id', 7, 'service_id', [1, 2]);
 */
export async function replaceLinks(db: Db, ctx: CallerContext, table: string, ownerColumn: string, ownerId: number, column: string, ids: readonly number[]): Promise<void> {
  await db.query(`delete from ${table} where ${ownerColumn} = $1 and company_id = $2`, [ownerId, ctx.companyId]);
  if (ids.length === 0) return;
  await db.query(
    `insert into ${table} (company_id, ${ownerColumn}, ${column}) select $1, $2, unnest($3::int[]) on conflict do nothing`,
    [ctx.companyId, ownerId, [...ids]],
  );
}
