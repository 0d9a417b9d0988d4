import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed';
import { createAuditor, type Auditor } from './a11y';

/** The browsers of the running tests, whose last screen is audited when each test ends. */
const live = new Set<Auditor>();

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  for (const auditor of live) await auditor.auditOnce();
});

/** Requests a screen waits for before it has settled: data, and the code of a lazily loaded screen. */
const COUNTED = new Set(['fetch', 'xhr', 'script']);

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A database with the demo company: in memory from the run's template (tests/e2e/globalSetup.ts), or,
 * for a file run without it, migrated and seeded in dataDir.
 */
async function freshDemoDb(dataDir: string): Promise<Db> {
  const template = process.env.E2E_DB_TEMPLATE;
  if (template) return openDb({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(template)]) });
  const db = await openDb({ dataDir: join(dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db);
  return db;
}

export interface E2eEnv {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Signs in through the identity provider's login form and waits for the shell. */
  login(email?: string, password?: string): Promise<void>;
  /** Saves a screenshot under .tmp/screenshots for a person to look at, and audits the screen (see a11y.ts). */
  screenshot(name: string): Promise<void>;
  /**
   * Audits the screen as it is now for accessibility at desktop and phone width (see a11y.ts). Screens are
   * also audited without asking: before each `page.goto`, at each screenshot and at the end of each test.
   */
  audit(name?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole product as a user meets it: the built admin, API and identity provider on a real
 * port, on a fresh demo database, and a headless Chromium with a fresh profile.
 */
export async function startE2e(options: { locale?: string; width?: number; height?: number; timezoneId?: string } = {}): Promise<E2eEnv> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-e2e-'));
  // ADMIN_DIST lets a run serve its own build of the admin (two builds at once on one checkout stay apart).
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_DIST: process.env.ADMIN_DIST });
  const db = await freshDemoDb(dataDir);
  const app = await buildApp({ db, config });
  await app.listen({ host: config.host, port });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    headless: true,
  });
  const context = await browser.newContext({
    locale: options.locale ?? 'sv-SE',
    viewport: { width: options.width ?? 1280, height: options.height ?? 860 },
    timezoneId: options.timezoneId ?? 'Europe/Stockholm',
  });
  const page = await context.newPage();
  const baseUrl = `http://127.0.0.1:${port}`;
  let inFlight = 0;
  // A server-sent event stream (the scheduler's live feed) stays open as long as the screen: it is not a load.
  const counted = (r: { resourceType(): string; headers(): Record<string, string> }) => COUNTED.has(r.resourceType()) && r.headers().accept !== 'text/event-stream';
  page.on('request', (r) => {
    if (counted(r)) inFlight++;
  });
  const done = (r: { resourceType(): string; headers(): Record<string, string> }) => {
    if (counted(r)) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const auditor = createAuditor(page, baseUrl, () => inFlight);
  // The screen being left has settled under the test's own checks: audit it before going on.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    await auditor.auditOnce();
    return goto(url, options);
  };
  live.add(auditor);
  return {
    baseUrl,
    app,
    db,
    browser,
    context,
    page,
    async login(email = DEMO_EMAIL, password = DEMO_PASSWORD) {
      await page.goto(baseUrl + '/');
      await page.locator('input[name="email"], input[name="username"], input[type="email"]').first().waitFor();
      await auditor.audit('sign-in');
      await page.locator('input[name="email"], input[name="username"], input[type="email"]').first().fill(email);
      await page.locator('input[type="password"]').first().fill(password);
      await page.locator('button[type="submit"]').first().click();
      await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/realms') && !url.pathname.startsWith('/auth'), { timeout: 30000 });
    },
    async screenshot(name: string) {
      await page.screenshot({ path: join('.tmp', 'screenshots', `${name}.png`), fullPage: true });
      await auditor.audit(name);
    },
    audit: (name?: string) => auditor.audit(name),
    async close() {
      live.delete(auditor);
      await browser.close();
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A date or time picker by its label; the required mark (" *") is not part of the group's accessible name. */
export const picker = (page: Page, label: string) => page.getByRole('group', { name: label.replace(/ \*$/, ''), exact: true });

/** Types into a date or time picker section by section, as a person does: click it, type the digits. */
export async function typeIn(page: Page, label: string, digits: string): Promise<void> {
  await picker(page, label).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}
