import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomField, CustomFieldSlot, CustomFieldValidation } from '../../schema/customfields';
import type { Service } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let services: Service[];
let theirService: Service;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { Errors: { FieldName: string; ErrorCode: string }[] };
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  services = ((await server.api({ method: 'GET', url: '/api/services' })).json() as Page<Service>).Results;
  theirService = ((await server.api({ method: 'GET', url: '/api/services?Take=1', token: other })).json() as Page<Service>).Results[0];
});
afterAll(async () => {
  await server?.close();
});

async function customFields(query = '', token?: string): Promise<Page<CustomField>> {
  const res = await server.api({ method: 'GET', url: `/api/customfields${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<CustomField>;
}

const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);
const dropDown = { Name: 'Storlek', DataType: 'DropDown', Table: 'BookedEvent', Values: [{ Value: 'S', SortOrder: 2 }, { Value: 'M', SortOrder: 1 }] };

describe('GET /customfields', () => {
  it('lists the fields with their services and filters by table', async () => {
    expect((await customFields()).Total).toBe(3);
    const [level] = (await customFields('?Table=Event')).Results;
    expect(level).toMatchObject({ Name: 'Nivå', DataType: 'DropDown', Table: 'Event' });
    expect(level.Services.map((s) => s.Name).sort()).toEqual(['Padel 60 min', 'Yoga drop-in']);
    expect(level.Values.map((v) => v.Value)).toEqual(['Nybörjare', 'Medel', 'Avancerad']);
    const [membership] = (await customFields('?Table=RegisteredUsers')).Results;
    expect(membership).toMatchObject({ Name: 'Medlemsnummer', IsMandatory: true, RegExId: '^M\\d{4,6}$' });
    expect((await customFields('?Table=Event&Table=BookedEvent')).Total).toBe(2);
  });

  it('finds the fields that apply to a service', async () => {
    const sauna = services.find((s) => s.Name === 'Bastu')!;
    const padel = services.find((s) => s.Name === 'Padel 60 min')!;
    expect((await customFields(`?ServiceId=${sauna.Id}&Table=Event`)).Total).toBe(0);
    expect((await customFields(`?ServiceId=${padel.Id}&Table=Event`)).Results.map((f) => f.Name)).toEqual(['Nivå']);
  });

  it('answers 400 for an unknown table', async () => {
    const res = await server.api({ method: 'GET', url: '/api/customfields?Table=Bookings' });
    expect(res.statusCode).toBe(400);
    expect(fields(res).join()).toContain('Table');
  });
});

describe('POST, PUT, DELETE /customfields', () => {
  it('creates a dropdown for chosen services with its values in order, at the next sort order', async () => {
    const padel = services.find((s) => s.Name === 'Padel 60 min')!;
    const res = await server.api({ method: 'POST', url: '/api/customfields', payload: { ...dropDown, Services: [padel.Id, padel.Id] } });
    expect(res.statusCode, res.body).toBe(200);
    const field = res.json() as CustomField;
    expect(field.Values.map((v) => v.Value)).toEqual(['M', 'S']);
    expect(field.Services).toEqual([{ Id: padel.Id, Name: 'Padel 60 min' }]);
    expect(field.SortOrder).toBe(1);

    const updated = await server.api({ method: 'PUT', url: `/api/customfields/${field.Id}`, payload: { ...dropDown, Name: 'Tröjstorlek', Services: [] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Tröjstorlek', Services: [] });

    const deleted = await server.api({ method: 'DELETE', url: `/api/customfields/${field.Id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await customFields(`?Id=${field.Id}`)).Total).toBe(0);
  });

  it('accepts a valid pattern and checks service values against it', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/customfields',
      payload: { Name: 'Kod', DataType: 'TextBox', Table: 'Event', RegExId: '^[A-Z]{3}$', RegExErrorMessage: 'Tre versaler', MaxLength: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const field = res.json() as CustomField;
    const massage = services.find((s) => s.Name === 'Massage')!;
    const bad = await server.api({
      method: 'PUT',
      url: `/api/services/${massage.Id}`,
      payload: { Name: massage.Name, Description: massage.Description, Duration: 45, CustomFieldValues: [{ Id: field.Id, Value: 'ab1' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { ResponseStatus: { Message: string } }).ResponseStatus.Message).toBe('Tre versaler');
  });

  it('deletes the values filled in for a field with the field', async () => {
    const [level] = (await customFields('?Table=Event')).Results;
    const res = await server.api({ method: 'DELETE', url: `/api/customfields/${level.Id}` });
    expect(res.statusCode).toBe(200);
    const left = await server.db.one<{ n: number }>('select count(*)::int as n from custom_field_values where custom_field_id = $1', [level.Id]);
    expect(left!.n).toBe(0);
  });

  it('answers 400 naming the field for every broken rule and writes nothing', async () => {
    const count = async () => (await server.db.one<{ n: number }>('select count(*)::int as n from custom_fields'))!.n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...dropDown, Values: [] }, 'Values'],
      [{ ...dropDown, Values: undefined }, 'Values'],
      [{ ...dropDown, DefaultValue: 'XL' }, 'DefaultValue'],
      [{ ...dropDown, DataType: 'CheckBox' }, 'DataType'],
      [{ ...dropDown, Table: 'Customers' }, 'Table'],
      [{ ...dropDown, Name: '' }, 'Name'],
      [{ ...dropDown, Name: '   ' }, 'Name'],
      [{ ...dropDown, Name: 'n'.repeat(101) }, 'Name'],
      [{ ...dropDown, Width: 13 }, 'Width'],
      [{ ...dropDown, MaxLength: 0 }, 'MaxLength'],
      [{ ...dropDown, Values: [{ Value: '', SortOrder: 1 }] }, 'Values[0].Value'],
      [{ Name: 'x', DataType: 'TextBox', Table: 'Event', RegExId: '([a-z' }, 'RegExId'],
      [{ Name: 'x', DataType: 'TextBox', Table: 'Event', RegExId: 'r'.repeat(501) }, 'RegExId'],
      [{ Name: 'x', DataType: 'TextBox', Table: 'RegisteredUsers', Services: [services[0].Id] }, 'Services'],
      [{ Name: 'x', DataType: 'TextBox', Table: 'Event', Services: [theirService.Id] }, 'Services'],
      [{ Name: 'x', DataType: 'TextBox', Table: 'Event', Services: [0] }, 'Services[0]'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/customfields', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(fields(res), JSON.stringify(payload).slice(0, 120)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it("keeps each company's fields to itself", async () => {
    const ours = (await customFields('?Table=RegisteredUsers')).Results[0];
    expect((await customFields(`?Id=${ours.Id}`, other)).Total).toBe(0);
    const put = await server.api({ method: 'PUT', url: `/api/customfields/${ours.Id}`, payload: { ...dropDown }, token: other });
    expect(put.statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/customfields/${ours.Id}`, token: other })).statusCode).toBe(404);
    expect((await customFields(`?Id=${ours.Id}`)).Results[0]).toEqual(ours);
  });
});

describe('custom field reference calls', () => {
  it("lists the named validations in the caller's language, each a working pattern", async () => {
    const sv = (await server.api({ method: 'GET', url: '/api/customfields/validations', headers: { 'x-language': 'sv' } })).json() as Page<CustomFieldValidation>;
    const en = (await server.api({ method: 'GET', url: '/api/customfields/validations', headers: { 'x-language': 'en' } })).json() as Page<CustomFieldValidation>;
    expect(sv.Results.map((v) => v.Name)).toContain('Personnummer');
    expect(en.Results.map((v) => v.Name)).toContain('Postal code');
    const pattern = (name: string) => new RegExp(en.Results.find((v) => v.Name === name)!.RegEx);
    expect(pattern('E-mail').test('anna@example.com')).toBe(true);
    expect(pattern('E-mail').test('anna@')).toBe(false);
    expect(pattern('Postal code').test('111 22')).toBe(true);
    expect(pattern('Numbers only').test('12a')).toBe(false);
    expect(pattern('Swedish personal identity number').test('19900101-1234')).toBe(true);
  });

  it('counts the used and free slots per table', async () => {
    const res = await server.api({ method: 'GET', url: '/api/customfields/slots?Table=RegisteredUsers' });
    expect(res.statusCode).toBe(200);
    const [slot] = (res.json() as Page<CustomFieldSlot>).Results;
    expect(slot).toEqual({ Table: 'RegisteredUsers', MaxSlots: 50, UsedSlots: 1, FreeSlots: 49, NextSortOrder: 1 });
  });
});
