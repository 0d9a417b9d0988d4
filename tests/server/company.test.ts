import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

interface ResponseStatusBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; Message: string }[] };
}
interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface CompanyBody {
  Id: number;
  Name: string;
  CountryId: string;
  Country: string;
  OrganisationNumber: string;
  StatusId: number;
  TimeZone: string;
  LicenseTypeId: number;
  IsFreeAccount: boolean;
  Latitude: number | null;
  Created: string;
}

let server: TestServer;
let companyId: number;
let otherCompanyId: number;
let otherToken: string;

const fields = (body: ResponseStatusBody): string[] => body.ResponseStatus.Errors.map((e) => e.FieldName);

const companyInput = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  Name: 'Solrosens Yoga & Padel',
  Email: 'info@solrosen.example.com',
  Phone: '+46 8 123 45 67',
  Street1: 'Storgatan 12',
  ZipCode: '111 22',
  City: 'Stockholm',
  CountryId: 'SE',
  OrganisationNumber: '556677-8899',
  TimeZone: 'Europe/Stockholm',
  ...overrides,
});

async function companyRow(): Promise<Record<string, unknown>> {
  return (await server.db.one('select * from companies where id = $1', [companyId]))!;
}

beforeAll(async () => {
  server = await createTestServer();
  companyId = (await server.db.one<{ id: number }>(`select id from companies where name = 'Solrosens Yoga & Padel'`))!.id;
  otherCompanyId = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
  otherToken = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('GET /companies', () => {
  it("answers the caller's company as a list of one, on the demo's enterprise edition (unlimited, so the demo is never held to a plan)", async () => {
    const page = (await server.api({ method: 'GET', url: '/api/companies' })).json() as Page<CompanyBody>;
    expect(page.Total).toBe(1);
    expect(page.Results[0]).toMatchObject({ Id: companyId, Name: 'Solrosens Yoga & Padel', CountryId: 'SE', Country: 'Sweden', LicenseTypeId: 9, IsFreeAccount: false });
    expect(page.Results[0].Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const sv = (await server.api({ method: 'GET', url: '/api/companies', headers: { 'x-language': 'sv' } })).json() as Page<CompanyBody>;
    expect(sv.Results[0].Country).toBe('Sverige');
    expect(((await server.api({ method: 'GET', url: `/api/companies?Id=${companyId}` })).json() as Page<CompanyBody>).Total).toBe(1);
  });

  it('never answers another company', async () => {
    expect(((await server.api({ method: 'GET', url: `/api/companies?Id=${otherCompanyId}` })).json() as Page<CompanyBody>).Total).toBe(0);
    expect((await server.api({ method: 'GET', url: `/api/companies?CompanyId=${otherCompanyId}` })).statusCode).toBe(404);
    const asOther = (await server.api({ method: 'GET', url: '/api/companies', token: otherToken })).json() as Page<CompanyBody>;
    expect(asOther.Results.map((c) => c.Id)).toEqual([otherCompanyId]);
  });

  it('answers the stored coordinates', async () => {
    await server.db.query('update companies set latitude = 59.33, longitude = 18.06 where id = $1', [companyId]);
    expect((await server.api({ method: 'GET', url: '/api/companies/coordinates' })).json()).toEqual({ Latitude: 59.33, Longitude: 18.06 });
  });
});

describe('PUT /companies/{Id}', () => {
  it('updates the company and answers it', async () => {
    const res = await server.api({ method: 'PUT', url: `/api/companies/${companyId}`, payload: companyInput({ City: 'Uppsala', TypeId: 1, CategoryId: 1, Homepage: 'www.solrosen.example.com', LogoUrl: '/api/images/1' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Id: companyId, City: 'Uppsala', TypeId: 1, CategoryId: 1 });
  });

  it.each([
    ['OrganisationNumber', { OrganisationNumber: '556677-8890' }],
    ['OrganisationNumber', { CountryId: 'NO', OrganisationNumber: '556677-8899' }],
    ['Email', { Email: 'nope' }],
    ['Name', { Name: '' }],
    ['Name', { Name: 'x'.repeat(201) }],
    ['CountryId', { CountryId: 'US' }],
    ['TimeZone', { TimeZone: 'Mars/Olympus' }],
    ['ZipCode', { ZipCode: 'abc' }],
    ['ZipCode', { CountryId: 'FI', OrganisationNumber: undefined, ZipCode: '111 22' }],
    ['CategoryId', { CategoryId: 999 }],
    ['TypeId', { TypeId: 'big' }],
    ['Street1', { Street1: undefined }],
    ['Homepage', { Homepage: 'javascript:alert(1)' }],
    ['LogoUrl', { LogoUrl: 'javascript:alert(1)' }],
  ])('answers 400 naming %s and changes nothing', async (field, overrides) => {
    const before = await companyRow();
    const res = await server.api({ method: 'PUT', url: `/api/companies/${companyId}`, payload: companyInput(overrides) });
    expect(res.statusCode).toBe(400);
    expect(fields(res.json())).toContain(field);
    expect(await companyRow()).toEqual(before);
  });

  it('accepts valid organisation numbers and postal codes of each country', async () => {
    for (const [CountryId, OrganisationNumber, ZipCode] of [
      ['NO', '923609016', '0150'],
      ['DK', '10150817', '2100'],
      ['FI', '0112038-9', '00100'],
      ['SE', '556677-8899', '11122'],
      ['SE', '556677-8899', '111 22'],
    ]) {
      const res = await server.api({ method: 'PUT', url: `/api/companies/${companyId}`, payload: companyInput({ CountryId, OrganisationNumber, ZipCode }) });
      expect(res.statusCode, `${CountryId} ${res.body}`).toBe(200);
    }
  });

  it("answers 404 for another company's id and changes nothing", async () => {
    const before = await server.db.one('select * from companies where id = $1', [otherCompanyId]);
    expect((await server.api({ method: 'PUT', url: `/api/companies/${otherCompanyId}`, payload: companyInput() })).statusCode).toBe(404);
    expect(await server.db.one('select * from companies where id = $1', [otherCompanyId])).toEqual(before);
  });
});

describe('sending the company for approval', () => {
  it('moves a registered company (status 1) to awaiting approval (2), and refuses other statuses with 409', async () => {
    await server.db.query('update companies set status_id = 1 where id = $1', [companyId]);
    const res = await server.api({ method: 'PUT', url: `/api/companies/${companyId}/sendforapproval` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CompanyBody).StatusId).toBe(2);
    const again = await server.api({ method: 'PUT', url: `/api/companies/${companyId}/sendforapproval` });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ResponseStatusBody).ResponseStatus.Message).toContain('awaiting approval');
    expect((await companyRow()).status_id).toBe(2);
  });

  it("answers 404 for another company's id", async () => {
    await server.db.query('update companies set status_id = 1 where id = $1', [otherCompanyId]);
    expect((await server.api({ method: 'PUT', url: `/api/companies/${otherCompanyId}/sendforapproval` })).statusCode).toBe(404);
    expect((await server.db.one<{ status_id: number }>('select status_id from companies where id = $1', [otherCompanyId]))!.status_id).toBe(1);
  });
});

describe('billing information', () => {
  const billing = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    BillingMethodId: 2,
    Name: 'Solrosens Yoga & Padel AB',
    Email: 'faktura@solrosen.example.com',
    Street1: 'Storgatan 12',
    ZipCode: '111 22',
    City: 'Stockholm',
    CountryId: 'SE',
    ...overrides,
  });

  it('proposes billing data from the company with the default Swedish VAT number when none is stored', async () => {
    await server.db.query(`update companies set organisation_number = '556677-8899', country_id = 'SE' where id = $1`, [companyId]);
    const res = await server.api({ method: 'GET', url: '/api/billing/company' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Exists: false, BillingMethodId: null, Name: 'Solrosens Yoga & Padel', VatRegistrationNumber: 'SE556677889901' });
  });

  it("requires a billing method with the spec's message in each language", async () => {
    const messages: Record<string, string> = {};
    for (const lang of ['sv', 'en', 'fi', 'no']) {
      const res = await server.api({ method: 'POST', url: '/api/billing/company', payload: billing({ BillingMethodId: undefined }), headers: { 'x-language': lang } });
      expect(res.statusCode).toBe(400);
      const err = (res.json() as ResponseStatusBody).ResponseStatus.Errors[0];
      expect(err.FieldName).toBe('BillingMethodId');
      messages[lang] = err.Message;
    }
    expect(messages.en).toBe('you must select billing method');
    expect(new Set(Object.values(messages)).size).toBe(4);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from billing_information'))!.n).toBe(0);
  });

  it('stores billing information, defaulting the Swedish VAT number, and answers it on GET', async () => {
    const res = await server.api({ method: 'POST', url: '/api/billing/company', payload: billing() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Exists: true, BillingMethodId: 2, VatRegistrationNumber: 'SE556677889901' });
    expect((await server.api({ method: 'GET', url: '/api/billing/company' })).json()).toMatchObject({ Exists: true, Email: 'faktura@solrosen.example.com' });
  });

  it('requires the billing e-mail for methods 2 and 3 only', async () => {
    for (const method of [2, 3]) {
      const res = await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ BillingMethodId: method, Email: '' }) });
      expect(res.statusCode).toBe(400);
      expect(fields(res.json())).toEqual(['Email']);
    }
    for (const method of [1, 4]) {
      const res = await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ BillingMethodId: method, Email: null }) });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('keeps GLN and reference lines only when the method is neither 1 nor 2', async () => {
    const extra = { GLN: '7350000000001', ReferenceLine1: 'Ref 1', ReferenceLine2: 'Ref 2' };
    const card = (await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ BillingMethodId: 1, ...extra }) })).json();
    expect(card).toMatchObject({ GLN: null, ReferenceLine1: null, ReferenceLine2: null });
    const einvoice = (await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ BillingMethodId: 3, ...extra }) })).json();
    expect(einvoice).toMatchObject(extra);
  });

  it.each([
    ['CountryId', { CountryId: 'DE' }],
    ['Name', { Name: '' }],
    ['Street1', { Street1: ' ' }],
    ['ZipCode', { ZipCode: undefined }],
    ['ZipCode', { ZipCode: 'abc' }],
    ['ZipCode', { CountryId: 'NO', ZipCode: '111 22' }],
    ['City', { City: 'c'.repeat(101) }],
    ['BillingMethodId', { BillingMethodId: 99 }],
    ['BillingMethodId', { BillingMethodId: 4, CountryId: 'FI' }],
    ['Email', { Email: 'not-mail' }],
    ['GLN', { BillingMethodId: 3, GLN: 'abc' }],
  ])('answers 400 naming %s and changes nothing', async (field, overrides) => {
    const before = await server.db.one('select * from billing_information where company_id = $1', [companyId]);
    const res = await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing(overrides) });
    expect(res.statusCode).toBe(400);
    expect(fields(res.json())).toContain(field);
    expect(await server.db.one('select * from billing_information where company_id = $1', [companyId])).toEqual(before);
  });

  it('requires a VAT number when no default exists', async () => {
    await server.db.query(`update companies set country_id = 'NO' where id = $1`, [companyId]);
    try {
      const res = await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ CountryId: 'NO', ZipCode: '0150', VatRegistrationNumber: '' }) });
      expect(res.statusCode).toBe(400);
      expect(fields(res.json())).toEqual(['VatRegistrationNumber']);
    } finally {
      await server.db.query(`update companies set country_id = 'SE' where id = $1`, [companyId]);
    }
  });

  it("keeps each company's billing apart", async () => {
    const other = (await server.api({ method: 'GET', url: '/api/billing/company', token: otherToken })).json();
    expect(other).toMatchObject({ Exists: false, Name: 'Other Company AB' });
    expect((await server.api({ method: 'PUT', url: '/api/billing/company', payload: billing({ CompanyId: companyId }), token: otherToken })).statusCode).toBe(404);
  });

  it('lists billing methods per country', async () => {
    const se = (await server.api({ method: 'GET', url: '/api/billing/methods?CountryId=SE' })).json() as Page<{ Id: number; Name: string }>;
    expect(se.Results.map((m) => m.Id)).toEqual([1, 2, 3, 4]);
    const fi = (await server.api({ method: 'GET', url: '/api/billing/methods?CountryId=FI' })).json() as Page<{ Id: number }>;
    expect(fi.Results.map((m) => m.Id)).toEqual([1, 2, 3]);
    expect((await server.api({ method: 'GET', url: '/api/billing/methods?CountryId=XX' })).statusCode).toBe(400);
  });
});

describe('client errors and encryption', () => {
  it('stores a client error report', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/errors',
      payload: { ExceptionName: 'TypeError', ExceptionMessage: 'x is undefined', InnerExceptionName: 'Mozilla/5.0', URL: '/customers', StackTrace: 'at a (b.js:1:2)' },
    });
    expect([200, 204]).toContain(res.statusCode);
    const row = await server.db.one<{ exception_name: string; url: string }>('select exception_name, url from client_errors where company_id = $1 order by id desc', [companyId]);
    expect(row).toEqual({ exception_name: 'TypeError', url: '/customers' });
  });

  it('refuses a malformed or oversized report', async () => {
    const before = (await server.db.one<{ n: number }>('select count(*)::int as n from client_errors'))!.n;
    const missing = await server.api({ method: 'POST', url: '/api/errors', payload: { ExceptionName: 'X' } });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing.json())).toEqual(['ExceptionMessage']);
    const huge = await server.api({ method: 'POST', url: '/api/errors', payload: { ExceptionName: 'X', ExceptionMessage: 'm', StackTrace: 's'.repeat(50001) } });
    expect(huge.statusCode).toBe(400);
    expect(fields(huge.json())).toEqual(['StackTrace']);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from client_errors'))!.n).toBe(before);
  });

  it('encrypts a text with a fresh IV each time', async () => {
    const a = (await server.api({ method: 'GET', url: `/api/encryption/encrypt?CompanyId=${companyId}&Text=hemlig` })).json() as { Text: string };
    const b = (await server.api({ method: 'GET', url: '/api/encryption/encrypt?Text=hemlig' })).json() as { Text: string };
    expect(a.Text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.Text).not.toBe(b.Text);
    expect(a.Text).not.toContain('hemlig');
    expect(Buffer.from(a.Text, 'base64url').length).toBe(12 + 6 + 16);
    expect((await server.api({ method: 'GET', url: '/api/encryption/encrypt' })).statusCode).toBe(400);
    expect((await server.api({ method: 'GET', url: `/api/encryption/encrypt?CompanyId=${otherCompanyId}&Text=x` })).statusCode).toBe(404);
  });
});
