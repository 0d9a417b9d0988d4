/**
 * Bad input answers 400 naming the field, in the caller's language, before the database sees it
 * (issue 10 items 5 and 6): control characters, integers beyond int4, paging, impossible dates,
 * nulls and wrong JSON types in bodies (no coercion).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let serviceId: number;
let resourceTypeId: number;

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

beforeAll(async () => {
  server = await createTestServer();
  const services = await server.api({ method: 'GET', url: '/api/services?Take=1' });
  serviceId = (services.json() as { Results: { Id: number }[] }).Results[0].Id;
  const type = await server.api({ method: 'POST', url: '/api/resourcetypes', payload: { Name: 'Rum' } });
  resourceTypeId = (type.json() as { Id: number }).Id;
});
afterAll(async () => {
  await server?.close();
});

/** Expects a 400 whose ResponseStatus names the field; answers the error body. */
function refused(res: LightMyRequestResponse, field: string, status = 400): ErrorBody['ResponseStatus'] {
  expect(res.statusCode, res.body).toBe(status);
  const body = (res.json() as ErrorBody).ResponseStatus;
  expect(body.Errors.map((e) => e.FieldName)).toContain(field);
  return body;
}

const get = (url: string, language = 'en') => server.api({ method: 'GET', url, headers: { 'x-language': language } });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) => server.api({ method, url, payload: payload as Record<string, unknown> });

describe('control characters', () => {
  it('refuses a NUL byte in a query parameter, in the caller language', async () => {
    const messages: Record<string, string> = {
      en: "'Search' must not contain control characters.",
      sv: "'Search' får inte innehålla kontrolltecken.",
      fi: "'Search' ei saa sisältää ohjausmerkkejä.",
      no: "'Search' kan ikke inneholde kontrolltegn.",
    };
    for (const [language, message] of Object.entries(messages)) {
      const status = refused(await get('/api/services?Search=yo%00ga', language), 'Search');
      expect(status).toMatchObject({ ErrorCode: 'ControlCharacters', Message: message });
    }
  });

  it('refuses NUL and other control characters in body fields, keeps line breaks in multi-line texts', async () => {
    const company = (await get('/api/companies')).json() as { Results: { Id: number; Name: string }[] };
    const { Id, Name } = company.Results[0];
    refused(await send('PUT', `/api/companies/${Id}`, { Name: `${Name}\u0000` }), 'Name');
    refused(await send('PUT', `/api/companies/${Id}`, { Name: `${Name}\u0007` }), 'Name');
    refused(await send('POST', '/api/errors', { ExceptionName: 'TypeError', StackTrace: 'at a\u0000b' }), 'StackTrace');
    const multiLine = await send('POST', '/api/services', { Name: 'Yin', Description: 'Rad ett\nRad två\tmed tabb', Duration: 60 });
    expect(multiLine.statusCode, multiLine.body).toBe(200);
    expect((multiLine.json() as { Description: string }).Description).toBe('Rad ett\nRad två\tmed tabb');
  });

  it('refuses a NUL byte in the identity calls: token, revoke, forgot password, logout', async () => {
    const realm = `/realms/${server.config.realm}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = await server.app.inject({
      method: 'POST',
      url: `${realm}/protocol/openid-connect/token`,
      headers: form,
      payload: new URLSearchParams({ grant_type: 'password', client_id: server.config.apiClientId, username: 'demo@example.com\u0000', password: 'x' }).toString(),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_request' });
    const client = await server.app.inject({
      method: 'POST',
      url: `${realm}/protocol/openid-connect/token`,
      headers: form,
      payload: new URLSearchParams({ grant_type: 'password', client_id: 'a\u0000b', username: 'demo@example.com', password: 'x' }).toString(),
    });
    expect(client.statusCode).toBe(401);
    expect(client.json()).toMatchObject({ error: 'invalid_client' });
    const revoke = await server.app.inject({
      method: 'POST',
      url: `${realm}/protocol/openid-connect/revoke`,
      headers: form,
      payload: new URLSearchParams({ client_id: server.config.apiClientId, token: 'a\u0000b' }).toString(),
    });
    refused(revoke, 'token');
    const page = await server.app.inject({
      method: 'POST',
      url: `${realm}/login-actions/forgot-password`,
      headers: form,
      payload: new URLSearchParams({ email: 'demo@example.com\u0000' }).toString(),
    });
    refused(page, 'email');
    refused(await send('POST', '/api/users/forgotpassword', { Email: 'demo@example.com\u0000' }), 'Email');
    refused(await send('POST', '/api/users/logout', { RefreshToken: 'a\u0000b' }), 'RefreshToken');
  });
});

describe('integers beyond 32 bits', () => {
  it('refuses them in paths, queries and bodies', async () => {
    refused(await send('POST', '/api/users/2147483648/verify', {}), 'id');
    refused(await get('/api/users/agreement/2147483648/sv'), 'id');
    refused(await get('/api/customfields?ServiceId=2147483648'), 'ServiceId');
    refused(await get('/api/resource?ResourceTypeId=100000000000000000000'), 'ResourceTypeId[0]');
    refused(await send('POST', '/api/rebatecodes/transactions', { RebateCodeId: 2 ** 31, Value: 1 }), 'RebateCodeId');
    refused(await send('POST', '/api/administrators', { Firstname: 'A', Lastname: 'B', Email: 'ab@example.com', Roles: [2 ** 31] }), 'Roles[0]');
    refused(await send('POST', `/api/services/${serviceId}/resourcetypes`, { ResourceTypeId: 2 ** 31 }), 'ResourceTypeId');
    refused(await send('PUT', `/api/services/${serviceId}/calculateprice`, { RebateCodeIds: [1e20] }), 'RebateCodeIds[0]');
  });
});

describe('paging', () => {
  it('refuses fractional, negative and huge Skip and Take on every list', async () => {
    for (const list of ['/api/customers', '/api/administrators', '/api/gdpr/customers/inactive', '/api/services']) {
      refused(await get(`${list}?Skip=1.5`), 'Skip');
      refused(await get(`${list}?Take=1.5`), 'Take');
      refused(await get(`${list}?Skip=-1`), 'Skip');
      refused(await get(`${list}?Skip=100000000000000000000`), 'Skip');
      refused(await get(`${list}?Take=5000`), 'Take');
    }
  });
});

describe('impossible dates', () => {
  it('refuses 2026-02-30 in queries and bodies', async () => {
    const date = refused(await get('/api/rebatecodes?ValidFrom=2026-02-30'), 'ValidFrom');
    expect(date).toMatchObject({ ErrorCode: 'InvalidDate', Message: "'ValidFrom' is not a valid date." });
    refused(await get('/api/rebatecodes?ValidTo=2026-13-01'), 'ValidTo');
    refused(await send('POST', '/api/services/prices', { ServiceId: serviceId, Price: 100, VAT: 25, From: '2026-02-30' }), 'From');
    refused(await get(`/api/services/${serviceId}/availabletimes?From=2026-02-30T10:00:00&To=2026-03-02T10:00:00`), 'From');
    const leap = await get('/api/rebatecodes?ValidFrom=2028-02-29');
    expect(leap.statusCode, leap.body).toBe(200);
  });
});

describe('no coercion in bodies', () => {
  it('refuses null and booleans where a number or boolean is required, naming the field', async () => {
    const price = refused(await send('POST', '/api/services/prices', { ServiceId: serviceId, Price: null, VAT: 25 }), 'Price');
    expect(price.ErrorCode).toBe('InvalidType');
    refused(await send('POST', '/api/services', { Name: 'Yin', Description: 'Lugn', Duration: true }), 'Duration');
    refused(await send('POST', '/api/services', { Name: 'Yin', Description: 'Lugn', Duration: 60, Active: null }), 'Active');
    refused(await send('POST', '/api/services', { Name: 'Yin', Description: 'Lugn', Duration: '60' }), 'Duration');
    refused(await send('POST', '/api/rebatecodes', { RebateCodeSign: 'NULL-1', RebateCodeTypeId: 1, RebateCodeValue: null }), 'RebateCodeValue');
  });

  it('refuses null in required fields', async () => {
    refused(await send('POST', '/api/services', { Name: null, Description: 'Lugn', Duration: 60 }), 'Name');
    refused(await send('POST', '/api/services/prices', { ServiceId: null, Price: 10, VAT: 25 }), 'ServiceId');
  });

  it('still coerces query strings and path parameters, which are text', async () => {
    const res = await get(`/api/services?Id=${serviceId}&Active=true&Take=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { Total: number }).Total).toBe(1);
  });

  it('takes Resources: null on a service resource type as all resources of the type', async () => {
    const created = await send('POST', `/api/services/${serviceId}/resourcetypes`, { ResourceTypeId: resourceTypeId, Resources: null });
    expect(created.statusCode, created.body).toBe(200);
    const updated = await send('PUT', `/api/services/${serviceId}/resourcetypes/${resourceTypeId}`, { ResourceTypeId: resourceTypeId, Resources: null });
    expect(updated.statusCode, updated.body).toBe(200);
  });
});

describe('every failing field at once (issue 29)', () => {
  /** The field names a 400 lists. */
  const fields = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);
  };

  it('names the rules that read the database beside the fields the schema refuses', async () => {
    // A Swedish personal identity number with a wrong check digit is found with the company's country.
    expect(fields(await send('POST', '/api/customers', { Firstname: 'Ada', Lastname: 'Berg', PersonalIdentityNumber: '19900101-0000', CompanyId: -1 }))).toEqual(
      expect.arrayContaining(['CompanyId', 'PersonalIdentityNumber']),
    );
    // No price is valid in 1999: found with the service's prices.
    const priced = fields(await send('PUT', `/api/services/${serviceId}/calculateprice`, { Interval: { From: '1999-01-04T10:00:00' }, Quantities: [{ PriceId: 999999, Quantity: 1 }], CompanyId: -1 }));
    expect(priced).toContain('CompanyId');
    expect(priced.some((f) => f.startsWith('Quantities'))).toBe(true);
  });

  it('names the rules that need no database beside the schema refusals', async () => {
    expect(fields(await send('POST', '/api/bookings/repeat', { ServiceId: serviceId, From: '2026-02-30T10:00:00', CompanyId: -1 }))).toEqual(expect.arrayContaining(['CompanyId', 'From']));
    expect(fields(await send('POST', '/api/schedules/date', { Name: 'Höst', ScheduleDates: [{ From: '2026-12-01T10:00:00', To: '2026-11-01T10:00:00' }], CompanyId: -1 }))).toEqual(
      expect.arrayContaining(['CompanyId', 'ScheduleDates[0].From']),
    );
    expect(fields(await get(`/api/services/${serviceId}/nextfreetime?Resources=x&CompanyId=-1`))).toEqual(expect.arrayContaining(['CompanyId', 'Resources[0]']));
  });

  it('takes a limit of uses sent as null on an update as the default, as on create', async () => {
    const created = await send('POST', '/api/rebatecodes', { RebateCodeSign: 'NOLL-1', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUses: 5 });
    expect(created.statusCode, created.body).toBe(200);
    const code = created.json() as { Id: number };
    const updated = await send('PUT', `/api/rebatecodes/${code.Id}`, { RebateCodeSign: 'NOLL-1', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUses: null, MaxNumberOfUsesPerCustomer: null });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ MaxNumberOfUses: 9999, MaxNumberOfUsesPerCustomer: 1 });
  });
});
