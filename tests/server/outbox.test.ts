import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../../server/db/db';
import { JobQueue } from '../../server/integrations/jobs';
import { SandboxMailer, listOutbox } from '../../server/integrations/mail/index';
import { deliverQueuedMail, queueMail } from '../../server/integrations/mail/queue';
import { Outbox } from '../../server/shared/outbox/outbox';
import { freshDb, PG_TEMPLATE_DB, PGLITE_TEMPLATE, TMP, withDatabase } from './template';

/** A database that can be closed and opened again, as a process that dies and restarts sees it. */
async function durableDb(): Promise<{ open(): Promise<Db>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `booking_test_outbox_${process.pid}_${Date.now()}`;
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`create database ${name} template ${PG_TEMPLATE_DB}`);
    return {
      open: () => openDb({ databaseUrl: withDatabase(url, name) }),
      drop: async () => {
        await admin.exec(`drop database if exists ${name} with (force)`);
        await admin.close();
      },
    };
  }
  const dataDir = join(TMP, `outbox-restart-${process.pid}-${Date.now()}`);
  let first = true;
  return {
    open: async () => {
      const loadDataDir = first ? new Blob([readFileSync(PGLITE_TEMPLATE)]) : undefined;
      first = false;
      return openDb({ dataDir, loadDataDir });
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The queue, outbox and sandbox mailer of one process on `db`. */
function services(db: Db, retry = { maxAttempts: 8, retryDelaySeconds: 5 }) {
  const jobs = new JobQueue(db, { pollSeconds: 0.5 });
  const outbox = new Outbox(db, jobs, retry);
  deliverQueuedMail(outbox, new SandboxMailer(db, 'no-reply@example.com'));
  return { jobs, outbox };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function started(retry?: { maxAttempts: number; retryDelaySeconds: number }) {
  const { db, drop } = await freshDb();
  const { jobs, outbox } = services(db, retry);
  cleanups.push(drop, () => jobs.stop());
  const companyId = (await db.one<{ id: number }>('select min(id) as id from companies'))!.id;
  return { db, jobs, outbox, companyId };
}

const mail = (companyId: number, to: string) => ({ companyId, to, subject: 'Your booking', text: 'See you on Monday', kind: 'booking_confirmation' });

describe('outbox', () => {
  it('sends nothing for a rolled-back change', async () => {
    const { db, jobs, outbox, companyId } = await started();
    await jobs.start();
    await expect(
      db.tx(async (tx) => {
        await queueMail(outbox, tx, mail(companyId, 'rolled-back@example.com'), 'booking:1');
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    await jobs.drain();
    expect(await listOutbox(db, companyId, { to: 'rolled-back@example.com' })).toHaveLength(0);
    expect(await outbox.list(db, companyId)).toHaveLength(0);
  });

  it('delivers a committed change once, and a second event with the same key adds nothing', async () => {
    const { db, jobs, outbox, companyId } = await started();
    await jobs.start();
    const first = await db.tx((tx) => queueMail(outbox, tx, mail(companyId, 'once@example.com'), 'booking:2'));
    const again = await db.tx((tx) => queueMail(outbox, tx, mail(companyId, 'once@example.com'), 'booking:2'));
    expect(first.added).toBe(true);
    expect(again).toEqual({ id: first.id, added: false });
    expect((await outbox.list(db, companyId))[0]).toMatchObject({ id: first.id, state: 'queued', attempts: 0 });
    await jobs.drain();
    await jobs.drain();
    const sent = await listOutbox(db, companyId, { to: 'once@example.com' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: 'Your booking', kind: 'booking_confirmation', transport: 'sandbox' });
    expect((await outbox.list(db, companyId))[0]).toMatchObject({ id: first.id, state: 'sent', attempts: 1, lastError: null });
  });

  it('retries a failing handler with growing waits and keeps it as failed, with its error, after the last attempt', async () => {
    const { db, jobs, outbox, companyId } = await started({ maxAttempts: 3, retryDelaySeconds: 1 });
    const calls: number[] = [];
    outbox.handle('webhook', async () => {
      calls.push(Date.now());
      throw new Error(`receiver answered 503 (call ${calls.length})`);
    });
    await jobs.start();
    const { id } = await db.tx((tx) => outbox.add(tx, { companyId, kind: 'webhook', key: 'booking:3:confirmed', payload: { bookingId: 3 } }));
    await vi.waitFor(async () => expect((await outbox.list(db, companyId))[0]?.state).toBe('failed'), { timeout: 20_000, interval: 250 });
    expect((await outbox.list(db, companyId))[0]).toMatchObject({ id, state: 'failed', attempts: 3, lastError: 'receiver answered 503 (call 3)' });
    expect(calls).toHaveLength(3);
    // Backoff: about retryDelay before the second call and at least twice that before the third.
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(900);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(1900);
    // No fourth call once it has failed.
    await jobs.drain();
    expect(calls).toHaveLength(3);
  });

  it('works through a backlog in batches without waiting a poll per job, settling each job on its own', async () => {
    const { db, drop } = await freshDb();
    cleanups.push(drop);
    const calls = new Map<number, number>();
    const handler = async (payload: Record<string, unknown>) => {
      const n = Number(payload.n);
      calls.set(n, (calls.get(n) ?? 0) + 1);
      if (n === 7) throw new Error('job 7 failed');
    };
    const retry = { maxAttempts: 2, retryDelaySeconds: 1 };
    // One process queues 45 jobs and stops before any worker takes one.
    const sender = new JobQueue(db);
    sender.work('backlog', handler, retry);
    await sender.start({ workers: false });
    await db.tx(async (tx) => {
      for (let n = 1; n <= 45; n++) await sender.send(tx, 'backlog', { n });
    });
    await sender.stop();
    // The next one polls every minute: a job per poll would leave 44 waiting for 44 minutes.
    const worker = new JobQueue(db, { pollSeconds: 60 });
    worker.work('backlog', handler, retry);
    cleanups.push(() => worker.stop());
    await worker.start();
    const states = async () =>
      Object.fromEntries((await db.query<{ state: string; n: number }>("select state, count(*)::int as n from pgboss.job where name = 'backlog' group by state")).map((r) => [r.state, r.n]));
    await vi.waitFor(async () => expect(await states()).toEqual({ completed: 44, retry: 1 }), { timeout: 15_000, interval: 100 });
    // Every job ran once; the one that threw waits for its retry alone, the batch around it is done.
    expect(calls.size).toBe(45);
    expect([...calls.values()].every((c) => c === 1)).toBe(true);
  });

  it('delivers exactly once what was committed before the process died, when the next one starts', async () => {
    const store = await durableDb();
    cleanups.push(() => store.drop());
    // The first process commits a change with its mail and dies before a worker picks it up.
    const before = await store.open();
    const companyId = (await before.one<{ id: number }>('select min(id) as id from companies'))!.id;
    const dying = services(before);
    await dying.jobs.start({ workers: false });
    await before.tx((tx) => queueMail(dying.outbox, tx, mail(companyId, 'after-restart@example.com'), 'booking:4'));
    await before.close();
    await dying.jobs.stop().catch(() => undefined);

    const after = await store.open();
    cleanups.push(() => after.close());
    const next = services(after);
    cleanups.push(() => next.jobs.stop());
    expect(await listOutbox(after, companyId, { to: 'after-restart@example.com' })).toHaveLength(0);
    await next.jobs.start();
    await next.jobs.drain();
    await next.jobs.drain();
    expect(await listOutbox(after, companyId, { to: 'after-restart@example.com' })).toHaveLength(1);
    expect((await next.outbox.list(after, companyId))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
