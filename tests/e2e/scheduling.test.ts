import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2eEnv } from './harness';

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('scheduling in the browser', () => {
  let env: E2eEnv;
  beforeAll(async () => {
    env = await startE2e();
    await env.login();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('a new user creates a resource group with two resources, a weekday schedule for a service and a lunch exception; the test skips lunch', async () => {
    const { page, baseUrl } = env;

    await page.goto(`${baseUrl}/create-resources-wizard/new`);
    await page.getByLabel('Resursgruppens namn').fill('Banor');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.waitForURL(/\/create-resources-wizard\/\d+#resources$/);
    await page.getByLabel('Resurs 1', { exact: true }).fill('Bana A');
    await page.getByRole('button', { name: 'OK 1' }).click();
    await expect.poll(() => page.getByLabel('Resurs 1', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Resurs 2', { exact: true }).fill('Bana B');
    await page.getByRole('button', { name: 'OK 2' }).click();
    await expect.poll(() => page.getByLabel('Resurs 2', { exact: true }).isDisabled()).toBe(true);
    await env.screenshot('scheduling-wizard');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL(`${baseUrl}/resources`);
    const group = page.getByRole('region', { name: 'Banor' });
    await group.getByText('Bana A').waitFor();
    await group.getByText('Bana B').waitFor();

    await page.goto(`${baseUrl}/schedules/recurring/new`);
    await page.getByLabel('Namn *').fill('Vardagar');
    await page.getByLabel('Starttid *').fill('09:00');
    await page.getByLabel('Sluttid *').fill('17:00');
    await page.getByRole('combobox', { name: 'Tjänster' }).click();
    await page.getByRole('combobox', { name: 'Tjänster' }).fill('Padel');
    await page.getByRole('option', { name: /Padel/ }).first().click();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL(`${baseUrl}/schedules`);
    await page.getByRole('link', { name: /Vardagar.*Padel/ }).waitFor();

    const today = new Date();
    const later = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 30);
    await page.goto(`${baseUrl}/time-exceptions/new`);
    await page.getByLabel('Från datum *').fill(day(today));
    await page.getByLabel('Till datum *').fill(day(later));
    await page.getByLabel('Från klockan *').fill('12:00');
    await page.getByLabel('Till klockan *').fill('13:00');
    await page.getByLabel('Återkommande').check();
    await page.getByLabel('Anledning', { exact: true }).fill('Lunch');
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL(`${baseUrl}/time-exceptions`);

    await page.goto(`${baseUrl}/schedules`);
    await page.getByRole('link', { name: /Vardagar/ }).click();
    await page.getByLabel('Namn *').waitFor();
    await page.getByRole('button', { name: 'Testa', exact: true }).click();
    const times = page.getByTestId('schedule-test-times');
    await times.waitFor();
    await env.screenshot('scheduling-test-times');
    const labels = await times.getByRole('listitem').allTextContents();
    expect(labels).toContain('11:30–12:00');
    expect(labels).toContain('13:00–13:30');
    expect(labels.filter((l) => l >= '11:45' && l < '13:00')).toEqual([]);
    expect(await times.getByText(/tider stängda \(Lunch\)/).count()).toBeGreaterThan(0);
  });
});
