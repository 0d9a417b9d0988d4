/**
 * The scheduler in headless Chromium (needs `npm run build`): the time from navigating to a week
 * with 1,000 bookings over 20 resources until every booking is drawn (goal under 500 ms; counted from
 * the moment the click on "next" reaches the page), and the time from a booking's move until a second open scheduler shows it at its new place (goal under 1 s).
 * Runs the built admin and the API on PGlite with the demo company, 17 more padel courts (20 in all)
 * and 1,000 padel bookings made through the API in a week two weeks ahead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/seed';
import { percentile } from './stats';

export interface SchedulerBenchResult {
  name: string;
  /** Milliseconds per run. */
  runs: number[];
  p50: number;
  max: number;
  targetMs: number;
}

const COURTS = 20;
const BOOKINGS = 1000;
const RUNS = 5;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The Monday two weeks ahead and the seven days from it. */
function benchWeek(): string[] {
  const d = new Date();
  d.setDate(d.getDate() + 14 - ((d.getDay() + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => dayOf(new Date(d.getFullYear(), d.getMonth(), d.getDate() + i)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function result(name: string, runs: number[], targetMs: number): SchedulerBenchResult {
  return { name, runs, p50: percentile(runs, 50), max: Math.max(...runs), targetMs };
}

/** Waits in the page until `count` elements match and no progress bar shows; answers the page clock then (ms since epoch). */
function drawnAt(page: Page, selector: string, count: number): Promise<number> {
  // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll(${JSON.stringify(selector)}).length >= ${count} && !document.querySelector('[role="progressbar"]')) resolve(performance.timeOrigin + performance.now());
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

export async function runSchedulerBench(): Promise<SchedulerBenchResult[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-bench-scheduler-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const db = await openDb({ dataDir: join(dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db);
  const app = await buildApp({ db, config });
  await app.listen({ host: '127.0.0.1', port });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
  try {
    const company = (await db.one<{ company_id: number }>('select company_id from users where email = $1', [DEMO_EMAIL]))!.company_id;
    const type = (await db.one<{ id: number }>("select id from resource_types where company_id = $1 and name = 'Padelbanor'", [company]))!.id;
    const service = (await db.one<{ id: number }>("select id from services where company_id = $1 and name = 'Padel 60 min'", [company]))!.id;
    for (let i = 4; i <= COURTS; i++) {
      const r = await db.one<{ id: number }>("insert into resources (company_id, name, color) values ($1, $2, '#90caf9') returning id", [company, `Bana ${i}`]);
      await db.query('insert into resource_type_resources (company_id, resource_type_id, resource_id) values ($1, $2, $3)', [company, type, r!.id]);
    }
    const courts = (await db.query<{ resource_id: number }>('select resource_id from resource_type_resources where resource_type_id = $1 order by resource_id', [type])).map((r) => r.resource_id);
    const customer = (await db.one<{ id: number }>('select id from customers where company_id = $1 order by id limit 1', [company]))!.id;

    const tokenRes = await app.inject({
      method: 'POST',
      url: `/realms/${config.realm}/protocol/openid-connect/token`,
      payload: new URLSearchParams({ grant_type: 'password', client_id: config.apiClientId, username: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = (tokenRes.json() as { access_token: string }).access_token;
    const call = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => {
      const res = await app.inject({ method, url: `/api${url}`, payload, headers: { authorization: `Bearer ${token}`, 'x-language': 'en' } });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json() as { Id: number };
    };

    // 50 bookings per court: seven a day (weekends are open 09–17), one more on Monday.
    const week = benchWeek();
    const made: { id: number; court: number; from: string }[] = [];
    for (const court of courts) {
      for (let n = 0; n < BOOKINGS / COURTS; n++) {
        const day = week[n % 7];
        const hour = 9 + Math.floor(n / 7);
        const from = `${day}T${pad(hour)}:00:00`;
        const b = await call('POST', '/bookings', { ServiceId: service, CustomerId: customer, From: from, Resources: [{ ResourceTypeId: type, ResourceId: court }] });
        made.push({ id: b.Id, court, from });
      }
    }

    const context = await browser.newContext({ locale: 'sv-SE', viewport: { width: 1600, height: 1000 }, timezoneId: 'Europe/Stockholm' });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator('input[name="email"], input[name="username"], input[type="email"]').first().fill(DEMO_EMAIL);
    await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL((url) => url.origin === base && !url.pathname.startsWith('/realms'), { timeout: 60000 });

    // Navigation: from the (empty) week before to the full week with the next button, until all 1,000 are drawn.
    const shown = `/scheduler?view=week&resources=${courts.join(',')}`;
    const before = dayOf(new Date(new Date(`${week[0]}T12:00:00`).getTime() - 7 * 86400000));
    await page.goto(`${base}${shown}&date=${before}`);
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor({ timeout: 60000 });
    const next = page.getByRole('button', { name: 'Nästa' });
    const previous = page.getByRole('button', { name: 'Föregående' });
    // From the moment the click reaches the page, as a user's would: Playwright first finds the button by its
    // accessible name, which walks the whole board (about 70 ms of the page's time that no user spends).
    await page.evaluate("document.addEventListener('click', () => { window.benchClickAt = performance.timeOrigin + performance.now(); }, true)");
    const navigation: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await next.click();
      const drawn = await drawnAt(page, '[data-booking-id]', BOOKINGS);
      navigation.push(drawn - Number(await page.evaluate('window.benchClickAt')));
      await previous.click();
      await page.waitForFunction(() => document.querySelectorAll('[data-booking-id]').length === 0, undefined, { timeout: 60000 });
    }

    // A move (as the first scheduler sends it) until the second open scheduler draws it in its new column.
    const second = await context.newPage();
    await second.goto(`${base}${shown}&date=${week[0]}`);
    await second.locator('.rbc-time-header [data-resource-id]').first().waitFor({ timeout: 60000 });
    await drawnAt(second, '[data-booking-id]', BOOKINGS);
    const moves: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A 15:00 booking of Tuesday–Friday to 16:00 on another court: free on every court then, at the same weekday price.
      const b = made[i * (BOOKINGS / COURTS) + 43 + (i % 4)];
      const to = courts[courts.length - 1 - i];
      const day = b.from.slice(0, 10);
      const startedAt = Date.now();
      const seen = drawnAt(second, `[data-event-key="${b.id}:${to}"]`, 1);
      seen.catch(() => undefined);
      await call('PUT', '/bookings/resources/move', { BookingId: b.id, FromResourceId: b.court, ToResourceId: to, From: `${day}T16:00:00`, To: `${day}T17:00:00` });
      moves.push((await seen) - startedAt);
    }
    return [
      result(`scheduler: week of ${BOOKINGS} bookings over ${COURTS} resources drawn after navigation`, navigation, 500),
      result('scheduler: a move shown on a second open scheduler', moves, 1000),
    ];
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
