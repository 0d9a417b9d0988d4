import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Booking } from '../../schema/bookings';
import { startE2e, type E2eEnv } from './harness';

/** A token of the password grant (api-users), for making bookings as another client would. */
async function apiToken(env: E2eEnv): Promise<string> {
  const res = await env.app.inject({
    method: 'POST',
    url: '/realms/booking-admin/protocol/openid-connect/token',
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}

async function api<T>(env: E2eEnv, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<T> {
  const res = await env.app.inject({
    method,
    url: `/api${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: { accept: 'application/json', 'x-language': 'en', authorization: `Bearer ${await apiToken(env)}` },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** A weekday two weeks ahead (the courts are open 07–21 on weekdays). */
function weekdayAhead(): string {
  const d = new Date();
  d.setDate(d.getDate() + 14);
  while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day view's column of a resource. */
async function column(page: Page, resourceId: number): Promise<Locator> {
  const headers = page.locator('.rbc-time-header [data-resource-id]');
  const ids = await headers.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-resource-id'))));
  return page.locator('.rbc-time-content .rbc-day-slot').nth(ids.indexOf(resourceId));
}

/** Drags with the mouse from one point to another in small steps, as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

const center = async (l: Locator) => {
  const box = (await l.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};

/** The booking's changed-time messages (type 4) in the message log. */
const changeMessages = async (env: E2eEnv, id: number) =>
  (await api<{ Results: { TypeId: number; Status: string; CancelReason: string | null }[] }>(env, 'GET', `/messages/log?BookingId=${id}&Take=100`)).Results.filter((m) => m.TypeId === 4);

const resourcesOf = async (env: E2eEnv, id: number) =>
  (await env.db.query<{ resource_id: number }>('select resource_id from booking_resources where booking_id = $1', [id])).map((r) => r.resource_id);

describe('the scheduler in the browser', () => {
  let env: E2eEnv;
  const day = weekdayAhead();
  let ids: { padel: number; padelType: number; bana1: number; bana2: number; bana3: number; customer: number };

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    const one = async (sql: string, p: unknown[] = []) => (await env.db.one<{ id: number }>(sql, p as never[]))!.id;
    ids = {
      padel: await one("select id from services where name = 'Padel 60 min'"),
      padelType: await one("select id from resource_types where name = 'Padelbanor'"),
      bana1: await one("select id from resources where name = 'Bana 1'"),
      bana2: await one("select id from resources where name = 'Bana 2'"),
      bana3: await one("select id from resources where name = 'Bana 3'"),
      customer: await one('select id from customers order by id limit 1'),
    };
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  const book = (resourceId: number, from: string) =>
    api<Booking>(env, 'POST', '/bookings', {
      ServiceId: ids.padel,
      CustomerId: ids.customer,
      From: `${day}T${from}:00`,
      Resources: [{ ResourceTypeId: ids.padelType, ResourceId: resourceId }],
    });

  it('shows a booking made through the API without reloading, moves it to another court by dragging, and asks on a taken time', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/scheduler?date=${day}`);
    await page.getByRole('region', { name: 'Schema per resurs' }).waitFor();
    await page.locator(`.rbc-time-header [data-resource-id="${ids.bana1}"]`).waitFor();
    await env.screenshot('scheduler-day-empty-sv');

    // Made elsewhere: it appears on the open board.
    const a = await book(ids.bana1, '10:00');
    const event = page.locator(`[data-booking-id="${a.Id}"]`);
    await event.waitFor({ timeout: 10000 });
    expect(await event.count()).toBe(1);

    // Dragged to court 2 at the same time: the board asks whether the customer is told, and is told.
    const here = await center(event);
    const target = await center(await column(page, ids.bana2));
    await drag(page, here, { x: target.x, y: here.y });
    const tell = page.getByRole('dialog', { name: 'Meddela kunden?' });
    await tell.waitFor({ timeout: 10000 });
    await page.waitForTimeout(300); // the dialog's fade, for the picture
    await env.screenshot('scheduler-tell-sv');
    // Not sent before the answer.
    expect(await resourcesOf(env, a.Id)).toEqual([ids.bana1]);
    await tell.getByRole('button', { name: 'Meddela kunden' }).click();
    await expect.poll(() => resourcesOf(env, a.Id), { timeout: 10000 }).toEqual([ids.bana2]);
    await expect.poll(async () => (await changeMessages(env, a.Id)).map((m) => m.Status), { timeout: 10000 }).toEqual(['queued']);
    await expect.poll(async () => (await center(page.locator(`[data-booking-id="${a.Id}"]`))).x, { timeout: 10000 }).toBeCloseTo(target.x, -2);
    await env.screenshot('scheduler-day-sv');

    // Court 3 is taken at that time: the resource-conflict modal names the booking there, and the old time stays.
    const b = await book(ids.bana3, '10:00');
    await page.locator(`[data-booking-id="${b.Id}"]`).waitFor({ timeout: 10000 });
    const moved = await center(page.locator(`[data-booking-id="${a.Id}"]`));
    const taken = await center(await column(page, ids.bana3));
    await drag(page, moved, { x: taken.x, y: moved.y });
    // Asked first; "do not tell", remembered, so the board asks no more and the toolbar says so.
    await tell.waitFor({ timeout: 10000 });
    await tell.getByRole('checkbox', { name: /Kom ihåg mitt val/ }).check();
    await tell.getByRole('button', { name: 'Meddela inte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resurskonflikt' });
    await dialog.waitFor({ timeout: 10000 });
    await expect.poll(() => dialog.innerText()).toContain(`#${b.Id}`);
    await env.screenshot('scheduler-conflict-sv');
    await dialog.getByRole('button', { name: 'Behåll den gamla tiden' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await resourcesOf(env, a.Id)).toEqual([ids.bana2]);
    await expect.poll(() => page.getByRole('combobox', { name: /^Vid flytt/ }).innerText()).toBe('Meddela inte kunden');

    // Undo the last move: back on court 1, with no question, and the customer, back where they were told, is told nothing.
    await page.getByRole('button', { name: 'Ångra flytt' }).click();
    await expect.poll(() => resourcesOf(env, a.Id), { timeout: 10000 }).toEqual([ids.bana1]);
    expect(await tell.isVisible()).toBe(false);
    await expect.poll(async () => (await changeMessages(env, a.Id)).map((m) => [m.Status, m.CancelReason]), { timeout: 10000 }).toEqual([['canceled', 'BookingMoved']]);
  });

  it('opens a booking in the drawer from the keyboard', async () => {
    const { page } = env;
    const first = page.locator('.rbc-event').filter({ has: page.locator('[data-booking-id]') }).first();
    await first.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('booking-drawer');
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain('Padel 60 min');
    await env.screenshot('scheduler-drawer-sv');
    // Its title and close button are below the app bar, not under it.
    const bar = (await page.locator('header.MuiAppBar-root').boundingBox())!;
    const close = (await drawer.getByRole('button', { name: 'Stäng' }).boundingBox())!;
    expect(close.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('resizes a booking by dragging the handle the booking under the pointer shows', async () => {
    const { page } = env;
    const a = await book(ids.bana3, '16:00');
    const event = page.locator('.rbc-event').filter({ has: page.locator(`[data-booking-id="${a.Id}"]`) });
    await event.waitFor({ timeout: 10000 });
    // Handles only on the booking under the pointer.
    await page.mouse.move(5, 5);
    expect(await event.locator('.rbc-addons-dnd-resize-ns-anchor').count()).toBe(0);
    await event.hover();
    const handle = event.locator('.rbc-addons-dnd-resize-ns-anchor').last();
    await handle.waitFor();
    expect(await page.locator('.rbc-addons-dnd-resize-ns-anchor').count()).toBe(2);
    // Its lower edge a quarter of an hour down, to 17:15: padel is 60, 90 or 120 minutes, so the board asks for
    // 16:00–17:30, which the server checks again.
    const hour = (await (await column(page, ids.bana3)).locator('.rbc-timeslot-group').nth(17).boundingBox())!;
    const from = await center(handle);
    await drag(page, from, { x: from.x, y: hour.y + hour.height / 4 + 3 });
    await expect
      .poll(async () => (await api<{ Results: Booking[] }>(env, 'GET', `/bookings?Id=${a.Id}`)).Results[0]?.To, { timeout: 10000 })
      .toBe(`${day}T17:30:00`);
  });

  it('a booking made for a day shown earlier is there when the board steps back to it', async () => {
    const { page } = env;
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.waitForURL(/date=/);
    await expect.poll(() => page.locator('[data-booking-id]').count(), { timeout: 10000 }).toBe(0);
    // Made while another day is shown: the day loaded before is read again when shown, not taken from what was kept.
    const a = await book(ids.bana2, '18:00');
    await page.getByRole('button', { name: 'Föregående' }).click();
    await page.locator(`[data-booking-id="${a.Id}"]`).waitFor({ timeout: 10000 });
  });

  it('selecting a free range on a court opens the new-booking widget with service, court and time filled in', async () => {
    const { page } = env;
    // From 14:00 to 15:00 on court 1 (the day's hours are one slot group each, from midnight).
    const hour = (await (await column(page, ids.bana1)).locator('.rbc-timeslot-group').nth(14).boundingBox())!;
    const x = hour.x + hour.width / 2;
    await drag(page, { x, y: hour.y + 2 }, { x, y: hour.y + hour.height - 2 });
    await page.waitForURL(/\/bookings-new\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('ServiceId')).toBe(String(ids.padel));
    expect(url.searchParams.get('ResourceId')).toBe(String(ids.bana1));
    expect(url.searchParams.get('From')).toBe(`${day}T14:00:00`);
    expect(url.searchParams.get('To')).toBe(`${day}T15:00:00`);
    // Only the services the server can book on court 1 then are offered.
    expect(url.searchParams.get('Services')!.split(',')).toContain(String(ids.padel));
    await page.getByTestId('chosen-time').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: /^Tjänst/ }).innerText()).toContain('Padel 60 min');
    await expect.poll(() => page.getByRole('combobox', { name: /^Padelbanor/ }).innerText()).toContain('Bana 1');
  });

  it('shows how many customers wait in the queue on a full time, updated live as they join and leave', async () => {
    const { page, baseUrl } = env;
    await env.db.query('update services set enable_booking_queue = true where id = $1', [ids.padel]);
    for (const court of [ids.bana1, ids.bana2, ids.bana3]) await book(court, '12:00');
    await page.goto(`${baseUrl}/scheduler?date=${day}`);
    await page.getByRole('region', { name: 'Schema per resurs' }).waitFor();
    await page.locator(`.rbc-time-header [data-resource-id="${ids.bana1}"]`).waitFor();
    expect(await page.getByRole('note').count()).toBe(0);

    // Two customers join the queue for the full 12:00 elsewhere: the count appears on the open board, on the service's first court.
    const join = () => api<{ Id: number }>(env, 'POST', '/bookinguserqueue', { ServiceId: ids.padel, CustomerId: ids.customer, From: `${day}T12:00:00` });
    await join();
    const second = await join();
    const badge = (await column(page, ids.bana1)).getByRole('note', { name: /^2 kunder väntar i kön för Padel 60 min/ });
    await badge.waitFor({ timeout: 10000 });
    expect(await badge.innerText()).toBe('2 i kö');
    await badge.scrollIntoViewIfNeeded();
    await env.screenshot('scheduler-queue-sv');

    // One leaves the queue: the count follows.
    await api(env, 'DELETE', `/bookinguserqueue/${second.Id}`);
    await page.getByRole('note', { name: /^1 kund väntar i kön för Padel 60 min/ }).waitFor({ timeout: 10000 });
    expect(await page.getByRole('note').innerText()).toBe('1 i kö');
  });

  it("shows the bookings of a service without resources in its own lane, shaded by the service's date schedule, with the drawer", async () => {
    const { page, baseUrl } = env;
    const sauna = await api<{ Id: number }>(env, 'POST', '/services', { Name: 'Bastu privat', Description: 'Privat bastu', Duration: 60, TotalSpots: 1 });
    await api(env, 'POST', '/services/prices', { ServiceId: sauna.Id, Price: 200, VAT: 25 });
    const next = new Date(`${day}T12:00:00`);
    next.setDate(next.getDate() + 1);
    const nextDay = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}`;
    // A date schedule open from 08:00 on the day until 20:00 the next (entries within one day are dropped, spec).
    await api(env, 'POST', '/schedules/date', { Name: 'Bastukvällar', TimeInterval: 60, ScheduleDates: [{ From: `${day}T08:00:00`, To: `${nextDay}T20:00:00` }], Services: [{ Id: sauna.Id }] });
    const booking = await api<Booking>(env, 'POST', '/bookings', { ServiceId: sauna.Id, CustomerId: ids.customer, From: `${day}T10:00:00` });

    await page.goto(`${baseUrl}/scheduler?date=${day}`);
    const heading = page.locator(`.rbc-time-header [data-resource-id="-${sauna.Id}"]`);
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(/Utan resurs\s+Bastu privat/);
    const lane = await column(page, -sauna.Id);
    const box = lane.locator(`[data-booking-id="${booking.Id}"]`);
    await box.waitFor();
    // Closed only before 08:00 on the day (the date schedule opens the rest).
    await expect.poll(() => lane.locator('.board-shade-closed').count()).toBe(1);
    const closed = (await lane.locator('.board-shade-closed').boundingBox())!;
    const laneBox = (await lane.boundingBox())!;
    expect(closed.height / laneBox.height).toBeCloseTo(8 / 24, 2);
    await box.scrollIntoViewIfNeeded();
    await env.screenshot('scheduler-without-resource-sv');

    await box.click();
    const drawer = page.getByTestId('booking-drawer');
    await drawer.waitFor();
    await expect.poll(() => drawer.innerText()).toContain('Bastu privat');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('week view and the phone agenda', async () => {
    const { page, baseUrl } = env;
    // A date is picked in a month calendar.
    await page.goto(`${baseUrl}/scheduler?date=${day}&view=week`);
    await page.getByRole('button', { name: 'Välj datum' }).click();
    await page.getByRole('dialog', { name: 'Välj datum' }).getByRole('gridcell', { name: '15', exact: true }).click();
    await page.waitForURL(new RegExp(`date=${day.slice(0, 8)}15`));
    await page.getByRole('dialog', { name: 'Välj datum' }).waitFor({ state: 'hidden' });
    await page.goto(`${baseUrl}/scheduler?date=${day}&view=week`);
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor();
    await page.locator('[data-booking-id]').first().waitFor();
    await env.screenshot('scheduler-week-sv');
    await page.getByRole('button', { name: 'Månad' }).click();
    await page.locator('.rbc-month-view').waitFor();
    await env.screenshot('scheduler-month-sv');
    // A day whose bookings do not all fit says how many more in Swedish, and opens the day.
    const more = page.getByRole('button', { name: /^\+\d+ till$/ }).first();
    const [moreBox, weekBox] = [(await more.boundingBox())!, (await page.locator('.rbc-month-row').filter({ has: more }).boundingBox())!];
    expect(moreBox.y + moreBox.height).toBeLessThanOrEqual(weekBox.y + weekBox.height);
    await more.click();
    await page.waitForURL(/view=day/);
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/scheduler?date=${day}`);
    await page.getByTestId('scheduler-agenda').waitFor();
    await page.locator('[data-booking-id]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    // The queue is listed on the phone too.
    await page.getByTestId('scheduler-agenda').getByRole('note', { name: /^1 kund väntar i kön för Padel 60 min/ }).waitFor();
    await env.screenshot('scheduler-phone-sv');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});

describe('the scheduler in English', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e({ locale: 'en-US' });
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('names the board and shows times in English on the 24-hour clock, as the Nordic companies write them', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/scheduler?date=${weekdayAhead()}`);
    await page.getByRole('region', { name: 'Board by resource' }).waitFor();
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor();
    await expect.poll(() => page.locator('.rbc-time-gutter').innerText()).toMatch(/\b07:00\b/);
    // A customer queues for 09:00: the count is in English.
    const padel = (await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min'"))!.id;
    const customer = (await env.db.one<{ id: number }>('select id from customers order by id limit 1'))!.id;
    await env.db.query('update services set enable_booking_queue = true where id = $1', [padel]);
    await api(env, 'POST', '/bookinguserqueue', { ServiceId: padel, CustomerId: customer, From: `${weekdayAhead()}T09:00:00` });
    const badge = page.getByRole('note', { name: /^1 customer waits in the queue for Padel 60 min/ });
    await badge.waitFor({ timeout: 10000 });
    expect(await badge.innerText()).toBe('1 queued');
    await env.screenshot('scheduler-day-en');
    await page.goto(`${baseUrl}/scheduler?date=${weekdayAhead()}&view=week`);
    await page.getByRole('note', { name: /^1 customer waits in the queue/ }).waitFor({ state: 'attached' });
    await env.screenshot('scheduler-week-en');
    // A date that is not one (month 13) opens today's week, not one the overflow lands on.
    await page.goto(`${baseUrl}/scheduler?date=2026-13-45&view=week`);
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor();
    const today = new Date();
    await expect.poll(() => page.locator('.rbc-time-header').innerText()).toContain(`${today.getDate()} ${today.toLocaleDateString('en-US', { weekday: 'short' })}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/scheduler?date=${weekdayAhead()}`);
    await page.getByTestId('scheduler-agenda').getByRole('note', { name: /^1 customer waits in the queue/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await env.screenshot('scheduler-phone-en');
    // The day view on a phone opens at 07:00 as on a desktop, not at midnight.
    await page.goto(`${baseUrl}/scheduler?date=${weekdayAhead()}&view=day`);
    await page.locator('.rbc-time-header [data-resource-id]').first().waitFor();
    // The hours scroll inside the board: 07:00 is in sight (at the top, or as near as the end of the day allows), midnight is not.
    const hours = page.locator('.rbc-time-content');
    const hour = (label: RegExp) => page.locator('.rbc-time-gutter .rbc-timeslot-group').filter({ has: page.locator('.rbc-label', { hasText: label }) });
    await expect
      .poll(async () => {
        const [b, seven, midnight] = [await hours.boundingBox(), await hour(/^07:00$/).boundingBox(), await hour(/^00:00$/).boundingBox()];
        return !!b && !!seven && !!midnight && seven.y >= b.y - 2 && seven.y < b.y + 2 * seven.height && midnight.y + midnight.height <= b.y + 2;
      })
      .toBe(true);
    await env.screenshot('scheduler-phone-day-en');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
