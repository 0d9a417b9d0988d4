import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function list(query = '', token?: string): Promise<Page<Service>> {
  const res = await server.api({ method: 'GET', url: `/api/services${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Service>;
}

async function byName(name: string): Promise<Service> {
  const found = (await list(`?Search=${encodeURIComponent(name)}&Take=1000`)).Results.find((s) => s.Name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
}

async function serviceCount(): Promise<number> {
  const row = await server.db.one<{ n: number }>('select count(*)::int as n from services');
  return row!.n;
}

function fields(res: { json(): unknown }): string[] {
  return (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);
}

const valid = { Name: 'Yin yoga', Description: 'Lugn yoga', Duration: 60 };

describe('GET /services', () => {
  it("lists the company's services in SortOrder, then Name", async () => {
    const page = await list();
    expect(page.Total).toBe(6);
    expect(page.Offset).toBe(0);
    expect(page.Results.map((s) => s.Name)).toEqual(['Padel 60 min', 'Yoga drop-in', 'Massage', 'Bastu', 'Personlig träning', 'Konferensrum per timme']);
    expect(page.Results[0].Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('pages with Skip and Take and keeps the total', async () => {
    const page = await list('?Skip=2&Take=2');
    expect(page).toMatchObject({ Offset: 2, Total: 6 });
    expect(page.Results.map((s) => s.Name)).toEqual(['Massage', 'Bastu']);
  });

  it('sorts by OrderBy with a - prefix and by OrderByDesc', async () => {
    const names = (await list('?OrderBy=-Name')).Results.map((s) => s.Name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'sv')));
    expect((await list('?OrderByDesc=Name')).Results.map((s) => s.Name)).toEqual(names);
    const byGroup = (await list('?OrderBy=Group,Name')).Results.map((s) => s.Group);
    expect(byGroup).toEqual([...byGroup].sort());
  });

  it('searches name, description and group case-insensitively', async () => {
    expect((await list('?Search=YOGA')).Results.map((s) => s.Name)).toEqual(['Yoga drop-in']);
    expect((await list('?Search=whiteboard')).Results.map((s) => s.Name)).toEqual(['Konferensrum per timme']);
    expect((await list('?Search=h%C3%A4lsa')).Results.map((s) => s.Name).sort()).toEqual(['Bastu', 'Massage']);
    expect((await list('?Search=%25')).Total).toBe(0);
  });

  it('filters by Group, Active and repeated Id', async () => {
    expect((await list('?Group=H%C3%A4lsa')).Results.map((s) => s.Name)).toEqual(['Massage', 'Bastu']);
    const [a, b] = (await list('?Take=2')).Results;
    expect((await list(`?Id=${a.Id}&Id=${b.Id}`)).Results.map((s) => s.Id)).toEqual([a.Id, b.Id]);
    expect((await list(`?Id=${a.Id}`)).Total).toBe(1);
    expect((await list('?Active=false')).Total).toBe(0);
  });

  it('attaches prices with IncludePrices, only the valid ones at PriceDate and PriceTime', async () => {
    const padel = await byName('Padel 60 min');
    const all = (await list(`?Id=${padel.Id}&IncludePrices=true`)).Results[0];
    expect(all.Prices!.map((p) => p.Price).sort()).toEqual([280, 350, 400]);
    const mondayEvening = (await list(`?Id=${padel.Id}&IncludePrices=true&PriceDate=2025-06-02&PriceTime=18:00`)).Results[0];
    expect(mondayEvening.Prices!.map((p) => p.Price)).toEqual([400]);
    const mondayMorning = (await list(`?Id=${padel.Id}&IncludePrices=true&PriceDate=2025-06-02&PriceTime=08:30:00`)).Results[0];
    expect(mondayMorning.Prices!.map((p) => p.Price)).toEqual([280]);
    const saturday = (await list(`?Id=${padel.Id}&IncludePrices=true&PriceDate=2025-06-07T12:00:00`)).Results[0];
    expect(saturday.Prices!.map((p) => p.Price)).toEqual([350]);
    expect((await list(`?Id=${padel.Id}`)).Results[0].Prices).toBeUndefined();
  });

  it('attaches custom field values and the fields that apply with the include flags', async () => {
    const page = await list('?IncludeCustomFieldValues=true&IncludeCustomFields=true&IncludeBookingCustomFields=true');
    const padel = page.Results.find((s) => s.Name === 'Padel 60 min')!;
    const sauna = page.Results.find((s) => s.Name === 'Bastu')!;
    expect(padel.CustomFieldValues).toEqual([expect.objectContaining({ Name: 'Nivå', Value: 'Medel' })]);
    expect(padel.CustomFields!.map((f) => f.Name)).toEqual(['Nivå']);
    expect(sauna.CustomFields).toEqual([]);
    expect(sauna.CustomFieldValues).toEqual([]);
    expect(sauna.BookingCustomFields!.map((f) => f.Name)).toEqual(['Allergier']);
  });

  it('answers 400 naming the parameter for a bad OrderBy, Take, Skip or Id', async () => {
    for (const [query, field] of [
      ['?OrderBy=Password', 'OrderBy'],
      ['?OrderByDesc=Name,nope', 'OrderByDesc'],
      ['?Take=1001', 'Take'],
      ['?Take=0', 'Take'],
      ['?Take=ten', 'Take'],
      ['?Skip=-1', 'Skip'],
      ['?Id=abc', 'Id[0]'],
      ['?Id=99999999999', 'Id'],
      ['?Active=maybe', 'Active'],
      [`?Search=${'x'.repeat(201)}`, 'Search'],
      ['?PriceDate=tomorrow&IncludePrices=true', 'PriceDate'],
    ]) {
      const res = await server.api({ method: 'GET', url: `/api/services${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(fields(res).join(), query).toContain(field);
    }
  });

  it("never shows another company's services", async () => {
    const theirs = await list('', other);
    const ours = await list();
    expect(theirs.Total).toBe(6);
    const ourIds = new Set(ours.Results.map((s) => s.Id));
    expect(theirs.Results.some((s) => ourIds.has(s.Id))).toBe(false);
    expect((await list(`?Id=${ours.Results[0].Id}`, other)).Total).toBe(0);
    const asked = await server.api({ method: 'GET', url: `/api/services?CompanyId=${999}` });
    expect(asked.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/services' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /services', () => {
  it('creates a service with the duration defaults and answers it', async () => {
    const res = await server.api({ method: 'POST', url: '/api/services', payload: { ...valid, Group: '  Yoga ' } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as Service;
    expect(created).toMatchObject({ Name: 'Yin yoga', Group: 'Yoga', Duration: 60, MinDuration: 60, MaxDuration: 180, DurationInterval: 60, Active: true });
    expect((await list(`?Id=${created.Id}`)).Results[0].Name).toBe('Yin yoga');
  });

  it('trims a maximum that is not reached in whole intervals from the minimum', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/services',
      payload: { ...valid, Name: 'Flex', MinDuration: 60, MaxDuration: 130, DurationInterval: 30, DurationTypeId: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ MinDuration: 60, MaxDuration: 120, DurationInterval: 30, DurationTypeId: 3 });
  });

  it('stores custom field values and checks them against the field', async () => {
    const level = (await list('?IncludeCustomFields=true')).Results.find((s) => s.Name === 'Padel 60 min')!.CustomFields![0];
    const wrongNew = await server.api({ method: 'POST', url: '/api/services', payload: { ...valid, CustomFieldValues: [{ Id: level.Id, Value: 'Expert' }] } });
    expect(wrongNew.statusCode).toBe(400);
    expect(fields(wrongNew)).toEqual([`CustomFieldValues.${level.Id}`]);

    const padel = await byName('Padel 60 min');
    const wrong = await server.api({
      method: 'PUT',
      url: `/api/services/${padel.Id}`,
      payload: { Name: padel.Name, Description: padel.Description, Duration: 60, CustomFieldValues: [{ Id: level.Id, Value: 'Expert' }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect((wrong.json() as ErrorBody).ResponseStatus.Errors[0]).toMatchObject({ FieldName: `CustomFieldValues.${level.Id}`, ErrorCode: 'CustomFieldNotAnOption' });
    const right = await server.api({
      method: 'PUT',
      url: `/api/services/${padel.Id}`,
      payload: { Name: padel.Name, Description: padel.Description, Duration: 60, CustomFieldValues: [{ Id: level.Id, Value: 'Avancerad' }] },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect((right.json() as Service).CustomFieldValues).toEqual([{ Id: level.Id, Name: 'Nivå', Value: 'Avancerad' }]);
  });

  it('creates and copies a service with a value for a field connected to other services, and connects it', async () => {
    const padel = (await list('?IncludeCustomFieldValues=true&IncludeCustomFields=true')).Results.find((s) => s.Name === 'Padel 60 min')!;
    const level = padel.CustomFields![0];
    const created = await server.api({
      method: 'POST',
      url: '/api/services',
      payload: { ...valid, Name: 'Padel 90 min', CustomFieldValues: [{ Id: level.Id, Value: 'Nybörjare' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((created.json() as Service).CustomFieldValues).toEqual([{ Id: level.Id, Name: 'Nivå', Value: 'Nybörjare' }]);
    const copy = await server.api({
      method: 'POST',
      url: '/api/services',
      payload: { ...valid, Name: 'Kopia av Padel 60 min', CustomFieldValues: padel.CustomFieldValues },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const ids = [(created.json() as Service).Id, (copy.json() as Service).Id];
    const shown = (await list('?IncludeCustomFields=true&Take=100')).Results.filter((s) => ids.includes(s.Id));
    expect(shown.map((s) => s.CustomFields!.map((f) => f.Name))).toEqual([['Nivå'], ['Nivå']]);
    const field = await server.api({ method: 'GET', url: `/api/customfields?Id=${level.Id}` });
    expect((field.json() as Page<{ Services: { Id: number }[] }>).Results[0].Services.map((s) => s.Id)).toEqual(expect.arrayContaining(ids));
  });

  it('answers 400 naming the field for every broken rule and writes nothing', async () => {
    const before = await serviceCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ Description: 'x', Duration: 60 }, 'Name'],
      [{ ...valid, Name: '' }, 'Name'],
      [{ ...valid, Name: '   ' }, 'Name'],
      [{ ...valid, Name: 'x'.repeat(101) }, 'Name'],
      [{ Name: 'x', Duration: 60 }, 'Description'],
      [{ ...valid, Description: ' ' }, 'Description'],
      [{ ...valid, Duration: 0 }, 'Duration'],
      [{ ...valid, Duration: 'long' }, 'Duration'],
      [{ ...valid, Duration: 1.5 }, 'Duration'],
      [{ ...valid, MinDuration: 90 }, 'MinDuration'],
      [{ ...valid, MaxDuration: 30 }, 'Duration'],
      [{ ...valid, DurationTypeId: 4 }, 'DurationTypeId'],
      [{ ...valid, GroupBooking: { Active: true, Min: 5, Max: 2 } }, 'GroupBooking.Min'],
      [{ ...valid, MultipleResource: { Active: true, Min: 3, Max: 1 } }, 'MultipleResource.Min'],
      [{ ...valid, GroupBooking: { Active: true, Min: 1 } }, 'GroupBooking.Max'],
      [{ ...valid, Group: 'g'.repeat(101) }, 'Group'],
      [{ ...valid, Active: 'yes' }, 'Active'],
      [{ ...valid, CustomFieldValues: [{ Id: 999999, Value: 'x' }] }, 'CustomFieldValues.999999'],
      [{ ...valid, CustomFieldValues: [{ Id: 1, Value: 'v'.repeat(4001) }] }, 'CustomFieldValues[0].Value'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/services', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(fields(res), JSON.stringify(payload).slice(0, 100)).toContain(field);
    }
    const notJson = await server.api({ method: 'POST', url: '/api/services', payload: '{"Name":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(await serviceCount()).toBe(before);
  });

  it('ignores an Id or CompanyId of its own in the body and creates for the caller', async () => {
    const theirs = (await list('', other)).Results[0];
    const res = await server.api({ method: 'POST', url: '/api/services', payload: { ...valid, Name: 'Mine', Id: theirs.Id } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Service).Id).not.toBe(theirs.Id);
    expect((await list(`?Id=${theirs.Id}`, other)).Results[0].Name).toBe(theirs.Name);
    const foreign = await server.api({ method: 'POST', url: '/api/services', payload: { ...valid, CompanyId: 9999 } });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PUT and DELETE /services/{Id}', () => {
  it('updates the fields sent and keeps the durations not sent', async () => {
    const massage = await byName('Massage');
    const res = await server.api({ method: 'PUT', url: `/api/services/${massage.Id}`, payload: { Name: 'Massage klassisk', Description: massage.Description, Duration: 45 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Id: massage.Id, Name: 'Massage klassisk', MinDuration: 45, MaxDuration: 90, DurationInterval: 45, Group: 'Hälsa' });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const missing = await server.api({ method: 'PUT', url: '/api/services/999999', payload: valid });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as ErrorBody).ResponseStatus.ErrorCode).toBe('NotFound');
    const bad = await server.api({ method: 'PUT', url: '/api/services/abc', payload: valid });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('Id');
    expect((await server.api({ method: 'DELETE', url: '/api/services/99999999999' })).statusCode).toBe(400);
  });

  it("answers 404 for another company's service and changes nothing", async () => {
    const ours = await byName('Bastu');
    const put = await server.api({ method: 'PUT', url: `/api/services/${ours.Id}`, payload: { ...valid, Name: 'Hacked' }, token: other });
    expect(put.statusCode).toBe(404);
    const del = await server.api({ method: 'DELETE', url: `/api/services/${ours.Id}`, token: other });
    expect(del.statusCode).toBe(404);
    expect((await list(`?Id=${ours.Id}`)).Results[0]).toEqual(ours);
  });

  it('deletes a service with its prices and custom field values and answers it', async () => {
    const yoga = await byName('Yoga drop-in');
    const res = await server.api({ method: 'DELETE', url: `/api/services/${yoga.Id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Service).Id).toBe(yoga.Id);
    expect((await list(`?Id=${yoga.Id}`)).Total).toBe(0);
    const prices = await server.db.one<{ n: number }>('select count(*)::int as n from service_prices where service_id = $1', [yoga.Id]);
    expect(prices!.n).toBe(0);
    const values = await server.db.one<{ n: number }>(`select count(*)::int as n from custom_field_values where entity_type = 'Event' and entity_id = $1`, [yoga.Id]);
    expect(values!.n).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `/api/services/${yoga.Id}` })).statusCode).toBe(404);
  });
});

describe('service reference lists', () => {
  it('lists the distinct groups of the caller', async () => {
    await server.api({ method: 'POST', url: '/api/services', payload: { ...valid, Name: 'Hemlig', Group: 'Bara vi' } });
    const res = await server.api({ method: 'GET', url: '/api/services/groups' });
    const names = (res.json() as Page<{ Name: string; Count: number }>).Results.map((g) => g.Name);
    expect(names).toEqual(expect.arrayContaining(['Bara vi', 'Hälsa', 'Lokaler', 'Padel', 'Träning']));
    expect(new Set(names).size).toBe(names.length);
    const theirs = await server.api({ method: 'GET', url: '/api/services/groups', token: other });
    expect((theirs.json() as Page<{ Name: string }>).Results.map((g) => g.Name)).not.toContain('Bara vi');
  });

  it("names the code lists in the caller's language", async () => {
    for (const path of ['durationtypes', 'scheduletypes', 'priceviewtypes', 'prices/calculationtypes']) {
      const res = await server.api({ method: 'GET', url: `/api/services/${path}` });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Page<{ Id: number; Name: string }>).Total).toBeGreaterThan(1);
    }
    const sv = await server.api({ method: 'GET', url: '/api/services/durationtypes', headers: { 'x-language': 'sv' } });
    const en = await server.api({ method: 'GET', url: '/api/services/durationtypes', headers: { 'x-language': 'en' } });
    expect((sv.json() as Page<{ Name: string }>).Results.map((r) => r.Name)).toEqual(['Fast', 'Skjutreglage', 'Rullgardinslista']);
    expect((en.json() as Page<{ Name: string }>).Results.map((r) => r.Name)).toEqual(['Fixed', 'Slider', 'Drop-down']);
    const calc = await server.api({ method: 'GET', url: '/api/services/prices/calculationtypes' });
    expect((calc.json() as Page<{ Id: number }>).Results.map((r) => r.Id)).toEqual([1, 2, 3, 4]);
  });
});
