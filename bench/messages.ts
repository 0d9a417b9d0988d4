/**
 * Messages (issue 14): booking confirmations rendered (liquidjs merge fields, sanitize-html) and
 * delivered to the catcher, per second:
 * - direct: render with the booking's merge data and send with the sandbox mailer, one after another;
 * - through the outbox: N confirmations queued in one transaction, then the job queue's workers
 *   deliver them (fetch a batch, load each entry, render, send, mark sent), as a server does after
 *   a busy minute.
 * `npm run bench messages`; with DATABASE_URL on the PostgreSQL server.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb, type Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { DEMO_EMAIL, seedDemo } from '../server/db/seed';
import { ensureDefaultTemplates } from '../server/areas/messages/defaults';
import { findTemplate } from '../server/areas/messages/queries';
import { mergeDataFor, renderMessage } from '../server/areas/messages/rendering';
import { queueMessage } from '../server/areas/messages/sending';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 500);

export interface MessageBenchResult {
  name: string;
  count: number;
  seconds: number;
  perSecond: number;
}

async function openBenchDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ dataDir: join(mkdtempSync(join(tmpdir(), 'booking-bench-messages-')), 'pglite') });
    return { db, drop: () => db.close() };
  }
  const name = `booking_bench_messages_${process.pid}`;
  const admin = await openDb({ databaseUrl: url });
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: u.toString() });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

export async function runMessagesBench(): Promise<MessageBenchResult[]> {
  const { db, drop } = await openBenchDb();
  await migrate(db);
  await seedDemo(db);
  const companyId = (await db.one<{ id: number }>('select company_id as id from users where lower(email) = $1', [DEMO_EMAIL]))!.id;
  const app = await buildApp({ db, config: { ...loadConfig({ ADMIN_DIST: '.tmp/no-admin', LOG_LEVEL: 'warn' }) } });
  await app.ready();
  try {
    await ensureDefaultTemplates(db, companyId);
    const service = (await db.one<{ id: number }>('select id from services where company_id = $1 order by id limit 1', [companyId]))!.id;
    const customer = (await db.one<{ id: number; email: string }>("select id, email from customers where company_id = $1 and email like '%@%' order by id limit 1", [companyId]))!;
    const bookings = await db.query<{ id: number }>(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at, status_id, spots, currency_id, price_sign)
       select $1, $2, $3, now() + make_interval(days => 400 + g), now() + make_interval(days => 400 + g) + interval '1 hour', 1, 1, 'SEK', 'kr'
         from generate_series(1, $4::int) g returning id`,
      [companyId, service, customer.id, COUNT * 2],
    );
    const template = (await findTemplate(db, companyId, 1, 1, 'sv', service))!;
    const results: MessageBenchResult[] = [];

    let started = performance.now();
    for (const { id } of bookings.slice(0, COUNT)) {
      const { data } = await mergeDataFor(db, companyId, id, 'sv');
      const rendered = await renderMessage(template, 1, data);
      await app.mailer.send({ companyId, to: customer.email, subject: rendered.subject, html: rendered.html ?? undefined, text: rendered.text, kind: 'bench' });
    }
    let seconds = (performance.now() - started) / 1000;
    results.push({ name: 'confirmations rendered and sent to the catcher (direct)', count: COUNT, seconds, perSecond: COUNT / seconds });

    await app.jobs.stop();
    await db.tx(async (tx) => {
      for (const { id } of bookings.slice(COUNT)) {
        await queueMessage(app, tx, { companyId, bookingId: id, templateId: template.id, typeId: 1, sendMethodId: 1, language: 'sv', receiver: customer.email, key: `bench:${id}` });
      }
    });
    // The server's own workers deliver them (not a drain by hand), so their fetching pace counts.
    const queued = bookings.slice(COUNT).map((b) => b.id);
    const sentCount = async () =>
      (await db.one<{ n: number }>("select count(*)::int as n from message_log_view where company_id = $1 and status = 'sent' and booking_id = any($2::int[])", [companyId, queued]))?.n ?? 0;
    started = performance.now();
    await app.jobs.start();
    let sent = 0;
    while ((sent = await sentCount()) < COUNT && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 50));
    seconds = (performance.now() - started) / 1000;
    results.push({ name: `confirmations delivered through the outbox by its workers (${sent} sent)`, count: COUNT, seconds, perSecond: sent / seconds });
    return results;
  } finally {
    await app.close();
    await drop();
  }
}
