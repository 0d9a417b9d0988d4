import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { newCompany } from './licensesHelpers';
import { checkPlanArea, effectivePlan } from '../../server/shared/planLimits';
import { BUILT_PLAN_FEATURES, PLAN_FEATURES, PLAN_FEATURES_IN_PROGRESS, listedPlanFeatures } from '../../domain/licenses/planFeatures';
import type { ApiError } from '../../server/shared/errors';

/**
 * Plans and their limits (issue 15): past a limit the API answers 402 (a trial can lift it) or 426
 * (the trial is used) with Header, Body and the suggested license or trial; the same request after
 * an upgrade succeeds; a trial lifts the limits while it runs.
 */
interface LimitBody {
  Header: string;
  Body: string;
  SuggestedLicenseToUpgrade: { Id: number; Name: string } | null;
  SuggestedTrialType: { Id: number; TrialDays: number } | null;
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; Message: string }[] };
}
interface Page<T> {
  Total: number;
  Results: T[];
}

let server: TestServer;

const admin = (n: number) => ({ Firstname: 'Extra', Lastname: `Admin ${n}`, Email: `extra${n}-${randomUUID().slice(0, 6)}@example.com`, Password: 'a-long-password-1' });
const service = (n: number) => ({ Name: `Service ${n}`, Description: 'A service', Duration: 60 });
const resource = (n: number) => ({ Name: `Resource ${n}` });
const invoiceBilling = { BillingMethodId: 2, Name: 'Firma AB', Email: 'faktura@firma.example.com', Street1: 'Vägen 1', ZipCode: '111 22', City: 'Stockholm', CountryId: 'SE' };

function expectLimit(res: { statusCode: number; json(): unknown }, status: 402 | 426): LimitBody {
  expect(res.statusCode).toBe(status);
  const body = res.json() as LimitBody;
  expect(body.Header).toBeTruthy();
  expect(body.Body).toBeTruthy();
  expect(body.ResponseStatus.ErrorCode).toBe('LicenseLimit');
  expect(body.SuggestedLicenseToUpgrade?.Id).toBeGreaterThan(1);
  return body;
}

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

describe('plan limits', () => {
  it('a new company is on the free plan with no trial, and the free plan allows one administrator', async () => {
    const { token } = await newCompany(server, 'Ettan');
    const licenses = (await server.api({ method: 'GET', url: '/api/licenses/company', token })).json() as Page<{ TypeId: number; Active: boolean }>;
    expect(licenses.Results).toEqual([expect.objectContaining({ TypeId: 1, Active: true })]);
    const check = (await server.api({ method: 'GET', url: '/api/trials/company/check', token })).json() as { CurrentTrialPeriod: unknown; SuggestedTrialType: { TrialDays: number } };
    expect(check.CurrentTrialPeriod).toBeNull();
    expect(check.SuggestedTrialType.TrialDays).toBe(30);

    const second = await server.api({ method: 'POST', url: '/api/administrators', payload: admin(1), token, headers: { 'x-language': 'sv' } });
    const body = expectLimit(second, 402);
    expect(body.Body).toContain('administratörer');
    expect(body.SuggestedTrialType?.TrialDays).toBe(30);
    expect((await server.db.one<{ n: number }>('select count(*)::int as n from users where company_id = (select company_id from users where email = $1)', [admin(1).Email]))).toEqual({ n: 0 });

    const upgrade = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: invoiceBilling }, token });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    // An upgrade paid by invoice needs no card.
    expect(upgrade.json()).toMatchObject({ TypeId: 2, RequiresCreditCard: false });
    expect((await server.api({ method: 'POST', url: '/api/administrators', payload: admin(2), token })).statusCode).toBe(200);
  });

  it('limits services and resources, and lifts them after an upgrade', async () => {
    const { token } = await newCompany(server, 'Tjanst');
    for (let i = 1; i <= 3; i++) expect((await server.api({ method: 'POST', url: '/api/services', payload: service(i), token })).statusCode).toBe(200);
    expectLimit(await server.api({ method: 'POST', url: '/api/services', payload: service(4), token }), 402);
    for (let i = 1; i <= 3; i++) expect((await server.api({ method: 'POST', url: '/api/resource', payload: resource(i), token })).statusCode).toBe(200);
    expectLimit(await server.api({ method: 'POST', url: '/api/resource', payload: resource(4), token }), 402);
    // Editing what exists is not creating.
    const first = ((await server.api({ method: 'GET', url: '/api/services', token })).json() as Page<{ Id: number }>).Results[0];
    expect((await server.api({ method: 'PUT', url: `/api/services/${first.Id}`, payload: { ...service(9), Id: first.Id }, token })).statusCode).toBe(200);

    expect((await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: invoiceBilling }, token })).statusCode).toBe(200);
    expect((await server.api({ method: 'POST', url: '/api/services', payload: service(4), token })).statusCode).toBe(200);
    expect((await server.api({ method: 'POST', url: '/api/resource', payload: resource(4), token })).statusCode).toBe(200);
  });

  it('limits bookings per month, and lifts the limit after an upgrade', async () => {
    const demo = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
    // The demo company is put back on the free plan with 99 bookings made this month.
    await server.db.query('update company_licenses set license_type_id = 1 where company_id = $1', [demo]);
    const padel = (await server.db.one<{ id: number }>("select id from services where company_id = $1 and name = 'Padel 60 min'", [demo]))!.id;
    const customer = (await server.db.one<{ id: number }>('select id from customers where company_id = $1 order by id limit 1', [demo]))!.id;
    const made = (await server.db.one<{ n: number }>("select count(*)::int as n from bookings where company_id = $1 and created >= date_trunc('month', now())", [demo]))!.n;
    await server.db.query(
      `insert into bookings (company_id, service_id, customer_id, starts_at, ends_at)
       select $1, $2, $3, timestamptz '2031-01-01 10:00+00' + make_interval(days => g), timestamptz '2031-01-01 11:00+00' + make_interval(days => g) from generate_series(1, $4::int) g`,
      [demo, padel, customer, 99 - made],
    );
    const booking = (from: string) => server.api({ method: 'POST', url: '/api/bookings', payload: { ServiceId: padel, CustomerId: customer, From: from } });
    expect((await booking('2030-06-06T10:00:00')).statusCode).toBe(200);
    const over = expectLimit(await booking('2030-06-06T12:00:00'), 402);
    expect(over.Body).toContain('100');
    expect((await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: invoiceBilling } })).statusCode).toBe(200);
    expect((await booking('2030-06-06T12:00:00')).statusCode).toBe(200);
  });
});

describe('trials', () => {
  it('lifts the limits while the trial runs; after it, 426 without a trial to suggest', async () => {
    const { token, companyId } = await newCompany(server, 'Provet');
    const started = await server.api({ method: 'POST', url: '/api/trials/company', payload: {}, token });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ Active: true, DaysLeft: 30 });
    expect((await server.api({ method: 'POST', url: '/api/administrators', payload: admin(3), token })).statusCode).toBe(200);
    // Continuing the running trial answers it again.
    expect((await server.api({ method: 'POST', url: '/api/trials/company', payload: {}, token })).json()).toMatchObject({ Active: true });

    await server.db.query("update company_trials set valid_to = now() - interval '1 day' where company_id = $1", [companyId]);
    const after = expectLimit(await server.api({ method: 'POST', url: '/api/administrators', payload: admin(4), token }), 426);
    expect(after.SuggestedTrialType).toBeNull();
    const again = await server.api({ method: 'POST', url: '/api/trials/company', payload: {}, token });
    expect(again.statusCode).toBe(409);
  });
});

describe('the license flow', () => {
  it('refuses the extra license on a free plan on the type id (the prompt to go to my subscriptions)', async () => {
    const { token } = await newCompany(server, 'Tillagg');
    const res = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 11, BillingInformation: invoiceBilling }, token });
    expect(res.statusCode).toBe(409);
    expect((res.json() as LimitBody).ResponseStatus.Errors[0].FieldName).toBe('TypeId');
  });

  it('answers 400 naming the billing field and takes no plan', async () => {
    const { token, companyId } = await newCompany(server, 'Felet');
    const res = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: { ...invoiceBilling, BillingMethodId: null, Email: '' } }, token });
    expect(res.statusCode).toBe(400);
    expect((res.json() as LimitBody).ResponseStatus.Errors.map((e) => e.FieldName)).toEqual(['BillingInformation.BillingMethodId']);
    const held = await server.db.query('select license_type_id from company_licenses where company_id = $1', [companyId]);
    expect(held).toEqual([{ license_type_id: 1 }]);
    expect((await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 4 }, token })).statusCode).toBe(400);
  });

  it('lists plans and features as rows with a value|note split', async () => {
    const types = (await server.api({ method: 'GET', url: '/api/licenses/types' })).json() as Page<{ Id: number; IsExtraLicenseOption: boolean }>;
    expect(types.Results.map((t) => t.Id)).toEqual([1, 2, 3, 5, 9, 11]);
    expect(types.Results.find((t) => t.Id === 11)?.IsExtraLicenseOption).toBe(true);
    const info = (await server.api({ method: 'GET', url: '/api/licenses/information' })).json() as Page<{ Name: string; FreeEdition: string; Values: { LicenseTypeId: number; Value: string }[] }>;
    const admins = info.Results.find((r) => r.Name === 'Administrators')!;
    expect(admins.FreeEdition).toBe('1');
    expect(info.Results.find((r) => r.Name === 'Bookings')!.FreeEdition).toBe('100|per month');
    expect(info.Results.find((r) => r.Name === 'Newsletters')!.Values.map((v) => v.Value)).toEqual(['No', 'Yes', 'Yes', 'Yes', 'Yes']);
    expect(admins.Values.find((v) => v.LicenseTypeId === 9)?.Value).toBe('Unlimited');
  });

  it('closes the account with the questionnaire: the license ends at the end of the notice period', async () => {
    const { token } = await newCompany(server, 'Stang');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 2, BillingInformation: invoiceBilling }, token });
    const incomplete = await server.api({ method: 'POST', url: '/api/licenses/company/delete', payload: { Questionnaire: [{ Question: 'reason', Value: 'price' }] }, token });
    expect(incomplete.statusCode).toBe(400);
    expect((incomplete.json() as LimitBody).ResponseStatus.Errors[0]).toMatchObject({ FieldName: 'Questionnaire.experience', Message: 'select option from each section' });
    const closed = await server.api({
      method: 'POST',
      url: '/api/licenses/company/delete',
      payload: { Questionnaire: [{ Question: 'reason', Value: 'price' }, { Question: 'experience', Value: 'ok' }, { Question: 'comments', Value: 'Tack' }] },
      token,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const validTo = new Date(`${(closed.json() as { ValidTo: string }).ValidTo}Z`).getTime();
    expect(Math.round((validTo - Date.now()) / 86_400_000)).toBeGreaterThanOrEqual(29);
    expect(closed.json()).toMatchObject({ TypeId: 2, Canceled: true });
  });
});

describe('incentives', () => {
  it('offers upgrades to a free account and remembers what was done with them', async () => {
    const { token, companyId } = await newCompany(server, 'Locka');
    const list = async () => ((await server.api({ method: 'GET', url: `/api/companies/${companyId}/incentives`, token })).json() as Page<{ Id: number; InitialDelayInSeconds: number; Action: { ActionType: string } }>).Results;
    const first = await list();
    expect(first.map((i) => i.Action.ActionType)).toEqual(['Upgrade', 'Information']);
    expect(first[0].InitialDelayInSeconds).toBeGreaterThan(0);
    const read = await server.api({ method: 'POST', url: `/api/company/${companyId}/incentives/${first[0].Id}`, payload: { EngagementType: 'Cancelled' }, token });
    expect(read.statusCode).toBe(204);
    expect((await list()).map((i) => i.Id)).not.toContain(first[0].Id);
    const bad = await server.api({ method: 'POST', url: `/api/company/${companyId}/incentives/${first[0].Id}`, payload: { EngagementType: 'Loved' }, token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('areas a plan includes', () => {
  it('refuses an area the plan lacks with 402 and the cheapest plan that has it', async () => {
    const { companyId, token } = await newCompany(server, 'Omraden');
    const refused = await checkPlanArea(server.db, { companyId, lang: 'en' }, 'webhooks').catch((err: ApiError) => err);
    expect(refused).toMatchObject({ statusCode: 402, extra: { SuggestedLicenseToUpgrade: { Id: 3, Name: 'Professional' } } });
    expect((refused as ApiError).extra.Body).toContain('does not include Webhooks');
    await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: 3, BillingInformation: invoiceBilling }, token });
    await expect(checkPlanArea(server.db, { companyId, lang: 'en' }, 'webhooks')).resolves.toBeUndefined();
  });
});

describe('the plan features', () => {
  interface InformationRow {
    Id: number;
    Name: string;
    LicenseInformationTypeId: number;
    Values: { LicenseTypeId: number; Value: string }[];
  }
  const information = async (token?: string) => ((await server.api({ method: 'GET', url: '/api/licenses/information', token })).json() as Page<InformationRow>).Results;

  it('lists only the features the product has: the areas not built stay in the plans but are not sold', async () => {
    const rows = await information();
    expect(rows.map((r) => r.Id)).toEqual(listedPlanFeatures().map((f) => f.id));
    expect(rows.map((r) => r.Name)).toEqual(['Services', 'Resources', 'Administrators', 'Bookings', 'Newsletters', 'Webhooks', 'Accounting integration', 'Door locks', 'Calendar sync', 'Statistics']);
    // The entitlements are data and stay: Enterprise includes accounting before it lands, as it did webhooks.
    expect((await server.db.one<{ included_areas: string[] }>('select included_areas from plan_limits where license_type_id = 9'))!.included_areas).toEqual(expect.arrayContaining(['webhooks', 'accounting']));
    const sv = ((await server.api({ method: 'GET', url: '/api/licenses/information', headers: { 'x-language': 'sv' } })).json() as Page<InformationRow>).Results;
    expect(sv.map((r) => r.Name)).toEqual(['Tjänster', 'Resurser', 'Administratörer', 'Bokningar', 'Nyhetsbrev', 'Webhooks', 'Bokföringsintegration', 'Kodlås', 'Kalendersynk', 'Statistik']);
  });

  it('each feature the table lists works for a company on each plan as the table says; each feature left out is not built', async () => {
    const types = ((await server.api({ method: 'GET', url: '/api/licenses/types' })).json() as Page<{ Id: number; IsExtraLicenseOption: boolean }>).Results.filter((t) => !t.IsExtraLicenseOption);
    expect(types.map((t) => t.Id)).toEqual([1, 2, 3, 5, 9]);
    for (const type of types) {
      const { companyId, token } = await newCompany(server, `Plan${type.Id}`);
      if (type.Id !== 1) {
        const taken = await server.api({ method: 'POST', url: '/api/licenses/company', payload: { TypeId: type.Id, BillingInformation: invoiceBilling }, token });
        expect(taken.statusCode, taken.body).toBe(200);
      }
      const plan = await effectivePlan(server.db, companyId);
      expect(plan.typeId).toBe(type.Id);
      for (const row of await information(token)) {
        const feature = PLAN_FEATURES.find((f) => f.id === row.Id)!;
        const where = `${feature.key} on plan ${type.Id}`;
        expect(BUILT_PLAN_FEATURES, where).toContain(feature.key);
        const value = row.Values.find((v) => v.LicenseTypeId === type.Id)!.Value.split('|')[0];
        if (feature.kind === 'limit') {
          // The number shown is the one enforced.
          const limit = plan.limits[feature.key as keyof typeof plan.limits];
          expect(value, where).toBe(limit === null ? 'Unlimited' : String(limit));
          expect(limit === null || limit > 0, where).toBe(true);
        } else {
          const included = await checkPlanArea(server.db, { companyId, lang: 'en' }, feature.key).then(() => true, (err: ApiError) => (expect([402, 426]).toContain(err.statusCode), false));
          expect(value, where).toBe(included ? 'Yes' : 'No');
        }
        // The screen's API answers for this company (the screens themselves: tests/admin/licenses.test.tsx).
        const read = await server.api({ method: 'GET', url: `/api${feature.api}`, token });
        expect(read.statusCode, `${where}: GET ${feature.api} ${read.body}`).toBe(200);
      }
    }
    // A feature the table leaves out has no API yet (when its area lands, add it to BUILT_PLAN_FEATURES), or only its
    // API (PLAN_FEATURES_IN_PROGRESS): not sold until its screens are there.
    for (const feature of PLAN_FEATURES.filter((f) => !BUILT_PLAN_FEATURES.includes(f.key))) {
      const read = await server.api({ method: 'GET', url: `/api${feature.api}` });
      expect(read.statusCode, `${feature.key}: GET ${feature.api}`).toBe(PLAN_FEATURES_IN_PROGRESS.includes(feature.key) ? 200 : 404);
    }
    expect(PLAN_FEATURES_IN_PROGRESS.filter((key) => BUILT_PLAN_FEATURES.includes(key))).toEqual([]);
  });
});
