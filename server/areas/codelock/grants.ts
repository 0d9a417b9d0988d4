/**
 * Access grants from bookings (issue 34). Inside each booking change's transaction the grants are
 * planned: one row per door of the booking's resources, with one code for the booking (a PIN, or a
 * phone key's reference), valid from the company's margin before the start to its margin after the
 * end, never the code of another grant on that door whose window overlaps (the database refuses it
 * too). A move changes the window (and the code only when the old one is taken then); a cancellation
 * or a resource without the door marks the grant for revocation. Nothing is sent in the booking's
 * request: one outbox entry per change pushes the booking's grants to the lock afterwards, revocations
 * first, each call's answer written in the booking log; a lock that cannot be reached is retried by
 * the queue (and a revocation the queue gave up on by a job every five minutes, until the lock confirms it) and shown as the
 * company's last lock error until a call succeeds.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { RELEASED_STATUSES } from '../../../domain/bookings/statuses';
import type { BookingEvent } from '../../shared/bookingEvents';
import { adapterFor, LockRefused, LockUnreachable, type GrantRequest, type LockAdapter } from './adapters';
import { lockBase, recordLockError, systemSettings } from './settings';
import { PIN_LENGTHS, systemByKey, type SystemDef } from './systems';

export const CODELOCK_PUSH = 'codelock_push';
export const CODELOCK_RETRY_JOB = 'codelock_retry';

export interface GrantRow {
  id: number | string;
  booking_id: number;
  door_id: string;
  system: string;
  code: string;
  state: 'pending' | 'active' | 'revoking' | 'revoked';
  external_id: string | null;
  last_answer: string | null;
  valid_from: Date | string;
  valid_to: Date | string;
}

const GRANT_COLUMNS = 'id, booking_id, door_id, system, code, state, external_id, last_answer, lower(during) as valid_from, upper(during) as valid_to';

/** A new code: digits of the system's PIN length, or a phone key's reference. */
function newCode(def: SystemDef, pinLength: number): string {
  if (def.Credential === 'phone') return `K${Array.from({ length: 9 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('')}`;
  return Array.from({ length: pinLength }, () => String(randomInt(10))).join('');
}

/** Whether `code` is free on the door for the window (no other live grant there has it at an overlapping time). */
async function free(tx: Db, companyId: number, bookingId: number, door: string, code: string, from: Date, to: Date): Promise<boolean> {
  const taken = await tx.one(
    `select 1 from codelock_grants where company_id = $1 and door_id = $2 and code = $3 and state <> 'revoked' and booking_id <> $4 and during && tstzrange($5, $6)`,
    [companyId, door, code, bookingId, from, to],
  );
  return !taken;
}

/** A code free on every door for the window: `wanted` when it is, else a new one. */
async function codeFor(tx: Db, companyId: number, bookingId: number, doors: string[], from: Date, to: Date, def: SystemDef, pinLength: number, wanted?: string): Promise<string> {
  for (const door of [...doors].sort()) await tx.query("select pg_advisory_xact_lock(hashtext('codelock:' || $1::text || ':' || $2))", [companyId, door]);
  const ok = async (code: string) => {
    for (const door of doors) if (!(await free(tx, companyId, bookingId, door, code, from, to))) return false;
    return true;
  };
  if (wanted && (await ok(wanted))) return wanted;
  for (let i = 0; i < 50; i++) {
    const code = newCode(def, pinLength);
    if (await ok(code)) return code;
  }
  throw new Error('no free door code');
}

/**
 * Brings the booking's grants in line with the booking (in its transaction). Answers whether
 * anything changed (then the caller queues a push).
 */
export async function planGrants(tx: Db, companyId: number, bookingId: number): Promise<boolean> {
  // One look-up for the companies without door locks (every booking change of every company passes here).
  const settings = await tx.one<{ active: boolean | null; system: string | null; margin_before_minutes: number; margin_after_minutes: number; has_grants: boolean }>(
    `select s.active, s.system, s.margin_before_minutes, s.margin_after_minutes,
            exists (select 1 from codelock_grants g where g.booking_id = $2 and g.state <> 'revoked') as has_grants
       from (select $1::int as company_id) c left join codelock_settings s on s.company_id = c.company_id`,
    [companyId, bookingId],
  );
  if (!(settings?.active && settings.system) && !settings?.has_grants) return false;
  const booking = await tx.one<{ status_id: number; starts_at: Date | string; ends_at: Date | string }>('select status_id, starts_at, ends_at from bookings where id = $1 and company_id = $2', [bookingId, companyId]);
  const existing = await tx.query<GrantRow>(`select ${GRANT_COLUMNS} from codelock_grants where booking_id = $1 and company_id = $2 and state <> 'revoked' order by id`, [bookingId, companyId]);
  const def = settings?.active && settings.system ? systemByKey(settings.system) : undefined;
  const live = !!booking && !!def && !RELEASED_STATUSES.includes(booking.status_id);
  const doors = live
    ? (
        await tx.query<{ door_id: string }>(
          'select distinct d.door_id from codelock_doors d join booking_allocations a on a.resource_id = d.resource_id where a.booking_id = $1 and d.company_id = $2 order by d.door_id',
          [bookingId, companyId],
        )
      ).map((r) => r.door_id)
    : [];
  let changed = false;
  for (const row of existing.filter((r) => r.state !== 'revoking' && (!doors.includes(r.door_id) || r.system !== def?.Key))) {
    await tx.query("update codelock_grants set state = 'revoking', updated = now() where id = $1", [row.id]);
    changed = true;
  }
  if (!doors.length || !booking || !def || !settings?.active) return changed;
  const from = new Date(new Date(booking.starts_at).getTime() - settings.margin_before_minutes * 60_000);
  const to = new Date(new Date(booking.ends_at).getTime() + settings.margin_after_minutes * 60_000);
  const pinLength = Number((await systemSettings(tx, companyId, def)).values.PinLength) || PIN_LENGTHS.default;
  const kept = existing.filter((r) => r.system === def.Key && doors.includes(r.door_id) && r.state !== 'revoking');
  const same = (r: GrantRow) => new Date(r.valid_from).getTime() === from.getTime() && new Date(r.valid_to).getTime() === to.getTime();
  const missing = doors.filter((d) => !kept.some((r) => r.door_id === d));
  if (kept.every(same) && !missing.length) return changed;
  const code = await codeFor(tx, companyId, bookingId, doors, from, to, def, pinLength, kept[0]?.code);
  for (const row of kept) {
    if (same(row) && row.code === code) continue;
    await tx.query("update codelock_grants set during = tstzrange($2, $3), code = $4, state = 'pending', updated = now() where id = $1", [row.id, from, to, code]);
  }
  for (const door of missing) {
    await tx.query('insert into codelock_grants (company_id, booking_id, door_id, system, code, during) values ($1, $2, $3, $4, $5, tstzrange($6, $7))', [companyId, bookingId, door, def.Key, code, from, to]);
  }
  return true;
}

/** Queues one push of the booking's grants, in `tx`. */
export async function queuePush(app: FastifyInstance, tx: Db, companyId: number, bookingId: number): Promise<void> {
  await app.outbox.add(tx, { companyId, kind: CODELOCK_PUSH, key: `codelock:${bookingId}:${Date.now()}:${randomInt(1e9)}`, payload: { bookingId } });
}

async function log(db: Db, companyId: number, bookingId: number, event: string, comment: string): Promise<void> {
  await db.query(`insert into booking_log (company_id, booking_id, event, actor_type, comment) values ($1, $2, $3, 'System', $4)`, [companyId, bookingId, event, comment.slice(0, 1000)]);
}

/** What one push did with each grant. */
export interface PushResult {
  doorId: string;
  state: GrantRow['state'];
  answer: string;
  ok: boolean;
}

/**
 * Sends the booking's pending grants and revocations to the lock (revocations first). A lock that
 * cannot be reached, or refuses a revocation, throws after the rest are tried (so the queue retries);
 * a refused grant stays pending with the lock's words (resync tries it again).
 */
export async function pushGrants(app: FastifyInstance, companyId: number, bookingId: number, again = false): Promise<PushResult[]> {
  if (again) await app.db.query("update codelock_grants set state = 'pending', updated = now() where booking_id = $1 and company_id = $2 and state = 'active'", [bookingId, companyId]);
  const rows = await app.db.query<GrantRow>(
    `select ${GRANT_COLUMNS} from codelock_grants where booking_id = $1 and company_id = $2 and state in ('pending', 'revoking') order by state = 'revoking' desc, id`,
    [bookingId, companyId],
  );
  const holder = await app.db.one<{ name: string; phone: string | null; email: string | null }>(
    `select trim(concat(customer_firstname, ' ', customer_lastname)) as name, customer_phone as phone, customer_email as email from bookings_view where id = $1 and company_id = $2`,
    [bookingId, companyId],
  );
  const adapters = new Map<string, { def: SystemDef; adapter: LockAdapter }>();
  const results: PushResult[] = [];
  let retry: Error | undefined;
  for (const row of rows) {
    const def = systemByKey(row.system);
    if (!def) continue;
    if (!adapters.has(def.Key)) {
      const { values } = await systemSettings(app.db, companyId, def);
      adapters.set(def.Key, { def, adapter: adapterFor(def.Key, values, lockBase(app.config.publicUrl, def, values)) });
    }
    const { adapter } = adapters.get(def.Key)!;
    const grant: GrantRequest = { doorId: row.door_id, code: row.code, from: new Date(row.valid_from), to: new Date(row.valid_to), bookingId, holder: { name: holder?.name ?? '', phone: holder?.phone ?? '', email: holder?.email ?? '' } };
    const where = `${def.Name}, door ${row.door_id}`;
    try {
      if (row.state === 'revoking') {
        const answer = row.external_id ? await adapter.revoke(row.external_id) : { text: 'never sent to the lock' };
        await settle(app.db, row, 'revoked', row.external_id, answer.text);
        await log(app.db, companyId, bookingId, 'DoorCodeRevoked', `${where}: ${answer.text}`);
        results.push({ doorId: row.door_id, state: 'revoked', answer: answer.text, ok: true });
        continue;
      }
      let answer = row.external_id ? await adapter.update(row.external_id, grant).catch((err: unknown) => (err instanceof LockRefused && err.status === 404 ? null : Promise.reject(err))) : null;
      const created = !answer;
      answer ??= await adapter.create(grant);
      const current = await settle(app.db, row, 'active', answer.externalId ?? row.external_id, answer.text);
      const kind = created && !row.external_id ? 'DoorCodeGranted' : 'DoorCodeChanged';
      await log(app.db, companyId, bookingId, kind, `${where}, ${def.Credential === 'pin' ? 'code' : 'phone key'} ${row.code}, ${grant.from.toISOString()}–${grant.to.toISOString()}: ${answer.text}`);
      results.push({ doorId: row.door_id, state: current ? 'active' : 'pending', answer: answer.text, ok: true });
    } catch (err) {
      if (!(err instanceof LockUnreachable || err instanceof LockRefused)) throw err;
      await app.db.query('update codelock_grants set last_answer = $2, updated = now() where id = $1', [row.id, err.message.slice(0, 500)]);
      await log(app.db, companyId, bookingId, 'DoorCodeFailed', `${where}: ${err.message}`);
      await recordLockError(app.db, companyId, `${where}: ${err.message}`);
      results.push({ doorId: row.door_id, state: row.state, answer: err.message, ok: false });
      if (err instanceof LockUnreachable || row.state === 'revoking') retry = err;
    }
  }
  if (retry) throw retry;
  if (results.length && results.every((r) => r.ok)) await recordLockError(app.db, companyId, null);
  return results;
}

/** Marks a grant sent, unless the booking changed it meanwhile (then its own push sends it). Answers whether it was marked. */
async function settle(db: Db, row: GrantRow, state: 'active' | 'revoked', externalId: string | null | undefined, answer: string): Promise<boolean> {
  const same = `state = $5 and code = $6 and during = tstzrange($7, $8)`;
  const done = await db.query<{ state: string }>(
    `update codelock_grants set state = case when ${same} then $2 else state end, external_id = $3, last_answer = $4, updated = now()
      where id = $1 returning state`,
    [row.id, state, externalId ?? null, answer.slice(0, 500), row.state, row.code, new Date(row.valid_from), new Date(row.valid_to)],
  );
  return done[0]?.state === state;
}

/** Subscribes to booking changes, delivers pushes, and re-queues what the queue gave up on. */
export default async function grants(app: FastifyInstance): Promise<void> {
  app.outbox.handle(CODELOCK_PUSH, async (payload, entry) => {
    await pushGrants(app, entry.companyId!, Number(payload.bookingId));
  });
  app.bookingEvents.on(async (tx, event: BookingEvent) => {
    if (await planGrants(tx, event.companyId, event.bookingId)) await queuePush(app, tx, event.companyId, event.bookingId);
  });
  if (app.hasDecorator('jobs')) {
    app.jobs.every(CODELOCK_RETRY_JOB, '*/5 * * * *', async () => {
      const open = await app.db.query<{ company_id: number; booking_id: number }>(
        `select distinct g.company_id, g.booking_id from codelock_grants g
          where g.state = 'revoking' and g.updated < now() - interval '2 minutes'
            and not exists (select 1 from outbox o where o.company_id = g.company_id and o.kind = $1 and o.state = 'queued' and o.payload ->> 'bookingId' = g.booking_id::text)
          limit 200`,
        [CODELOCK_PUSH],
      );
      for (const g of open) await app.db.tx((tx) => queuePush(app, tx, g.company_id, g.booking_id));
    });
  }
}
