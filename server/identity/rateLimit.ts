import type { Db } from '../db/db';

/**
 * Counts one hit against a fixed window shared by every process (table rate_limits) and answers
 * whether it is within `limit`, and if not, the seconds until the window ends.
 * @example
 * const { allowed, retryAfterSeconds } = await rateLimit(db, `forgot:${request.ip}`, 10, 15 * 60);
 */
export async function rateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const row = await db.one<{ hits: number; retry: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_start < now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
       window_start = case when r.window_start < now() - make_interval(secs => $2) then now() else r.window_start end
     returning hits, greatest(1, ceil(extract(epoch from r.window_start + make_interval(secs => $2) - now())))::int as retry`,
    [key, windowSeconds],
  );
  const hits = row?.hits ?? 1;
  return { allowed: hits <= limit, retryAfterSeconds: row?.retry ?? windowSeconds };
}

/** Drops windows that ended long ago. */
export async function purgeRateLimits(db: Db): Promise<void> {
  await db.query(`delete from rate_limits where window_start < now() - interval '1 day'`);
}
