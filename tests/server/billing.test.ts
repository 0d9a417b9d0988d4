import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createTestServer, type TestServer } from './harness';
import { newCompany } from './licensesHelpers';
import { runMonthlyBilling } from '../../server/areas/billing/invoicing';
import { MONTHLY_BILLING_QUEUE } from '../../server/areas/billing/index';
import { signCallback } from '../../server/shared/paymentProvider';

/**
 * Paying for a plan (issue 15): card registration through the local provider sandbox (its
 * redirect flow and its signed server-to-server callback, idempotent by the provider's reference);
 * a plan paid by card takes effect only when the card is registered (issue 29); and the monthly invoices in minor units with VAT per country and proration, as PDF.
 */
interface Page<T> {
  Total: number;
  Results: T[];
}
interface Invoice {
  Id: number;
  InvoiceNumber: string;
  NetAmount: number;
  VatAmount: number;
  TotalAmount: number;
  VatPercent: number;
  Status: string;
  CurrencyId: string;
  Rows: { Text: string; Amount: number; Quantity: number }[];
}

let server: TestServer;


const billing = (method: number, country = 'SE') => ({
  BillingMethodId: method,
  Name: 'Firma AB',
  Email: 'faktura@firma.example.com',
  Street1: 'Vägen 1',
  ZipCode: country === 'SE' ? '111 22' : '00100',
  City: 'Stad',
  CountryId: country,
  VatRegistrationNumber: country === 'SE' ? '' : 'FI15728600',
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

/** The plan the company is on now, as the API answers it (the running plan of GET /licenses/company). */
async function planOf(token: string): Promise<number[]> {
  const res = await server.api({ method: 'GET', url: '/api/licenses/company?Active=true', token });
  return (res.json() as Page<{ TypeId: number }>).Results.map((l) => l.TypeId);
}

async function awaiting(token: string): Promise<{ TypeId: number; TypeName: string; CurrentTypeId: number; CurrentTypeName: string }[]> {
  return ((await server.api({ method: 'GET', url: '/api/licenses/company/awaitingcard', token, headers: { 'x-language': 'en' } })).json() as Page<{ TypeId: number; TypeName: string; CurrentTypeId: number; CurrentTypeName: string }>).Results;
}

/** Opens the provider's page for the company: its path and token. */
async function openCheckout(token: string, lang = 'en'): Promise<{ path: string; Token: string }> {
  const open = await server.api({
    method: 'POST',
    url: '/api/Token/GenerateRegisterDibsPaymentCardToken',
    payload: { AcceptUrl: '/billing/callback', CancelUrl: '/billing/cancel' },
    token,
    headers: { 'x-language': lang },
  });
  expect(open.statusCode, open.body).toBe(200);
  const { Url, Token } = open.json() as { Url: string; Token: string };
  return { path: new URL(Url).pathname, Token };
}

const ACCEPTED = { card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', action: 'pay' };
const DECLINED = { ...ACCEPTED, card: '4000 0000 0000 0002' };

async function cardValid(token: string): Promise<boolean> {
  return ((await server.api({ method: 'GET', url: '/api/billing/company/creditcard', token })).json() as { IsValid: boolean }).IsValid;
}

describe('card registration through the provider sandbox', () => {
  it('upgrades with card only when the card is registered: the provider page, the redirect, the signed callback, once', async () => {
    const { token, companyId } = await newCompany(server, 'Kortet');
    const upgrade = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: billing(1) }, token });
    expect(upgrade.json()).toMatchObject({ TypeId: 3, Active: false, RequiresCreditCard: true, BillingMethodId: 1 });
    expect(await cardValid(token)).toBe(false);
    // Before the card: still on the free plan, its limits and no invoice for Professional; the choice waits.
    expect(await planOf(token)).toEqual([1]);
    expect(await server.db.one('select license_type_id from companies where id = $1', [companyId])).toEqual({ license_type_id: 1 });
    expect(await awaiting(token)).toEqual([expect.objectContaining({ TypeId: 3, TypeName: 'Professional', CurrentTypeId: 1, CurrentTypeName: 'Free' })]);
    expect((await server.api({ method: 'GET', url: '/api/trials/company/check', token })).json()).toMatchObject({ SuggestedLicenseToUpgrade: { Id: 2 } });

    const { path, Token } = await openCheckout(token);
    expect(path).toBe(`/payment-sandbox/checkout/${Token}`);
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Card number');

    const paid = await server.app.inject({ method: 'POST', url: path, ...form(ACCEPTED) });
    expect(paid.statusCode).toBe(303);
    const accept = new URL(paid.headers.location as string);
    expect(accept.pathname).toBe('/billing/callback');
    const reference = accept.searchParams.get('reference')!;
    // The billing check loop's call turns valid once the provider's callback has arrived, and the plan with it.
    await expect.poll(() => cardValid(token), { timeout: 10000 }).toBe(true);
    expect(await planOf(token)).toEqual([3]);
    expect(await awaiting(token)).toEqual([]);
    expect(await server.db.one('select license_type_id from companies where id = $1', [companyId])).toEqual({ license_type_id: 3 });

    // The provider repeats its callback: one charge, one license.
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/billing/callback',
      payload: { Token, ProviderReference: reference, MaskedNumber: '**** 1111', Expires: '12/30', AmountMinor: 0, Signature: signCallback(Token, reference, 0) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ Status: 'AlreadyProcessed' });
    expect(await server.db.query('select provider_reference from card_payments where company_id = $1', [companyId])).toEqual([{ provider_reference: reference }]);
    expect(await server.db.query('select license_type_id from company_licenses where company_id = $1 order by id', [companyId])).toEqual([{ license_type_id: 1 }, { license_type_id: 3 }]);

    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/billing/callback',
      payload: { Token, ProviderReference: 'forged', MaskedNumber: '**** 1111', Expires: '12/30', AmountMinor: 0, Signature: 'x'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    expect((forged.json() as { ResponseStatus: { Errors: { FieldName: string }[] } }).ResponseStatus.Errors[0].FieldName).toBe('Signature');

    // With the card registered, the next plan paid by card runs at once.
    const next = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 5, BillingInformation: billing(1) }, token });
    expect(next.json()).toMatchObject({ TypeId: 5, Active: true, RequiresCreditCard: false });
    expect(await planOf(token)).toEqual([5]);
  });

  it('a declined card leaves the old plan and says so on the provider page', async () => {
    const { token } = await newCompany(server, 'Nekad');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(1) }, token });
    const { path } = await openCheckout(token, 'sv');
    const declined = await server.app.inject({ method: 'POST', url: path, ...form(DECLINED) });
    expect(declined.statusCode).toBe(402);
    // The page speaks the language of the administrator who opened it.
    expect(declined.body).toContain('Kortet nekades. Inget kort registrerades och inget drogs.');
    expect(declined.body).toContain('role="alert"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await cardValid(token)).toBe(false);
    expect(await planOf(token)).toEqual([1]);
    expect(await awaiting(token)).toEqual([expect.objectContaining({ TypeId: 2 })]);
  });

  it('the provider page in English, Finnish and Norwegian', async () => {
    const { token } = await newCompany(server, 'Sprak');
    for (const [lang, label, declinedText] of [
      ['en', 'Card number', 'The card was declined. No card was registered and nothing was charged.'],
      ['fi', 'Kortin numero', 'Kortti hylättiin.'],
      ['no', 'Kortnummer', 'Kortet ble avvist.'],
    ]) {
      const { path } = await openCheckout(token, lang);
      const page = await server.app.inject({ method: 'GET', url: path });
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toContain(label);
      expect((await server.app.inject({ method: 'POST', url: path, ...form(DECLINED) })).body).toContain(declinedText);
    }
  });

  it('abandoning or cancelling the card page leaves the old plan; a later return finishes, or the choice is dropped', async () => {
    const { token, companyId } = await newCompany(server, 'Avbryt');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(1) }, token });
    // Left at the provider's page: nothing changes.
    await openCheckout(token);
    expect(await planOf(token)).toEqual([1]);
    // Cancelled at the provider: the browser goes to the cancel page, nothing changes.
    const { path } = await openCheckout(token);
    const cancelled = await server.app.inject({ method: 'POST', url: path, ...form({ action: 'cancel' }) });
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location as string).pathname).toBe('/billing/cancel');
    expect(await planOf(token)).toEqual([1]);
    expect(await server.db.query('select 1 from company_licenses where company_id = $1 and license_type_id = 2', [companyId])).toEqual([]);

    // A later choice replaces the waiting one; a later return to the card page finishes it.
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: billing(1) }, token });
    expect((await awaiting(token)).map((w) => w.TypeId)).toEqual([3]);
    const later = await openCheckout(token);
    expect((await server.app.inject({ method: 'POST', url: later.path, ...form(ACCEPTED) })).statusCode).toBe(303);
    await expect.poll(() => planOf(token), { timeout: 10000 }).toEqual([3]);

    // Starting over: the waiting choice is dropped and the plan stays.
    const other = await newCompany(server, 'Omstart');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(1) }, token: other.token });
    const dropped = await server.api({ method: 'DELETE', url: '/api/licenses/company/awaitingcard', token: other.token });
    expect(dropped.statusCode).toBe(204);
    expect(await awaiting(other.token)).toEqual([]);
    const checkout = await openCheckout(other.token);
    expect((await server.app.inject({ method: 'POST', url: checkout.path, ...form(ACCEPTED) })).statusCode).toBe(303);
    await expect.poll(() => cardValid(other.token), { timeout: 10000 }).toBe(true);
    expect(await planOf(other.token)).toEqual([1]);
  });

  it('an invoice upgrade takes effect at once and drops a choice that waited for a card', async () => {
    const { token } = await newCompany(server, 'Faktura');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: billing(1) }, token });
    const invoice = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(2) }, token });
    expect(invoice.json()).toMatchObject({ TypeId: 2, Active: true, RequiresCreditCard: false });
    expect(await planOf(token)).toEqual([2]);
    expect(await awaiting(token)).toEqual([]);
    // A card registered later changes nothing.
    const { path } = await openCheckout(token);
    await server.app.inject({ method: 'POST', url: path, ...form(ACCEPTED) });
    await expect.poll(() => cardValid(token), { timeout: 10000 }).toBe(true);
    expect(await planOf(token)).toEqual([2]);
  });

  it('refuses return addresses outside the admin', async () => {
    const { token } = await newCompany(server, 'Utanfor');
    const evil = await server.api({ method: 'POST', url: '/api/Token/GenerateRegisterDibsPaymentCardToken', payload: { AcceptUrl: 'https://evil.example.com/' }, token });
    expect(evil.statusCode).toBe(400);
    expect((evil.json() as { ResponseStatus: { Errors: { FieldName: string }[] } }).ResponseStatus.Errors[0].FieldName).toBe('AcceptUrl');
  });
});

describe('monthly invoices', () => {
  it('invoices the month in minor units with Swedish VAT, prorating a plan change, once', async () => {
    const { token, companyId } = await newCompany(server, 'Fakturan');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(2) }, token });
    // Standard held the first ten days of October 2026, Professional the rest (Stockholm time).
    const zone = 'Europe/Stockholm';
    const oct1 = DateTime.fromISO('2026-10-01T00:00', { zone }).toJSDate();
    const oct11 = DateTime.fromISO('2026-10-11T00:00', { zone }).toJSDate();
    await server.db.query('update company_licenses set valid_from = $2, valid_to = $3, active = false where company_id = $1 and license_type_id = 2', [companyId, oct1, oct11]);
    await server.db.query('update company_licenses set valid_to = $2 where company_id = $1 and license_type_id = 1', [companyId, oct1]);
    await server.db.query('insert into company_licenses (company_id, license_type_id, valid_from) values ($1, 3, $2)', [companyId, oct11]);

    expect(await runMonthlyBilling(server.db, '2026-10')).toBeGreaterThanOrEqual(1);
    expect(await runMonthlyBilling(server.db, '2026-10')).toBe(0);
    const list = (await server.api({ method: 'GET', url: '/api/billing/company/invoices', token })).json() as Page<Invoice>;
    expect(list.Total).toBe(1);
    const invoice = list.Results[0];
    // 299 kr × 10/31 days + 599 kr × 21/31 days (October 2026 has 31 days; counted in calendar days, also across the change of clocks on the 25th).
    expect(invoice.Rows.map((r) => r.Amount)).toEqual([9645, 40577]);
    expect(invoice.NetAmount).toBe(50222);
    expect(invoice.VatPercent).toBe(25);
    expect(invoice.VatAmount).toBe(12556);
    expect(invoice.TotalAmount).toBe(62778);
    expect(invoice).toMatchObject({ CurrencyId: 'SEK', Status: 'unpaid' });

    const pdf = await server.api({ method: 'GET', url: `/api/billing/company/invoices/${invoice.Id}`, token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another company cannot read it.
    expect((await server.api({ method: 'GET', url: `/api/billing/company/invoices/${invoice.Id}` })).statusCode).toBe(404);
  });

  it('uses the VAT and currency of a Finnish company', async () => {
    const { token, companyId } = await newCompany(server, 'Suomi', 'FI');
    const up = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: billing(2, 'FI') }, token });
    expect(up.statusCode, up.body).toBe(200);
    await server.db.query("update company_licenses set valid_from = '2026-09-01T00:00:00+03' where company_id = $1 and license_type_id = 2", [companyId]);
    await runMonthlyBilling(server.db, '2026-10');
    const [invoice] = ((await server.api({ method: 'GET', url: '/api/billing/company/invoices', token })).json() as Page<Invoice>).Results;
    expect(invoice).toMatchObject({ CurrencyId: 'EUR', VatPercent: 25.5, NetAmount: 2700, VatAmount: 689, TotalAmount: 3389 });
  });

  it('runs as the monthly billing job (pg-boss queue billing-monthly)', async () => {
    const { token, companyId } = await newCompany(server, 'Jobbet');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 5, BillingInformation: billing(4) }, token });
    await server.db.query("update company_licenses set valid_from = '2026-08-01T00:00:00+02' where company_id = $1 and license_type_id = 5", [companyId]);
    await server.app.jobs.send(server.db, MONTHLY_BILLING_QUEUE, { Month: '2026-09' });
    await server.app.jobs.drain();
    const [invoice] = ((await server.api({ method: 'GET', url: '/api/billing/company/invoices', token })).json() as Page<Invoice>).Results;
    // Business, all of September: 999 kr + 25 % VAT, on a paper invoice.
    expect(invoice).toMatchObject({ InvoiceNumber: `202609-${companyId}`, NetAmount: 99900, VatAmount: 24975, TotalAmount: 124875, Status: 'unpaid' });
  });
});
