import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/** A token of the password grant (api-users), for setting up data as a script would. */
async function apiToken(env: E2eEnv): Promise<string> {
  const res = await env.app.inject({
    method: 'POST',
    url: '/realms/booking-admin/protocol/openid-connect/token',
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: 'demo@example.com', password: 'demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}

/**
 * Door locks as an administrator meets them (issue 34), in English, with the embedded RCO lock:
 * choose the system and fill in its fields, test the connection, map a court to its door and
 * activate; a booking on the court (made as a script would) shows its code on the booking page
 * and in the confirmation on the outbox page; cancelling it from the booking page revokes the
 * grant, which the simulator's page shows.
 */
describe('an administrator connects a door lock and a booking opens the door', () => {
  let env: E2eEnv;
  let bookingId: number;
  let code: string;

  beforeAll(async () => {
    env = await startE2e({ locale: 'en-GB' });
    await env.login();
  });
  afterAll(async () => env?.close());

  it('chooses RCO, fills in its fields, tests the connection, maps a court and activates it', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/codelock-settings`);
    await page.getByRole('combobox', { name: 'Lock system' }).click();
    await page.getByRole('option', { name: 'RCO R-CARD M5' }).click();
    const system = page.getByRole('region', { name: 'RCO R-CARD M5 settings' });
    await system.getByLabel('API key').fill('rco-demo-key');
    await system.getByLabel('Installation id').fill('hall-1');
    await system.getByLabel('PIN length').fill('5');
    await system.getByRole('button', { name: "Save the system's settings" }).click();
    await page.getByText("The lock system's settings were saved").waitFor({ timeout: 15000 });
    expect(await system.getByLabel('API key').inputValue()).toBe('');
    await system.getByText('Stored. Leave empty to keep it.').waitFor();
    await system.getByRole('button', { name: 'Test connection' }).click();
    await system.getByText('Connected: 200 connected').waitFor({ timeout: 15000 });

    const court = await env.db.one<{ name: string }>("select r.name from resources r join users u on u.company_id = r.company_id where u.email = 'demo@example.com' order by r.id limit 1");
    await page.getByLabel(`Door ids of ${court!.name}`).fill('court-door');
    await page.getByRole('switch', { name: 'Active' }).or(page.getByRole('checkbox', { name: 'Active' })).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The door lock settings were saved').waitFor({ timeout: 15000 });
    await env.screenshot('codelock-settings-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await env.screenshot('codelock-settings-en-390');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('a booking on the court shows its code on the booking page and in the confirmation', async () => {
    const { page, baseUrl } = env;
    const padel = await env.db.one<{ id: number; company_id: number }>("select id, company_id from services where name = 'Padel 60 min' limit 1");
    const court = await env.db.one<{ id: number; resource_type_id: number }>(
      'select r.id, t.resource_type_id from resources r join resource_type_resources t on t.resource_id = r.id where r.company_id = $1 order by r.id limit 1',
      [padel!.company_id],
    );
    const customer = await env.db.one<{ id: number }>('select id from customers where company_id = $1 and email is not null order by id limit 1', [padel!.company_id]);
    const day = new Date(Date.now() + 11 * 86400_000).toISOString().slice(0, 10);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { ServiceId: padel!.id, CustomerId: customer!.id, From: `${day}T09:00:00`, AllowBookingOutsideSchedules: true, Resources: [{ ResourceTypeId: court!.resource_type_id, ResourceId: court!.id }] },
      headers: { accept: 'application/json', authorization: `Bearer ${await apiToken(env)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    bookingId = (res.json() as { Id: number }).Id;
    await env.app.jobs.drain();

    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    const section = page.getByRole('region', { name: 'Door code · RCO R-CARD M5' });
    await section.waitFor({ timeout: 15000 });
    code = await section.getByTestId('door-code').innerText();
    expect(code).toMatch(/^\d{5}$/);
    await section.getByText('Door court-door: held by the lock').waitFor();
    await section.getByRole('button', { name: 'Resync door code' }).click();
    await section.getByText(/^The lock system answered: court-door: 200 changed/).waitFor({ timeout: 15000 });
    await env.screenshot('codelock-booking-en');

    await page.goto(`${baseUrl}/messages/outbox`);
    const row = page.getByTestId('outbox-row').filter({ hasText: new RegExp(`#?${bookingId}|Padel`) }).first();
    await row.waitFor({ timeout: 20000 });
    await row.click();
    const frame = page.frameLocator('[data-testid="outbox-message"] iframe');
    await expect.poll(() => frame.locator('body').innerText(), { timeout: 10000 }).toMatch(new RegExp(`(Door code|Dörrkod|Ovikoodi|Dørkode): ${code}`));
    await env.screenshot('codelock-confirmation-en');
  });

  it('cancelling the booking revokes the grant, as the simulator shows', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/bookings/${bookingId}`);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel the booking' }).click();
    await page.getByText('The booking was unbooked').waitFor({ timeout: 15000 });
    await env.app.jobs.drain();
    await page.goto(`${baseUrl}/locks-sandbox?system=rco`);
    const grant = page.getByRole('row').filter({ hasText: code }).filter({ hasText: 'court-door' });
    await expect.poll(() => grant.innerText(), { timeout: 15000 }).toContain('Revoked');
    await env.screenshot('codelock-simulator-en');
  });
});
