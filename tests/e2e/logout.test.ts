import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * Logging out from the admin stays one click: keycloak-js sends the client's id_token_hint, so the
 * identity provider signs out without asking (a link from another site would get a question), and
 * the access token the admin held stops opening the API at once.
 */
describe('an administrator logs out', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  it('from the user menu: back at the sign-in form, no question asked, and the old access token refused', async () => {
    const { page, baseUrl } = env;
    const bearer = new Promise<string>((resolve) => {
      page.on('request', (request) => {
        const header = request.headers().authorization;
        if (request.url().includes('/api/') && header?.startsWith('Bearer ')) resolve(header.slice(7));
      });
    });
    await page.reload();
    const token = await bearer;

    await page.getByRole('button', { name: /Demo Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await page.waitForURL((url) => url.pathname.includes('/login-actions/'), { timeout: 30000 });
    await expect.poll(() => page.locator('input[type="password"]').count(), { timeout: 15000 }).toBe(1);
    expect(await page.content()).not.toContain('Vill du logga ut');

    const res = await fetch(`${baseUrl}/api/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});
