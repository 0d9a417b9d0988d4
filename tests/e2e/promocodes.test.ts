import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { startE2e, type E2eEnv } from './harness';

/** Picks an option of a MUI select (react-admin SelectInput) by the field's label. */
async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Promo codes as an administrator meets them: create a value card of 500 kr and a 20 % code, check a
 * price with both codes on a service, record a manual transaction, find it in the transactions report
 * and in its Excel export.
 */
describe('an administrator sells value cards and promo codes', () => {
  let env: E2eEnv;

  beforeAll(async () => {
    env = await startE2e({ locale: 'sv-SE' });
    await env.login();
  });

  afterAll(async () => {
    await env?.close();
  });

  const codeId = async (sign: string): Promise<number | undefined> =>
    (await env.db.one<{ id: number }>('select id from rebate_codes where sign = $1', [sign]))?.id;

  async function createCode(type: string, value: string, sign: string, name: string): Promise<void> {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/promo-codes/new`);
    await choose(page, /^Typ/, type);
    await page.locator('input[name="RebateCodeValue"]').fill(value);
    await page.locator('input[name="RebateCodeSign"]').fill(sign);
    await page.locator('input[name="Name"]').fill(name);
    await page.locator('button[type="submit"]').first().click();
    await expect.poll(() => codeId(sign), { timeout: 15000 }).toBeDefined();
    await page.waitForURL(new RegExp(`/promo-codes/${await codeId(sign)}$`), { timeout: 15000 });
  }

  it('creates a value card of 500 kr and a 20 % code, and lists them', async () => {
    const { page, baseUrl } = env;
    await createCode('Värdekort', '500', 'VARDE500', 'Värdekort 500 kr');
    const card = await env.db.one<{ type_id: number; remaining_amount_minor: number; max_uses_per_customer: number }>(
      "select type_id, remaining_amount_minor, max_uses_per_customer from rebate_codes where sign = 'VARDE500'",
    );
    expect(card).toMatchObject({ type_id: 4, remaining_amount_minor: 50000 });
    await createCode('Procent', '20', 'RABATT20', 'Tjugo procent');

    await page.goto(`${baseUrl}/promo-codes-value-cards`);
    const table = page.locator('table tbody');
    await expect.poll(() => table.innerText(), { timeout: 15000 }).toContain('VARDE500');
    const text = await table.innerText();
    expect(text).toContain('RABATT20');
    expect(text).toMatch(/Värdekort[\s\S]*500 kr/);
    expect(text).toMatch(/Procent[\s\S]*20 %/);
    await env.screenshot('promocodes-list-sv');
  });

  it('checks a price for a service with both codes and shows the right totals', async () => {
    const { page, baseUrl } = env;
    const massage = await env.db.one<{ id: number }>("select id from services where name = 'Massage'");
    await page.goto(`${baseUrl}/services/${massage!.id}#price-check`);
    await page.getByRole('tab', { name: 'Priskontroll' }).click();
    await page.locator('input[name="From"]').fill('2030-06-03T10:00');
    await page.locator('input[name="To"]').fill('2030-06-03T11:00');
    const totals = page.getByRole('region', { name: 'Pris' });
    await expect.poll(() => page.getByTestId('total-price').innerText().catch(() => ''), { timeout: 15000 }).toBe('695 kr');

    const code = page.getByRole('textbox', { name: 'Rabattkod' });
    await code.fill('rabatt20');
    await page.getByRole('button', { name: 'Använd', exact: true }).click();
    await expect.poll(() => page.getByTestId('total-price').innerText(), { timeout: 15000 }).toBe('556 kr');
    await code.fill('VARDE500');
    await page.getByRole('button', { name: 'Använd', exact: true }).click();
    await expect.poll(() => page.getByTestId('total-price').innerText(), { timeout: 15000 }).toBe('56 kr');
    expect(await page.getByTestId('total-before-rebate').innerText()).toBe('695 kr');
    expect(await page.getByTestId('rebate-RABATT20').innerText()).toBe('−139 kr');
    expect(await page.getByTestId('rebate-VARDE500').innerText()).toBe('−500 kr');
    expect(await page.getByTestId('total-vat').innerText()).toBe('11,20 kr');
    expect(await totals.innerText()).toContain('Procent RABATT20');

    await code.fill('varde500');
    await page.getByRole('button', { name: 'Använd', exact: true }).click();
    await expect.poll(() => code.locator('xpath=ancestor::div[contains(@class,"MuiFormControl")]').innerText(), { timeout: 10000 }).toContain('koden används redan');
    await env.screenshot('promocodes-price-check-sv');
    // A price check uses nothing of the card.
    expect((await env.db.one<{ n: number }>("select remaining_amount_minor as n from rebate_codes where sign = 'VARDE500'"))?.n).toBe(50000);
  });

  it('records a manual transaction and finds it in the transactions report and its Excel export', async () => {
    const { page, baseUrl } = env;
    await page.goto(`${baseUrl}/promo-codes-value-cards#transactionsReport`);
    await page.getByRole('button', { name: 'Lägg till transaktion' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /Klippkort, värdekort eller presentkort/ }).fill('VARDE');
    await page.getByRole('option', { name: /VARDE500/ }).click();
    await dialog.getByRole('radio', { name: 'Minskning' }).check();
    await dialog.locator('input[name="Amount"]').fill('120');
    await dialog.locator('textarea[name="Comment"]').first().fill('Kaffe och bulle E2E');
    await dialog.getByRole('button', { name: 'Spara transaktion' }).click();

    const table = page.locator('table tbody');
    await expect.poll(() => table.innerText(), { timeout: 15000 }).toContain('Kaffe och bulle E2E');
    expect(await table.innerText()).toContain('−120 kr');
    expect((await env.db.one<{ n: number }>("select remaining_amount_minor as n from rebate_codes where sign = 'VARDE500'"))?.n).toBe(38000);
    await env.screenshot('promocodes-transactions-sv');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('transaktioner.xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = await readFile((await file.path())!);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('Kod');
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(row.values as unknown[]);
    });
    const manual = rows.find((r) => r.includes('Kaffe och bulle E2E'));
    expect(manual).toBeDefined();
    expect(manual).toContain('VARDE500');
    expect(manual).toContain('Minskning');
    expect(manual).toContain(-120);

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    const line = csv.split('\n').find((l) => l.includes('Kaffe och bulle E2E'));
    expect(line).toContain('VARDE500');
    expect(line).toContain('-120');
  });
});
