import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * Webhooks as an administrator meets them (issue 31): turn them on, add an endpoint that points at a
 * receiver on loopback, read its secret once, send a test event, and find it in the log with its attempt.
 */
describe('an administrator sets up a webhook and reads its log', () => {
  let env: E2eEnv;
  let receiver: Server;
  let receiverUrl = '';
  const received: string[] = [];

  beforeAll(async () => {
    process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK = 'true';
    receiver = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.end('received'));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
    receiver?.close();
    delete process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK;
  });

  it('turns webhooks on from the general tab', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/webhook-settings#general`);
    await page.getByText('Webhooks berättar').waitFor();
    await page.getByLabel('Webhooks aktiverade').check();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.getByText('Webhook-inställningarna har sparats').waitFor({ timeout: 15000 });
    const row = await env.db.one<{ enabled: boolean }>('select enabled from webhook_settings limit 1');
    expect(row?.enabled).toBe(true);
  });

  it('adds an endpoint, shows its secret once, sends a test event and lists it with its attempt', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/webhook-settings#endpoints`);
    await page.getByRole('link', { name: 'Ny slutpunkt' }).click();
    await page.locator('input[name="Url"]').fill(receiverUrl);
    await page.locator('input[name="Description"]').fill('Medlemsregistret');
    await page.getByLabel('En bokning har skapats (booking.created)').check();
    await page.getByRole('button', { name: 'Spara' }).click();
    const secret = page.getByTestId('webhook-secret');
    await secret.waitFor({ timeout: 15000 });
    expect(await secret.innerText()).toMatch(/^whsec_/);
    await env.screenshot('webhooks-endpoint-secret-sv');

    await page.getByRole('button', { name: 'Skicka testhändelse' }).click();
    await expect.poll(() => received.length, { timeout: 20000 }).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/webhook-settings#endpoints`);
    const table = page.locator('table');
    await expect.poll(() => table.innerText(), { timeout: 15000 }).toContain(receiverUrl);
    expect(await table.innerText()).toContain('booking.created');

    await page.goto(`${baseUrl}/webhook-settings#messages`);
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15000 }).toContain('webhook.test');
    const text = await page.locator('main').innerText();
    expect(text).toContain(received[0]!);
    expect(text).toContain('Levererat');
    await page.getByRole('button', { name: `Visa försök för ${received[0]}` }).click();
    const attempts = page.getByRole('table', { name: `Försök ${received[0]}` });
    await attempts.waitFor();
    expect(await attempts.innerText()).toContain('200');
    expect(await attempts.innerText()).toContain('received');
    await env.screenshot('webhooks-messages-sv');
  });
});
