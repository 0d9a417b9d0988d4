import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

/**
 * The admin works under the server's Content-Security-Policy: signing in, the main screens and a
 * form with custom fields raise no policy violation in Chromium, and no page of the
 * admin or the identity provider can be framed.
 */
describe('the admin under its Content-Security-Policy', () => {
  let env: E2eEnv;
  const violations: string[] = [];

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    env.page.on('console', (message) => {
      if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
    });
    await env.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
    });
  });

  afterAll(async () => {
    await env?.close();
  });

  it('serves the admin and the sign-in page with the policy and frame protection', async () => {
    for (const path of ['/', '/customers', '/realms/booking-admin/protocol/openid-connect/logout']) {
      const res = await fetch(`${env.baseUrl}${path}`, { redirect: 'manual' });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('signs in, opens the main screens and a form with custom fields without a violation', async () => {
    const { page, baseUrl } = env;
    await env.login();
    for (const path of ['/dashboard', '/customers', '/customers/create', '/services', '/custom-fields', '/schedules', '/time-exceptions', '/promo-codes-value-cards', '/company', '/account']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      await page.locator('#root main').first().waitFor();
    }
    await page.goto(`${baseUrl}/customers/create`);
    await page.getByText('Medlemsnummer').first().waitFor();
    expect(violations).toEqual([]);
  });
});
