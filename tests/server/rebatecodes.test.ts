import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateCode, RebateCodeInput } from '../../schema/rebatecodes';
import type { Service } from '../../schema/services';
import { SIGN_ALPHABET } from '../../domain/pricing';
import { seedRebateCodes } from '../../server/db/seed/rebatecodes';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let padel: Service;
let yoga: Service;
let theirService: Service;
let anna: number;
let theirCustomer: number;

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

const errorsOf = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus;
const fields = (res: { json(): unknown }) => errorsOf(res).Errors.map((e) => e.FieldName);

async function codeCount(): Promise<number> {
  return (await server.db.one<{ n: number }>('select count(*)::int as n from rebate_codes'))!.n;
}

async function createCustomer(firstname: string, email: string, companyEmail = 'demo@example.com'): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `insert into customers (company_id, firstname, lastname, email)
     select company_id, $2, 'Testsson', $3 from users where email = $1 returning id`,
    [companyEmail, firstname, email],
  );
  return row!.id;
}

async function create(body: RebateCodeInput, token?: string): Promise<RebateCode> {
  const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: body, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RebateCode;
}

async function list(query: string, token?: string): Promise<Page<RebateCode>> {
  const res = await server.api({ method: 'GET', url: `/api/rebatecodes${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<RebateCode>;
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  const services = ((await server.api({ method: 'GET', url: '/api/services?Take=20' })).json() as Page<Service>).Results;
  padel = services.find((s) => s.Name.startsWith('Padel'))!;
  yoga = services.find((s) => s.Name.startsWith('Yoga'))!;
  theirService = ((await server.api({ method: 'GET', url: '/api/services?Take=1', token: other })).json() as Page<Service>).Results[0];
  anna = await createCustomer('Anna', 'anna@example.com');
  await createCustomer('Bertil', 'bertil@example.com');
  theirCustomer = await createCustomer('Their', 'their@example.com', OTHER_EMAIL);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /rebatecodes', () => {
  it('creates a percent code with the contract defaults and the sign in upper case', async () => {
    const code = await create({ RebateCodeSign: ' vinter15 ', Name: 'Sommar', RebateCodeTypeId: 1, RebateCodeValue: 20 });
    expect(code).toMatchObject({
      RebateCodeSign: 'VINTER15',
      Name: 'Sommar',
      RebateCodeTypeId: 1,
      RebateCodeTypeName: 'Percent',
      RebateCodeValue: 20,
      MaxNumberOfUses: 9999,
      MaxNumberOfUsesPerCustomer: 1,
      NumberOfUsesUsed: 0,
      RemainingAmount: null,
      RemainingUsage: null,
      RebateCodeStatusId: 1,
      StatusName: 'Active',
      DaysOfWeek: [],
      Services: [],
      Customers: [],
      PersonalNote: null,
    });
    expect(code.Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('starts a value card with its value and a punch ticket with its punches, usable again and again', async () => {
    const card = await create({ RebateCodeSign: 'CARD-500', RebateCodeTypeId: 4, RebateCodeValue: 500 });
    expect(card).toMatchObject({ RebateCodeTypeName: 'ValueCard', RemainingAmount: 500, RemainingUsage: null, MaxNumberOfUsesPerCustomer: 9999 });
    const ticket = await create({ RebateCodeSign: 'PUNCH-10', RebateCodeTypeId: 3, RebateCodeValue: 10 });
    expect(ticket).toMatchObject({ RebateCodeTypeName: 'PunchTicket', RemainingUsage: 10, RemainingAmount: null });
    const gift = await create({ RebateCodeSign: 'GIFT-250', RebateCodeTypeId: 5, RebateCodeValue: 249.5 });
    expect(gift).toMatchObject({ RebateCodeTypeName: 'GiftCard', RemainingAmount: 249.5 });
    const fixed = await create({ RebateCodeSign: 'MINUS100', RebateCodeTypeId: 2, RebateCodeValue: 100 });
    expect(fixed).toMatchObject({ RebateCodeTypeName: 'Currency', RebateCodeValue: 100, MaxNumberOfUsesPerCustomer: 1 });
  });

  it('generates a sign when none is given', async () => {
    const code = await create({ RebateCodeTypeId: 2, RebateCodeValue: 50 });
    expect(code.RebateCodeSign).toHaveLength(8);
    expect([...code.RebateCodeSign].every((c) => SIGN_ALPHABET.includes(c))).toBe(true);
    const blank = await create({ RebateCodeSign: '  ', RebateCodeTypeId: 2, RebateCodeValue: 50 });
    expect(blank.RebateCodeSign).toHaveLength(8);
  });

  it('keeps validity, time of day, days, services, customers, limits and note', async () => {
    const code = await create({
      RebateCodeSign: 'Vardag-Yoga',
      RebateCodeTypeId: 1,
      RebateCodeValue: 12.5,
      ValidFrom: '2030-01-01',
      ValidTo: '2030-12-31T00:00:00',
      FromTime: '06:00',
      ToTime: '12:00:00',
      DaysOfWeek: [5, 1, 1, 3],
      Services: [yoga.Id],
      Customers: [anna],
      MaxNumberOfUses: 50,
      MaxNumberOfUsesPerCustomer: 3,
      PersonalNote: '  Till Anna  ',
    });
    expect(code).toMatchObject({
      RebateCodeSign: 'VARDAG-YOGA',
      RebateCodeValue: 12.5,
      ValidFrom: '2030-01-01T00:00:00',
      ValidTo: '2030-12-31T00:00:00',
      FromTime: '06:00:00',
      ToTime: '12:00:00',
      MaxNumberOfUses: 50,
      MaxNumberOfUsesPerCustomer: 3,
      PersonalNote: 'Till Anna',
      Services: [{ Id: yoga.Id, Name: yoga.Name }],
      Customers: [{ Id: anna, Firstname: 'Anna', Lastname: 'Testsson', Email: 'anna@example.com' }],
    });
    expect(code.DaysOfWeek.map((d) => d.DayOfWeekId)).toEqual([1, 3, 5]);
    expect(code.DaysOfWeek[0]).toEqual({ DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' });
  });

  it('refuses a sign of four characters or fewer, or with other characters, naming RebateCodeSign', async () => {
    const before = await codeCount();
    for (const sign of ['ABCD', ' ab ', 'HEJ HOPP', 'A/B/C/D']) {
      const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: { RebateCodeSign: sign, RebateCodeTypeId: 1, RebateCodeValue: 10 } });
      expect(res.statusCode, sign).toBe(400);
      expect(fields(res)).toEqual(['RebateCodeSign']);
    }
    expect(await codeCount()).toBe(before);
  });

  it('refuses a sign an active code has, whatever the case (409), but allows the sign of a code that is off', async () => {
    await create({ RebateCodeSign: 'TAKEN1', RebateCodeTypeId: 1, RebateCodeValue: 10 });
    const before = await codeCount();
    const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: { RebateCodeSign: 'taken1', RebateCodeTypeId: 2, RebateCodeValue: 10 } });
    expect(res.statusCode).toBe(409);
    expect(fields(res)).toEqual(['RebateCodeSign']);
    expect(errorsOf(res).Message).toContain('TAKEN1');
    expect(await codeCount()).toBe(before);

    const off = await create({ RebateCodeSign: 'OLDCODE', RebateCodeTypeId: 1, RebateCodeValue: 10, RebateCodeStatusId: 2 });
    expect(off.StatusName).toBe('Off');
    const again = await create({ RebateCodeSign: 'oldcode', RebateCodeTypeId: 1, RebateCodeValue: 15 });
    expect(again.StatusName).toBe('Active');
    const reactivate = await server.api({ method: 'PUT', url: `/api/rebatecodes/${off.Id}`, payload: { RebateCodeTypeId: 1, RebateCodeValue: 10, RebateCodeStatusId: 1 } });
    expect(reactivate.statusCode).toBe(409);
    expect(fields(reactivate)).toEqual(['RebateCodeSign']);
  });

  it('the database itself refuses two active codes with one sign', async () => {
    const company = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
    await server.db.query("insert into rebate_codes (company_id, sign, type_id, value_hundredths) values ($1, 'DBSIGN', 1, 1000)", [company]);
    await expect(
      server.db.query("insert into rebate_codes (company_id, sign, type_id, value_hundredths) values ($1, 'dbsign', 1, 1000)", [company]),
    ).rejects.toMatchObject({ code: '23505' });
    await server.db.query("insert into rebate_codes (company_id, sign, type_id, value_hundredths, status_id) values ($1, 'dbsign', 1, 1000, 2)", [company]);
  });

  it('two creates of one sign at the same time make one code', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => server.api({ method: 'POST', url: '/api/rebatecodes', payload: { RebateCodeSign: 'RACE-SIGN', RebateCodeTypeId: 1, RebateCodeValue: 5 } })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(fields(r)).toEqual(['RebateCodeSign']);
    }
    expect((await list('?RebateCodeSign=race-sign')).Total).toBe(1);
  });

  it('answers hostile input with 400 naming the field and writes nothing', async () => {
    const before = await codeCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ RebateCodeTypeId: 1, RebateCodeValue: -5 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 2, RebateCodeValue: -0.01 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 100.01 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 3, RebateCodeValue: 2.5 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 3, RebateCodeValue: 0 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 4, RebateCodeValue: 10.005 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 9, RebateCodeValue: 10 }, 'RebateCodeTypeId'],
      [{ RebateCodeTypeId: 1 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, ValidFrom: '2030-02-01', ValidTo: '2030-01-31' }, 'ValidFrom'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, ValidFrom: '2030-13-45' }, 'ValidFrom'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, FromTime: '18:00', ToTime: '09:00' }, 'FromTime'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, FromTime: '25:00' }, 'FromTime'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUses: 0 }, 'MaxNumberOfUses'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUsesPerCustomer: -1 }, 'MaxNumberOfUsesPerCustomer'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, DaysOfWeek: [0] }, 'DaysOfWeek[0]'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, Services: [999999] }, 'Services[0]'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, Services: [padel.Id, theirService.Id] }, 'Services[1]'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, Customers: [theirCustomer] }, 'Customers[0]'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, Name: 'x'.repeat(100_000) }, 'Name'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, RebateCodeSign: 'X'.repeat(61) }, 'RebateCodeSign'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, RebateCodeSign: 'Y'.repeat(51) }, 'RebateCodeSign'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, PersonalNote: 'n'.repeat(2001) }, 'PersonalNote'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload });
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(fields(res), JSON.stringify(payload).slice(0, 80)).toContain(field);
    }
    expect(await codeCount()).toBe(before);
  });

  it('answers 404 for another company’s CompanyId and writes nothing', async () => {
    const theirCompany = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
    const before = await codeCount();
    const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: { CompanyId: theirCompany, RebateCodeTypeId: 1, RebateCodeValue: 10 } });
    expect(res.statusCode).toBe(404);
    expect(await codeCount()).toBe(before);
  });

  it('answers in the caller’s language', async () => {
    const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: { RebateCodeTypeId: 1, RebateCodeValue: 120 }, headers: { 'x-language': 'sv' } });
    expect(errorsOf(res).Message).toBe("'RebateCodeValue' kan vara högst 100 procent.");
  });
});

describe('GET /rebatecodes', () => {
  let summer: RebateCode;
  let winter: RebateCode;
  let annasCard: RebateCode;
  beforeAll(async () => {
    summer = await create({ RebateCodeSign: 'FILTER-SUMMER', Name: 'Sommarkampanj', RebateCodeTypeId: 1, RebateCodeValue: 10, ValidFrom: '2031-06-01', ValidTo: '2031-08-31', Services: [padel.Id] });
    winter = await create({ RebateCodeSign: 'FILTER-WINTER', Name: 'Vinterkampanj', RebateCodeTypeId: 2, RebateCodeValue: 50, ValidFrom: '2031-12-01', ValidTo: '2032-02-28', RebateCodeStatusId: 2 });
    annasCard = await create({ RebateCodeSign: 'FILTER-ANNA', Name: 'Annas kort', RebateCodeTypeId: 4, RebateCodeValue: 300, Customers: [anna] });
  });

  it('reads one code by Id', async () => {
    const page = await list(`?Id=${summer.Id}`);
    expect(page.Total).toBe(1);
    expect(page.Results[0]).toEqual(summer);
  });

  it('filters by type, status, search on sign and name, service and customer', async () => {
    const search = await list('?Search=filter-');
    expect(search.Results.map((c) => c.RebateCodeSign).sort()).toEqual(['FILTER-ANNA', 'FILTER-SUMMER', 'FILTER-WINTER']);
    expect((await list('?Search=kampanj')).Results.map((c) => c.Id).sort()).toEqual([summer.Id, winter.Id].sort());
    expect((await list('?Search=filter-&RebateCodeTypeId=4')).Results.map((c) => c.Id)).toEqual([annasCard.Id]);
    expect((await list('?Search=filter-&RebateCodeTypeIds=1&RebateCodeTypeIds=2')).Total).toBe(2);
    expect((await list('?Search=filter-&RebateCodeStatusId=2')).Results.map((c) => c.Id)).toEqual([winter.Id]);
    const forYoga = (await list(`?Search=filter-&ServiceId=${yoga.Id}`)).Results.map((c) => c.Id);
    expect(forYoga.sort()).toEqual([annasCard.Id, winter.Id].sort());
    expect((await list(`?Search=filter-&ServiceId=${padel.Id}`)).Total).toBe(3);
    expect((await list(`?CustomerId=${anna}&Search=filter-`)).Results.map((c) => c.Id)).toEqual([annasCard.Id]);
  });

  it('filters validity ranges: codes valid some time between ValidFrom and ValidTo', async () => {
    const july = (await list('?Search=filter-&ValidFrom=2031-07-01&ValidTo=2031-07-31')).Results.map((c) => c.Id);
    expect(july.sort()).toEqual([summer.Id, annasCard.Id].sort());
    const after = (await list('?Search=filter-&ValidFrom=2032-01-01')).Results.map((c) => c.Id);
    expect(after.sort()).toEqual([winter.Id, annasCard.Id].sort());
  });

  it('pages and sorts', async () => {
    const first = await list('?Search=filter-&OrderBy=RebateCodeSign&Take=2');
    expect(first.Total).toBe(3);
    expect(first.Results.map((c) => c.RebateCodeSign)).toEqual(['FILTER-ANNA', 'FILTER-SUMMER']);
    const second = await list('?Search=filter-&OrderBy=RebateCodeSign&Take=2&Skip=2');
    expect(second.Results.map((c) => c.RebateCodeSign)).toEqual(['FILTER-WINTER']);
    expect((await list('?Search=filter-&OrderBy=-RebateCodeValue')).Results.map((c) => c.RebateCodeValue)).toEqual([300, 50, 10]);
    const bad = await server.api({ method: 'GET', url: '/api/rebatecodes?OrderBy=Password' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toEqual(['OrderBy']);
  });

  it('never shows another company’s codes', async () => {
    expect((await list('?Search=filter-', other)).Total).toBe(0);
    expect((await list(`?Id=${summer.Id}`, other)).Total).toBe(0);
  });
});

describe('PUT /rebatecodes/{Id}', () => {
  it('updates fields and keeps the ones not sent', async () => {
    const code = await create({ RebateCodeSign: 'EDIT-ME', Name: 'Före', RebateCodeTypeId: 1, RebateCodeValue: 10, Services: [padel.Id], PersonalNote: 'kvar' });
    const res = await server.api({ method: 'PUT', url: `/api/rebatecodes/${code.Id}`, payload: { Name: 'Efter', RebateCodeTypeId: 1, RebateCodeValue: 15, Services: [yoga.Id, padel.Id] } });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as RebateCode;
    expect(updated).toMatchObject({ RebateCodeSign: 'EDIT-ME', Name: 'Efter', RebateCodeValue: 15, PersonalNote: 'kvar' });
    expect(updated.Services.map((s) => s.Id).sort()).toEqual([padel.Id, yoga.Id].sort());
    const renamed = await server.api({ method: 'PUT', url: `/api/rebatecodes/${code.Id}`, payload: { RebateCodeSign: 'edited', RebateCodeTypeId: 1, RebateCodeValue: 15, Services: [] } });
    expect(renamed.json()).toMatchObject({ RebateCodeSign: 'EDITED', Services: [] });
  });

  it('moves a card’s remaining amount by the change of its value, never below what was used', async () => {
    const card = await create({ RebateCodeSign: 'EDIT-CARD', RebateCodeTypeId: 4, RebateCodeValue: 500 });
    const spend = await server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload: { RebateCodeId: card.Id, Amount: 120, ChangeType: 'Decrease' } });
    expect(spend.statusCode, spend.body).toBe(200);
    const up = await server.api({ method: 'PUT', url: `/api/rebatecodes/${card.Id}`, payload: { RebateCodeTypeId: 4, RebateCodeValue: 600 } });
    expect(up.json()).toMatchObject({ RebateCodeValue: 600, RemainingAmount: 480 });
    const tooLow = await server.api({ method: 'PUT', url: `/api/rebatecodes/${card.Id}`, payload: { RebateCodeTypeId: 4, RebateCodeValue: 100, Name: 'changed' } });
    expect(tooLow.statusCode).toBe(400);
    expect(fields(tooLow)).toEqual(['RebateCodeValue']);
    expect((await list(`?Id=${card.Id}`)).Results[0]).toMatchObject({ RebateCodeValue: 600, RemainingAmount: 480, Name: '' });
    const typeChange = await server.api({ method: 'PUT', url: `/api/rebatecodes/${card.Id}`, payload: { RebateCodeTypeId: 1, RebateCodeValue: 10 } });
    expect(typeChange.statusCode).toBe(409);
    expect(fields(typeChange)).toEqual(['RebateCodeTypeId']);
  });

  it('refuses hostile updates with nothing changed', async () => {
    const code = await create({ RebateCodeSign: 'EDIT-SAFE', RebateCodeTypeId: 1, RebateCodeValue: 10, ValidFrom: '2030-05-01' });
    for (const [payload, field] of [
      [{ RebateCodeTypeId: 1, RebateCodeValue: 101 }, 'RebateCodeValue'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, ValidTo: '2030-04-30' }, 'ValidFrom'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, RebateCodeSign: 'abc' }, 'RebateCodeSign'],
      [{ RebateCodeTypeId: 1, RebateCodeValue: 10, Customers: [theirCustomer] }, 'Customers[0]'],
    ] as const) {
      const res = await server.api({ method: 'PUT', url: `/api/rebatecodes/${code.Id}`, payload });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toContain(field);
    }
    expect((await list(`?Id=${code.Id}`)).Results[0]).toEqual(code);
  });

  it('answers 404 for another company’s code and changes nothing', async () => {
    const code = await create({ RebateCodeSign: 'NOT-YOURS', RebateCodeTypeId: 1, RebateCodeValue: 10 });
    const res = await server.api({ method: 'PUT', url: `/api/rebatecodes/${code.Id}`, payload: { RebateCodeTypeId: 1, RebateCodeValue: 99, Name: 'hacked' }, token: other });
    expect(res.statusCode).toBe(404);
    expect((await list(`?Id=${code.Id}`)).Results[0]).toEqual(code);
    const missing = await server.api({ method: 'PUT', url: '/api/rebatecodes/99999999', payload: { RebateCodeTypeId: 1, RebateCodeValue: 1 } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /rebatecodes/{Id}', () => {
  it('deletes an unused code and answers it', async () => {
    const code = await create({ RebateCodeSign: 'DELETE-ME', RebateCodeTypeId: 2, RebateCodeValue: 10 });
    const res = await server.api({ method: 'DELETE', url: `/api/rebatecodes/${code.Id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: code.Id, RebateCodeSign: 'DELETE-ME' });
    expect((await list(`?Id=${code.Id}`)).Total).toBe(0);
  });

  it('keeps a used code unless ForceDelete is sent (the admin sends it when the code is Off)', async () => {
    const card = await create({ RebateCodeSign: 'USED-CARD', RebateCodeTypeId: 4, RebateCodeValue: 100 });
    await server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload: { RebateCodeId: card.Id, Amount: 40, ChangeType: 'Decrease' } });
    const refused = await server.api({ method: 'DELETE', url: `/api/rebatecodes/${card.Id}` });
    expect(refused.statusCode).toBe(409);
    expect(fields(refused)).toEqual(['ForceDelete']);
    expect(errorsOf(refused).Message).toContain('Switch the code off');
    expect((await list(`?Id=${card.Id}`)).Total).toBe(1);

    await server.api({ method: 'PUT', url: `/api/rebatecodes/${card.Id}`, payload: { RebateCodeTypeId: 4, RebateCodeValue: 100, RebateCodeStatusId: 2 } });
    const forced = await server.api({ method: 'DELETE', url: `/api/rebatecodes/${card.Id}?ForceDelete=true` });
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await list(`?Id=${card.Id}`)).Total).toBe(0);
    const left = await server.db.one<{ n: number }>('select count(*)::int as n from rebate_code_transactions where rebate_code_id = $1', [card.Id]);
    expect(left!.n).toBe(0);
  });

  it('answers 404 for another company’s code and keeps it', async () => {
    const code = await create({ RebateCodeSign: 'KEEP-MINE', RebateCodeTypeId: 2, RebateCodeValue: 10 });
    const res = await server.api({ method: 'DELETE', url: `/api/rebatecodes/${code.Id}?ForceDelete=true`, token: other });
    expect(res.statusCode).toBe(404);
    expect((await list(`?Id=${code.Id}`)).Total).toBe(1);
  });
});

describe('GET /rebatecodes/getbysign', () => {
  const lookup = (query: Record<string, string | number>, token?: string) =>
    server.api({ method: 'GET', url: `/api/rebatecodes/getbysign?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, token });

  let weekdays: RebateCode;
  beforeAll(async () => {
    weekdays = await create({
      RebateCodeSign: 'LOOKUP-WEEKDAY',
      RebateCodeTypeId: 1,
      RebateCodeValue: 25,
      ValidFrom: '2030-06-01',
      ValidTo: '2030-06-30',
      DaysOfWeek: [1, 2, 3, 4, 5],
      FromTime: '08:00',
      ToTime: '16:00',
      Services: [padel.Id],
    });
  });

  it('finds an applicable code by sign, whatever the case', async () => {
    const res = await lookup({ RebateCodeSign: 'lookup-weekday', Date: '2030-06-03T10:00:00', ServiceId: padel.Id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(weekdays);
    expect((await lookup({ RebateCodeSign: 'LOOKUP-WEEKDAY', Date: '2030-06-03' })).statusCode).toBe(200);
  });

  it('says why a code does not apply, naming RebateCodeSign', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ Date: '2030-07-01T10:00:00' }, 'Expired', 'The code has expired.'],
      [{ Date: '2030-05-31T10:00:00' }, 'NotYetValid', 'The code is not valid yet on this date.'],
      [{ Date: '2030-06-08T10:00:00' }, 'WrongDay', 'The code is not valid on this day of the week.'],
      [{ Date: '2030-06-03T17:00:00' }, 'WrongTime', 'The code is not valid at this time of day.'],
      [{ Date: '2030-06-03T10:00:00', ServiceId: yoga.Id }, 'NotForService', 'The code is not valid for this service.'],
    ];
    for (const [query, code, message] of cases) {
      const res = await lookup({ RebateCodeSign: 'LOOKUP-WEEKDAY', ...query });
      expect(res.statusCode, code).toBe(400);
      expect(errorsOf(res)).toMatchObject({ ErrorCode: code, Message: message, Errors: [{ FieldName: 'RebateCodeSign', ErrorCode: code }] });
    }
  });

  it('checks reserved codes, uses per customer and used-up codes', async () => {
    const personal = await create({ RebateCodeSign: 'LOOKUP-ANNA', RebateCodeTypeId: 2, RebateCodeValue: 50, Customers: [anna] });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-ANNA' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'NotForCustomer' } });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-ANNA', CustomerEmail: 'bertil@example.com' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'NotForCustomer' } });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-ANNA', CustomerEmail: 'ANNA@example.com' })).statusCode).toBe(200);

    const company = (await server.db.one<{ company_id: number }>('select company_id from rebate_codes where id = $1', [personal.Id]))!.company_id;
    await server.db.query(
      "insert into rebate_code_transactions (company_id, rebate_code_id, amount_minor, usage, change_type, booking_id, customer_id) values ($1, $2, 5000, 1, 'Decrease', 1, $3)",
      [company, personal.Id, anna],
    );
    expect((await lookup({ RebateCodeSign: 'LOOKUP-ANNA', CustomerEmail: 'anna@example.com' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'UsedUpForCustomer' } });

    const ticket = await create({ RebateCodeSign: 'LOOKUP-EMPTY', RebateCodeTypeId: 3, RebateCodeValue: 1 });
    await server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload: { RebateCodeId: ticket.Id, Usage: 1, ChangeType: 'Decrease' } });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-EMPTY' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'UsedUp', Message: 'The code has been used up.' } });

    const card = await create({ RebateCodeSign: 'LOOKUP-DRAINED', RebateCodeTypeId: 5, RebateCodeValue: 20 });
    await server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload: { RebateCodeId: card.Id, Amount: 20, ChangeType: 'Decrease' } });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-DRAINED' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'NoRemainingAmount' } });

    await create({ RebateCodeSign: 'LOOKUP-OFF', RebateCodeTypeId: 1, RebateCodeValue: 5, RebateCodeStatusId: 2 });
    expect((await lookup({ RebateCodeSign: 'LOOKUP-OFF' })).json()).toMatchObject({ ResponseStatus: { ErrorCode: 'Inactive' } });
  });

  it('answers 404 naming RebateCodeSign for an unknown sign or another company’s, and 400 for bad input', async () => {
    const unknown = await lookup({ RebateCodeSign: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(404);
    expect(fields(unknown)).toEqual(['RebateCodeSign']);
    const theirs = await lookup({ RebateCodeSign: 'LOOKUP-WEEKDAY' }, other);
    expect(theirs.statusCode).toBe(404);
    const theirService2 = await lookup({ RebateCodeSign: 'LOOKUP-WEEKDAY', ServiceId: theirService.Id, Date: '2030-06-03' });
    expect(theirService2.statusCode).toBe(400);
    expect(fields(theirService2)).toEqual(['ServiceId']);
    const badDate = await lookup({ RebateCodeSign: 'LOOKUP-WEEKDAY', Date: '2030-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(fields(badDate)).toEqual(['Date']);
    const missing = await server.api({ method: 'GET', url: '/api/rebatecodes/getbysign' });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['RebateCodeSign']);
  });
});

describe('GET /rebatecodes/types', () => {
  it('lists the five code types', async () => {
    const res = await server.api({ method: 'GET', url: '/api/rebatecodes/types' });
    expect(res.json()).toEqual([
      { Id: 1, Name: 'Percent' },
      { Id: 2, Name: 'Currency' },
      { Id: 3, Name: 'PunchTicket' },
      { Id: 4, Name: 'ValueCard' },
      { Id: 5, Name: 'GiftCard' },
    ]);
  });
});

describe('GET /rebatecodes/{Id}/reports', () => {
  let card: RebateCode;
  beforeAll(async () => {
    card = await create({ RebateCodeSign: 'REPORT-ÅÄÖ', Name: 'Presentkort till Anna', RebateCodeTypeId: 4, RebateCodeValue: 500, Customers: [anna], ValidTo: '2031-12-31' });
    await server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload: { RebateCodeId: card.Id, Amount: 120.5, ChangeType: 'Decrease', CustomerId: anna, Comment: 'Kassan' } });
  });

  it('downloads a PDF (SendReceiptMethod 2)', async () => {
    const res = await server.api({ method: 'GET', url: `/api/rebatecodes/${card.Id}/reports?SendReceiptMethod=2` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment; filename="rebatecode-REPORT-AAO.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it('e-mails it to the code’s customer or to a given address (SendReceiptMethod 1)', async () => {
    const res = await server.api({ method: 'GET', url: `/api/rebatecodes/${card.Id}/reports?SendReceiptMethod=1`, headers: { 'x-language': 'sv' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Email: 'anna@example.com' });
    const mail = await server.db.one<{ subject: string; text_body: string; attachments: { filename: string; contentType: string; size: number }[] }>(
      "select subject, text_body, attachments from mail_outbox where kind = 'rebate_code_report' and to_address = 'anna@example.com' order by id desc limit 1",
    );
    expect(mail!.subject).toBe('Rapport för kod REPORT-ÅÄÖ');
    expect(mail!.attachments).toEqual([{ filename: 'rebatecode-REPORT-ÅÄÖ.pdf', contentType: 'application/pdf', size: expect.any(Number) }]);
    expect(mail!.attachments[0].size).toBeGreaterThan(500);
    expect(mail!.text_body).toContain('Värdekort');
    expect(mail!.text_body).toContain('379,50 kr');
    expect(mail!.text_body).toContain('Kassan');

    const to = await server.api({ method: 'GET', url: `/api/rebatecodes/${card.Id}/reports?SendReceiptMethod=1&Email=kassa@example.com` });
    expect(to.json()).toMatchObject({ Email: 'kassa@example.com' });
  });

  it('fails with a ResponseStatus when there is no one to send to, the address or method is bad, or the code is not the caller’s', async () => {
    const anonymous = await create({ RebateCodeSign: 'REPORT-NOBODY', RebateCodeTypeId: 1, RebateCodeValue: 10 });
    const noOne = await server.api({ method: 'GET', url: `/api/rebatecodes/${anonymous.Id}/reports?SendReceiptMethod=1` });
    expect(noOne.statusCode).toBe(400);
    expect(fields(noOne)).toEqual(['Email']);
    const badAddress = await server.api({ method: 'GET', url: `/api/rebatecodes/${anonymous.Id}/reports?SendReceiptMethod=1&Email=not-an-address` });
    expect(badAddress.statusCode).toBe(400);
    expect(fields(badAddress)).toEqual(['Email']);
    const badMethod = await server.api({ method: 'GET', url: `/api/rebatecodes/${anonymous.Id}/reports?SendReceiptMethod=3` });
    expect(badMethod.statusCode).toBe(400);
    expect(fields(badMethod)).toEqual(['SendReceiptMethod']);
    const theirs = await server.api({ method: 'GET', url: `/api/rebatecodes/${card.Id}/reports?SendReceiptMethod=2`, token: other });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('seedRebateCodes', () => {
  it('gives a company a 20 % code, a 500 kr value card and a ten-punch yoga ticket', async () => {
    const theirCompany = (await server.db.one<{ company_id: number }>('select company_id from users where email = $1', [OTHER_EMAIL]))!.company_id;
    await seedRebateCodes(server.db, theirCompany);
    const page = await list('?OrderBy=RebateCodeTypeId', other);
    expect(page.Results.map((c) => [c.RebateCodeSign, c.RebateCodeTypeName, c.RebateCodeValue, c.RemainingAmount, c.RemainingUsage])).toEqual([
      ['SOMMAR20', 'Percent', 20, null, null],
      ['YOGA10', 'PunchTicket', 10, null, 10],
      ['VARDEKORT500', 'ValueCard', 500, 500, null],
    ]);
    expect(page.Results[1].Services.map((s) => s.Name)).toEqual(['Yoga drop-in']);
  });
});
