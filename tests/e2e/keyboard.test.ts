import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';

/** What has keyboard focus: its tag, name, role and label, whether it sits in the top bar or sidebar, and its focus ring. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const ring = getComputedStyle(el.closest('.MuiButtonBase-root') ?? el);
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: el.getAttribute('name') ?? '',
      type: el.getAttribute('type') ?? '',
      text: (el.textContent ?? '').trim(),
      label: el.getAttribute('aria-label') ?? (el.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '') : ''),
      inChrome: el.closest('header, .RaSidebar-fixed, .MuiDrawer-root') !== null,
      inDialog: el.closest('[role="dialog"]') !== null,
      ring: ring.outlineStyle !== 'none' && parseFloat(ring.outlineWidth) >= 2,
    };
  });
}

/** Presses Tab until `wanted` holds for the focused element, at most `limit` times; answers every element passed. */
async function tabTo(page: Page, wanted: (f: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit = 30) {
  const passed: NonNullable<Awaited<ReturnType<typeof focused>>>[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (!f) continue;
    passed.push(f);
    if (wanted(f)) return passed;
  }
  throw new Error(`not reached in ${limit} presses of Tab; passed ${passed.map((p) => p.name || p.label || p.text).join(' | ')}`);
}

/**
 * Keyboard alone, as an administrator who does not use a mouse: skip the top bar and the sidebar, fill
 * in and save a customer, always seeing where focus is; dialogs keep focus until closed.
 */
describe('an administrator works with the keyboard alone', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB' });
    await env.login();
    // This administrator reads English: the browser's language, or chosen in the top bar.
    const { page } = env;
    await page.locator('#react-admin-title').waitFor({ state: 'attached' });
    if ((await page.locator('html').getAttribute('lang')) !== 'en') {
      await page.getByRole('button', { name: 'Svenska' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
    }
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
  });

  afterAll(async () => {
    await env?.close();
  });

  it('skips to the content, fills in and saves a new customer, with focus visible on every stop', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/customers/new`);
    await page.locator('input[name="Firstname"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/customer/i);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    await page.keyboard.press('Enter');
    const walk = await tabTo(page, (f) => f.name === 'Firstname', 10);
    await page.keyboard.type('Kim');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Lastname' });
    await page.keyboard.type('Keyboard');
    walk.push(...(await tabTo(page, (f) => f.name === 'Email', 3)));
    await page.keyboard.type('kim.keyboard@example.com');

    walk.push(...(await tabTo(page, (f) => f.name === 'SubscribedToNewsletter', 5)));
    expect((await focused(page))?.ring).toBe(true);
    await page.keyboard.press('Space');
    walk.push(...(await tabTo(page, (f) => /Medlemsnummer/.test(f.label), 15)));
    await page.keyboard.type('M4711');
    walk.push(...(await tabTo(page, (f) => f.type === 'submit', 10)));
    const save = await focused(page);
    expect(save).toMatchObject({ text: 'Save', ring: true });
    // Nothing of the top bar or the sidebar was on the way.
    expect(walk.filter((f) => f.inChrome)).toEqual([]);
    await page.keyboard.press('Enter');

    await expect
      .poll(async () => env.db.one<{ subscribed_to_newsletter: boolean }>("select subscribed_to_newsletter from customers where email = 'kim.keyboard@example.com'"), { timeout: 15000 })
      .toEqual({ subscribed_to_newsletter: true });
    await page.waitForURL(/\/customers\/\d+$/);
    await env.screenshot('keyboard-customer-saved-en');
  });

  it('keeps focus inside the delete confirmation until it is closed, then returns it to Delete', async () => {
    const { page } = env;
    const del = page.getByRole('button', { name: 'Delete' });
    await del.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await focused(page))?.inDialog).toBe(true);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect((await focused(page))?.inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ text: 'Delete' });
    // Open again for the record (and the audit: the screenshot audits the dialog at both widths).
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await env.screenshot('keyboard-delete-dialog-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the navigation drawer on a phone from the keyboard, keeps focus in it and closes it with Escape', async () => {
    const { page, baseUrl } = env;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/customers`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await focused(page)).toMatchObject({ tag: 'button', label: 'Open menu' });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('serves a real icon at /favicon.ico', async () => {
    const answer = await fetch(`${env.baseUrl}/favicon.ico`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\//);
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});
