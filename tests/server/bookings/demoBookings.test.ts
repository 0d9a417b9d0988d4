/**
 * The demo week the server's first start books (server/db/seed/bookings.ts): bookings a first look can
 * act on like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db';
import { seedDemoBookings } from '../../../server/db/seed/bookings';
import { freshDb } from '../template';

let fresh: { db: Db; drop: () => Promise<void> };
beforeAll(async () => {
  fresh = await freshDb();
});
afterAll(async () => fresh?.drop());

describe('demo bookings', () => {
  it('each paid one has its payment in the payment log (so it can be refunded), each with its log entry', async () => {
    const { db } = fresh;
    const company = (await db.one<{ id: number }>("select min(id)::int as id from companies"))!;
    const made = await db.tx((tx) => seedDemoBookings(tx, company.id));
    expect(made).toBeGreaterThan(10);
    const paid = await db.query<{ id: number; total: number; paid: number; payments: number }>(
      `select b.id, b.total_price_minor::float8 as total, b.paid_minor::float8 as paid,
              coalesce((select sum(p.amount_minor) from booking_payments p where p.booking_id = b.id and p.kind = 'Payment'), 0)::float8 as payments
         from bookings b where b.company_id = $1 and b.status_id = 7`,
      [company.id],
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const b of paid) expect(b, `booking ${b.id}`).toMatchObject({ paid: b.total, payments: b.total });
    const unlogged = await db.one<{ n: number }>('select count(*)::int as n from bookings b where b.company_id = $1 and not exists (select 1 from booking_log l where l.booking_id = b.id)', [company.id]);
    expect(unlogged!.n).toBe(0);
  });
});
