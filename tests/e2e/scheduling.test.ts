import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { picker, startE2e, typeIn, type E2eEnv } from './harness';

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as digits in Swedish field order (year, month, day), the way an admin types it. */
const dayDigits = (d: Date) => `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;

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
    await typeIn(page, 'Starttid *', '0900');
    await typeIn(page, 'Sluttid *', '1700');
    await expect.poll(() => picker(page, 'Sluttid *').textContent()).toContain('17:00');
    await page.getByRole('combobox', { name: 'Tjänster' }).click();
    await page.getByRole('combobox', { name: 'Tjänster' }).fill('Padel');
    await page.getByRole('option', { name: /Padel/ }).first().click();
    await page.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL(`${baseUrl}/schedules`);
    await page.getByRole('link', { name: /Vardagar.*Padel/ }).waitFor();

    const today = new Date();
    const later = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 30);
    await page.goto(`${baseUrl}/time-exceptions/new`);
    await typeIn(page, 'Från datum *', dayDigits(today));
    await typeIn(page, 'Till datum *', dayDigits(later));
    await typeIn(page, 'Från klockan *', '1200');
    await typeIn(page, 'Till klockan *', '1300');
    // Swedish date fields read year-month-day, whatever the browser's own language.
    await expect.poll(() => picker(page, 'Till datum *').textContent()).toContain(
      `${later.getFullYear()}-${pad(later.getMonth() + 1)}-${pad(later.getDate())}`,
    );
    await env.screenshot('time-exception-pickers-sv');
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
    // Times as long as the schedule's service (Padel 60 min), none of them across lunch.
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    expect(labels.every((l) => minutes(l.slice(6, 11)) - minutes(l.slice(0, 5)) === 60), labels.join(' ')).toBe(true);
    expect(labels).toContain('11:00–12:00');
    expect(labels).toContain('13:00–14:00');
    expect(labels.filter((l) => l.slice(0, 5) < '13:00' && l.slice(6, 11) > '12:00')).toEqual([]);
    expect(await times.getByText(/tider stängda \(Lunch\)/).count()).toBeGreaterThan(0);
  });

  it('limits a service to some resources of a type from its Resources & schedules tab (issue 30)', async () => {
    const { page, baseUrl } = env;
    const padel = (await env.db.one<{ id: number }>("select id from services where name = 'Padel 60 min'"))!.id;
    await page.goto(`${baseUrl}/services/${padel}`);
    await page.getByRole('tab', { name: 'Resurser och scheman' }).click();
    await page.getByRole('button', { name: 'Välj resurser: Padelbanor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vilka Padelbanor får Padel 60 min använda?' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Bara dessa' }).check();
    await dialog.getByRole('checkbox', { name: 'Bana 1' }).check();
    await dialog.getByRole('checkbox', { name: 'Bana 2' }).check();
    await env.screenshot('service-resource-picks-sv');
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Antal resurser: 1 · Bara Bana 1, Bana 2').waitFor();
    const used = await env.db.query<{ name: string }>(
      'select r.name from service_resources sr join resources r on r.id = sr.resource_id where sr.service_id = $1 order by r.name',
      [padel],
    );
    expect(used.map((r) => r.name)).toEqual(['Bana 1', 'Bana 2']);
  });
});
