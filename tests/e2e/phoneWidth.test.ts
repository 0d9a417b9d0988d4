import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemoBookings } from '../../server/db/seed/bookings';
import { settle } from './a11y';
import { startE2e, type E2eEnv } from './harness';

const PHONE = { width: 390, height: 844 };

/** Screens reached from inside another screen rather than the sidebar, walked as well. */
const EXTRA_PATHS = ['/customers/inactive', '/bookings-report'];

/**
 * How far the page scrolls sideways (0 when it does not), with the elements that stick out the
 * most, to name the culprit in the failure.
 */
async function sideways(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return { overflow: 0, widest: [] };
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`;
    const widest = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && el.children.length === 0)
      .slice(0, 4)
      .map(describe);
    return { overflow, widest };
  });
}

/**
 * The controls of the screen that a user cannot bring into view (issue 30): each focusable control in
 * the page is scrolled into view as the browser would for the keyboard, and counts as out of reach
 * when that needed scrolling a box the user cannot scroll (overflow hidden or clip: a form row running
 * off a card's edge), when it is still out of the window, or when the app bar covers it.
 */
async function outOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const out: string[] = [];
    const named = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of [...(document.querySelector('main') ?? document.body).querySelectorAll<HTMLElement>(focusable)]) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
      // Tab strips scroll with their own buttons (checked by checkTabs), a switch's input is wider than its track on purpose,
      // the scheduler's hours scroll inside it.
      if (el.closest('[aria-hidden="true"], .MuiTabs-scroller, .MuiSwitch-root, .rbc-time-content')) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      let clip = '';
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if ((a.scrollLeft > 0 && /hidden|clip/.test(s.overflowX)) || (a.scrollTop > 0 && /hidden|clip/.test(s.overflowY))) clip = `${a.tagName.toLowerCase()}.${[...a.classList].slice(0, 2).join('.')}`;
      }
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + Math.min(r.width, 20) / 2, 0), innerWidth - 1);
      // A control taller than half the window (a table's scroll region) is centred by scrollIntoView with its
      // top out of sight: what the user sees of it is the window's middle.
      const y = r.height > innerHeight / 2 ? innerHeight / 2 : Math.min(Math.max(r.top + Math.min(r.height, 20) / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (clip) out.push(`${named(el)} lies in ${clip}, which only a script can scroll`);
      else if (r.right <= 0 || r.left >= innerWidth || r.bottom <= 0 || r.top >= innerHeight) out.push(`${named(el)} stays out of the window`);
      else if (top && !el.contains(top) && !top.contains(el) && top.closest('.MuiAppBar-root')) out.push(`${named(el)} is under the app bar`);
    }
    window.scrollTo(0, 0);
    return out;
  });
}

/**
 * Every screen at phone width (issue 17): signs in at 390 px and walks every sidebar entry, the
 * edit page of the first record of each list, and each tab of an edit page; fails naming each
 * screen the page scrolls sideways on and each control on it a user cannot bring into view.
 */
describe('phone width (390 px)', () => {
  let env: E2eEnv;
  const problems: string[] = [];
  const visited: string[] = [];

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE', ...PHONE });
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function check(name: string): Promise<void> {
    await settle(env.page);
    visited.push(name);
    const { overflow, widest } = await sideways(env.page);
    if (overflow > 0) problems.push(`${name}: ${overflow} px too wide; sticks out: ${widest.join(', ')}`);
    for (const control of await outOfReach(env.page)) problems.push(`${name}: ${control}`);
  }

  /** The tabs of the screen, each opened and checked. */
  async function checkTabs(name: string): Promise<void> {
    const tabs = env.page.locator('main [role="tablist"] [role="tab"]');
    // An edit page draws its tabs once its record has loaded, after the title the harness waits for.
    if (/\/\d+$/.test(name)) await tabs.first().waitFor({ timeout: 5000 }).catch(() => undefined);
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      const tab = tabs.nth(i);
      const label = (await tab.innerText()).trim();
      // A tab cut off by its strip must be reachable by hand: an enabled scroll button in the strip.
      const reachable = await tab.evaluate((el) => {
        const strip = el.closest('.MuiTabs-root');
        const scroller = el.closest('.MuiTabs-scroller') ?? strip;
        if (!strip || !scroller) return true;
        const box = el.getBoundingClientRect();
        const view = scroller.getBoundingClientRect();
        const shown = box.left >= view.left - 1 && box.right <= Math.min(view.right, window.innerWidth) + 1;
        return shown || strip.querySelector('.MuiTabs-scrollButtons:not(.Mui-disabled)') !== null;
      });
      if (!reachable) problems.push(`${name}: the tab "${label}" is cut off and there is no button to scroll to it`);
      await tab.scrollIntoViewIfNeeded();
      await tab.click();
      await check(`${name} › ${label}`);
    }
  }

  async function sidebarPaths(): Promise<string[]> {
    const { page } = env;
    await page.locator('.RaAppBar-menuButton').click();
    const drawer = page.locator('.MuiDrawer-modal .MuiDrawer-paper').first();
    await drawer.waitFor();
    const paths = await drawer.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    return [...new Set(paths)];
  }

  // About 40 screens and their tabs, each audited and every control tried: minutes on a shared machine.
  it('never scrolls sideways on any sidebar screen, list, edit page or tab', async () => {
    const { page, baseUrl } = env;
    const paths = [...(await sidebarPaths()), ...EXTRA_PATHS];
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      await page.goto(`${baseUrl}${path}`);
      await check(path);
      await checkTabs(path);
      const row = page.locator('main tbody tr[class*="clickableRow"]').first();
      if (!(await row.isVisible().catch(() => false))) continue;
      const before = page.url();
      await row.click();
      await page.waitForURL((url) => url.href !== before, { timeout: 10000 }).catch(() => undefined);
      if (page.url() === before) continue;
      const edit = new URL(page.url()).pathname;
      await check(`${path} → ${edit}`);
      await checkTabs(edit);
    }
    await page.goto(`${baseUrl}/services/1`);
    await settle(page);
    // The bar shows the screen's title in place of the product name: the service's name is on its page (issue 30).
    const service = await env.db.one<{ name: string }>('select name from services where id = 1');
    const title = page.locator('#react-admin-title');
    expect(await title.isVisible()).toBe(true);
    expect(await title.innerText()).toContain(service!.name);
    await page.getByRole('tab').nth(2).scrollIntoViewIfNeeded();
    await env.screenshot('phone-width-service-tabs');
    console.log(`phone width: ${visited.length} screens checked:\n${visited.join('\n')}`);
    expect(visited.filter((v) => v.includes(' → ')).length).toBeGreaterThan(3);
    expect(visited).toEqual(expect.arrayContaining(['/services', '/customers', '/customers/inactive']));
    expect(visited.some((v) => /^\/services › /.test(v) || /\/services\/\d+ › /.test(v))).toBe(true);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 360_000);

  it('shows the booking log as stacked entries, not a table to scroll sideways, on the log tab and on a booking', async () => {
    const { page, baseUrl, db } = env;
    // The server's first start books the demo week (each booking with its log entry); the tests' company starts without.
    const company = await db.one<{ id: number }>('select min(id)::int as id from companies');
    await db.tx((tx) => seedDemoBookings(tx, company!.id));
    const stacked = async (name: string) => {
      const list = page.getByRole('list', { name, exact: true });
      await list.waitFor();
      expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      expect(await page.locator('main table').count()).toBe(0);
      return list;
    };
    await page.goto(`${baseUrl}/bookings#booking-log`);
    await settle(page);
    const log = await stacked('Bokningslogg');
    // Each entry opens its booking's own log.
    await log.getByRole('link').first().click();
    await page.waitForURL(/\/bookings\/\d+#log$/);
    await settle(page);
    await stacked('Logg');
    await env.screenshot('phone-width-booking-log');
  });

  it('fits the bookings report, with bookings in it, to the screen at 390 and 1280 px: toolbar on screen, the table scrolling in its own region', async () => {
    const { page, baseUrl, db } = env;
    const company = await db.one<{ id: number }>('select min(id)::int as id from companies');
    const booked = await db.one<{ n: number }>('select count(*)::int as n from bookings where company_id = $1', [company!.id]);
    if (!booked?.n) await db.tx((tx) => seedDemoBookings(tx, company!.id));
    const onScreen = async (name: string) => {
      const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
      const width = page.viewportSize()!.width;
      return !!box && box.x >= 0 && box.x + box.width <= width;
    };
    try {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? PHONE.height : 860 });
        for (const path of ['/bookings-report', '/bookings#bookings-report']) {
          await page.goto(`${baseUrl}${path}`);
          const region = page.getByRole('region', { name: 'Rapport', exact: true });
          await region.locator('tbody tr').first().waitFor({ timeout: 15000 });
          await settle(page);
          const { overflow, widest } = await sideways(page);
          expect(overflow, `${path} at ${width} px sticks out: ${widest.join(', ')}`).toBe(0);
          for (const button of ['Lägg till filter', 'Excel', 'CSV']) expect(await onScreen(button), `${button} on screen, ${path} at ${width} px`).toBe(true);
          // What does not fit scrolls inside the table's own region, never the page.
          expect(await region.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth + 1)).toBe(true);
          if (path === '/bookings-report') await env.screenshot(`bookings-report-sv-${width}`);
        }
      }
      // The list's other filters are there behind the add-filter button.
      await page.getByRole('button', { name: 'Lägg till filter', exact: true }).click();
      await page.getByRole('menuitemcheckbox', { name: 'Resurs' }).click();
      await page.getByRole('combobox', { name: 'Resurs' }).waitFor();
    } finally {
      await page.setViewportSize(PHONE);
    }
  });
});
