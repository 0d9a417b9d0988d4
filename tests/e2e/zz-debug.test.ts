import { it } from 'vitest';
import { startE2e } from './harness';

it('debug', async () => {
  const env = await startE2e();
  const { page } = env;
  await page.goto(env.baseUrl + '/');
  await page.locator('input[type="password"]').first().waitFor();
  await page.locator('input[name="email"], input[name="username"], input[type="email"]').first().fill('demo@example.com');
  await page.locator('input[type="password"]').first().fill('demo');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/realms'));
  await page.waitForTimeout(3000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '.tmp/dbg1.png' });
  console.log(await page.evaluate(() => JSON.stringify(localStorage)));
  console.log(await page.locator('.MuiDrawer-modal').first().evaluate((e) => e.outerHTML.slice(0, 600)));
  await env.close();
});
