import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createTestServer, type TestServer } from './harness';
import { newCompany } from './licensesHelpers';
import { runMonthlyBilling } from '../../server/areas/billing/invoicing';
import { MONTHLY_BILLING_QUEUE } from '../../server/areas/billing/index';
import { signCallback } from '../../server/shared/paymentProvider';

/**
 * Paying for a plan (issue 15): card registration through the local provider sandbox (its
 * redirect flow and its signed server-to-server callback, idempotent by the provider's reference),
 * and the monthly invoices in minor units with VAT per country and proration, as PDF.
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

describe('card registration through the provider sandbox', () => {
  it('upgrades with card: the provider page, the redirect to the accept page, the signed callback, once', async () => {
    const { token, companyId } = await newCompany(server, 'Kortet');
    const upgrade = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: billing(1) }, token });
    expect(upgrade.json()).toMatchObject({ TypeId: 3, RequiresCreditCard: true, BillingMethodId: 1 });
    expect((await server.api({ method: 'GET', url: '/api/billing/company/creditcard', token })).json()).toMatchObject({ IsValid: false });

    const open = await server.api({ method: 'POST', url: '/api/Token/GenerateRegisterDibsPaymentCardToken', payload: { AcceptUrl: '/billing/callback', CancelUrl: '/billing/cancel' }, token });
    expect(open.statusCode, open.body).toBe(200);
    const { Url, Token } = open.json() as { Url: string; Token: string };
    const path = new URL(Url).pathname;
    expect(path).toBe(`/payment-sandbox/checkout/${Token}`);
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Card number');

    const declined = await server.app.inject({ method: 'POST', url: path, ...form({ card: '4000 0000 0000 0002', expiry: '12/30', cvc: '123', action: 'pay' }) });
    expect(declined.statusCode).toBe(402);
    const paid = await server.app.inject({ method: 'POST', url: path, ...form({ card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', action: 'pay' }) });
    expect(paid.statusCode).toBe(303);
    const accept = new URL(paid.headers.location as string);
    expect(accept.pathname).toBe('/billing/callback');
    const reference = accept.searchParams.get('reference')!;
    // The billing check loop's call turns valid once the provider's callback has arrived.
    await expect
      .poll(async () => ((await server.api({ method: 'GET', url: '/api/billing/company/creditcard', token })).json() as { IsValid: boolean }).IsValid, { timeout: 10000 })
      .toBe(true);

    // The provider repeats its callback: one charge.
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/billing/callback',
      payload: { Token, ProviderReference: reference, MaskedNumber: '**** 1111', Expires: '12/30', AmountMinor: 0, Signature: signCallback(Token, reference, 0) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ Status: 'AlreadyProcessed' });
    expect(await server.db.query('select provider_reference from card_payments where company_id = $1', [companyId])).toEqual([{ provider_reference: reference }]);

    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/billing/callback',
      payload: { Token, ProviderReference: 'forged', MaskedNumber: '**** 1111', Expires: '12/30', AmountMinor: 0, Signature: 'x'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    expect((forged.json() as { ResponseStatus: { Errors: { FieldName: string }[] } }).ResponseStatus.Errors[0].FieldName).toBe('Signature');
  });

  it('sends the browser to the cancel page and refuses return addresses outside the admin', async () => {
    const { token } = await newCompany(server, 'Avbryt');
    const open = (await server.api({ method: 'POST', url: '/api/Token/GenerateRegisterDibsPaymentCardToken', payload: {}, token })).json() as { Url: string };
    const cancelled = await server.app.inject({ method: 'POST', url: new URL(open.Url).pathname, ...form({ action: 'cancel' }) });
    expect(cancelled.statusCode).toBe(303);
    expect(new URL(cancelled.headers.location as string).pathname).toBe('/billing/cancel');
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
