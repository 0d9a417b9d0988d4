import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { HttpError } from 'react-admin';
import { AppEvents, createDataProvider, createHttpClient, type TokenSource } from '../../src/dataProvider';
import type { CorrelationError, LicenseLimit, ResourceApi } from '../../src/dataProvider/types';
import { englishMessages } from '../../src/i18n';

const API = 'http://api.test/api';
const server = setupServer();

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}
const seen: Seen[] = [];

server.events.on('request:start', async ({ request }) => {
  const entry: Seen = { method: request.method, url: new URL(request.url), headers: request.headers, body: undefined };
  seen.push(entry);
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) entry.body = await request.clone().json();
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

function translate(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), englishMessages);
  return typeof value === 'string' ? value : key;
}

class FakeSession implements TokenSource {
  refreshes = 0;
  constructor(
    private token = 'token-1',
    private readonly canRefresh = true,
  ) {}
  async getToken() {
    return this.token;
  }
  async forceRefresh() {
    this.refreshes += 1;
    if (!this.canRefresh) return false;
    this.token = `token-${this.refreshes + 1}`;
    return true;
  }
  getSessionId() {
    return 'sid-42';
  }
}

const resources: Record<string, ResourceApi> = {
  services: { path: '/services', readParams: { IncludePrices: true } },
  'customers/inactive': { path: '/customers', permanentFilter: { Visible: false } },
  prices: { path: '/services/prices', filterMap: { service: 'ServiceId' } },
  codes: { path: '/rebatecodes', manyIdsParam: 'Ids' },
};

function setup(options: { session?: FakeSession; language?: string } = {}) {
  const events = new AppEvents();
  const limits: LicenseLimit[] = [];
  const correlations: CorrelationError[] = [];
  events.on('licenseLimit', (l) => limits.push(l));
  events.on('correlationError', (c) => correlations.push(c));
  const session = options.session ?? new FakeSession();
  const httpClient = createHttpClient({
    apiKey: 'key-1',
    events,
    auth: session,
    getLanguage: () => options.language ?? 'fi',
    translate,
    getTimeZone: () => 'Europe/Stockholm',
  });
  const dataProvider = createDataProvider(API, httpClient, resources, { getTimeZone: () => 'Europe/Stockholm' });
  return { dataProvider, limits, correlations, session };
}

const envelope = (results: object[], total = results.length, offset = 0) => ({ Offset: offset, Total: total, Results: results });
const path = (s: Seen) => `${s.url.pathname}${s.url.search}`;

describe('reads', () => {
  it('getList builds Skip, Take, OrderBy and the filters, and unwraps the envelope', async () => {
    server.use(http.get(`${API}/services`, () => HttpResponse.json(envelope([{ Id: 3, Name: 'Yoga' }, { Id: 4, Name: 'Padel' }], 57, 25))));
    const { dataProvider } = setup();
    const result = await dataProvider.getList('services', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'Name', order: 'DESC' },
      filter: { q: 'yo ga', Active: true, GroupIds: [1, 5], Empty: '', Missing: null, Undefined: undefined, From: new Date('2025-03-30T08:00:00Z') },
    });
    expect(path(seen[0])).toBe(
      '/api/services?IncludePrices=true&Skip=25&Take=25&OrderBy=-Name&Search=yo%20ga&Active=true&GroupIds=1&GroupIds=5&From=2025-03-30T10%3A00%3A00',
    );
    expect(result).toEqual({ data: [{ Id: 3, Name: 'Yoga', id: 3 }, { Id: 4, Name: 'Padel', id: 4 }], total: 57 });
  });

  it('getList sorts ascending without a prefix, maps id to Id and leaves OrderBy out without a sort field', async () => {
    server.use(http.get(`${API}/services/prices`, () => HttpResponse.json(envelope([]))));
    const { dataProvider } = setup();
    await dataProvider.getList('prices', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { service: 9 } });
    await dataProvider.getList('prices', { pagination: { page: 3, perPage: 50 }, sort: { field: '', order: 'ASC' }, filter: {} });
    expect(path(seen[0])).toBe('/api/services/prices?Skip=0&Take=10&OrderBy=Id&ServiceId=9');
    expect(path(seen[1])).toBe('/api/services/prices?Skip=100&Take=50');
  });

  it('getList asks only for the fields a list shows (Fields) when told them', async () => {
    server.use(http.get(`${API}/services/prices`, () => HttpResponse.json(envelope([{ Id: 1, Price: 100 }]))));
    const { dataProvider } = setup();
    const result = await dataProvider.getList('prices', { pagination: { page: 1, perPage: 25 }, sort: { field: 'Price', order: 'ASC' }, filter: {}, meta: { fields: ['Id', 'Price'] } });
    expect(path(seen[0])).toBe('/api/services/prices?Skip=0&Take=25&OrderBy=Price&Fields=Id%2CPrice');
    expect(result.data).toEqual([{ Id: 1, Price: 100, id: 1 }]);
  });

  it('sends the permanent filter of a resource on every read', async () => {
    server.use(http.get(`${API}/customers`, () => HttpResponse.json(envelope([{ Id: 8, Visible: false }]))));
    const { dataProvider } = setup();
    await dataProvider.getList('customers/inactive', { pagination: { page: 1, perPage: 25 }, sort: { field: 'Created', order: 'DESC' }, filter: {} });
    await dataProvider.getOne('customers/inactive', { id: 8 });
    expect(path(seen[0])).toBe('/api/customers?Skip=0&Take=25&OrderBy=-Created&Visible=false');
    expect(path(seen[1])).toBe('/api/customers?Visible=false&Id=8');
  });

  it('getOne is a list query with Id= and fails when nothing comes back', async () => {
    server.use(
      http.get(`${API}/services`, ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('Id') === '3' ? envelope([{ Id: 3, Name: 'Yoga' }]) : envelope([])),
      ),
    );
    const { dataProvider } = setup();
    await expect(dataProvider.getOne('services', { id: 3 })).resolves.toEqual({ data: { Id: 3, Name: 'Yoga', id: 3 } });
    expect(path(seen[0])).toBe('/api/services?IncludePrices=true&Id=3');
    await expect(dataProvider.getOne('services', { id: 99 })).rejects.toThrow('ra.notification.item_doesnt_exist');
  });

  it('getMany reads each id, or sends them repeated when the resource allows it', async () => {
    server.use(
      http.get(`${API}/services`, ({ request }) => {
        const id = Number(new URL(request.url).searchParams.get('Id'));
        return HttpResponse.json(envelope([{ Id: id }]));
      }),
      http.get(`${API}/rebatecodes`, () => HttpResponse.json(envelope([{ Id: 1 }, { Id: 2 }]))),
    );
    const { dataProvider } = setup();
    const many = await dataProvider.getMany('services', { ids: [1, 2, 2] });
    expect(many.data.map((r) => r.id)).toEqual([1, 2]);
    expect(seen.map(path).sort()).toEqual(['/api/services?IncludePrices=true&Id=1', '/api/services?IncludePrices=true&Id=2']);
    seen.length = 0;
    await dataProvider.getMany('codes', { ids: [1, 2] });
    expect(seen.map(path)).toEqual(['/api/rebatecodes?Take=2&Ids=1&Ids=2']);
  });

  it('getManyReference adds the target to the list query', async () => {
    server.use(http.get(`${API}/services/prices`, () => HttpResponse.json(envelope([{ Id: 11, ServiceId: 3 }], 1))));
    const { dataProvider } = setup();
    const result = await dataProvider.getManyReference('prices', {
      target: 'ServiceId',
      id: 3,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'Price', order: 'ASC' },
      filter: {},
    });
    expect(path(seen[0])).toBe('/api/services/prices?Skip=0&Take=5&OrderBy=Price&ServiceId=3');
    expect(result).toEqual({ data: [{ Id: 11, ServiceId: 3, id: 11 }], total: 1 });
  });
});

describe('writes', () => {
  it('create POSTs the record and returns the created one with its id', async () => {
    server.use(http.post(`${API}/services`, async ({ request }) => HttpResponse.json({ ...((await request.json()) as object), Id: 12 })));
    const { dataProvider } = setup();
    const result = await dataProvider.create('services', { data: { Name: 'Spinning', Start: new Date('2025-07-01T10:30:00Z') } });
    expect(seen[0].method).toBe('POST');
    expect(path(seen[0])).toBe('/api/services');
    expect(seen[0].body).toEqual({ Name: 'Spinning', Start: '2025-07-01T12:30:00' });
    expect(result.data).toEqual({ Name: 'Spinning', Start: '2025-07-01T12:30:00', Id: 12, id: 12 });
  });

  it('update PUTs to path/{id} with Id in the body', async () => {
    server.use(http.put(`${API}/services/12`, async ({ request }) => HttpResponse.json(await request.json())));
    const { dataProvider } = setup();
    const result = await dataProvider.update('services', { id: 12, data: { id: 12, Id: 12, Name: 'Spin' }, previousData: { id: 12, Name: 'Spinning' } });
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].body).toEqual({ Id: 12, Name: 'Spin' });
    expect(result.data).toEqual({ Id: 12, Name: 'Spin', id: 12 });
  });

  it('delete sends DELETE path/{id}; an { Id } answer keeps the previous record', async () => {
    server.use(http.delete(`${API}/services/12`, () => HttpResponse.json({ Id: 12 })));
    const { dataProvider } = setup();
    const result = await dataProvider.delete('services', { id: 12, previousData: { id: 12, Name: 'Spin' } });
    expect(seen[0].method).toBe('DELETE');
    expect(path(seen[0])).toBe('/api/services/12');
    expect(result.data).toEqual({ id: 12, Id: 12, Name: 'Spin' });
  });

  it('updateMany and deleteMany make one call per id', async () => {
    server.use(
      http.put(`${API}/services/:id`, async ({ request }) => HttpResponse.json(await request.json())),
      http.delete(`${API}/services/:id`, ({ params }) => HttpResponse.json({ Id: Number(params.id) })),
    );
    const { dataProvider } = setup();
    await expect(dataProvider.updateMany('services', { ids: [1, 2], data: { Active: false } })).resolves.toEqual({ data: [1, 2] });
    expect(seen.map((s) => `${s.method} ${path(s)} ${JSON.stringify(s.body)}`).sort()).toEqual([
      'PUT /api/services/1 {"Active":false,"Id":1}',
      'PUT /api/services/2 {"Active":false,"Id":2}',
    ]);
    seen.length = 0;
    await expect(dataProvider.deleteMany('services', { ids: [1, 2] })).resolves.toEqual({ data: [1, 2] });
    expect(seen.map((s) => `${s.method} ${path(s)}`).sort()).toEqual(['DELETE /api/services/1', 'DELETE /api/services/2']);
  });

  it('call builds query and body', async () => {
    server.use(
      http.get(`${API}/services/groups`, () => HttpResponse.json(['Yoga', 'Padel'])),
      http.post(`${API}/customers/5/comments`, async ({ request }) => HttpResponse.json({ Id: 1, ...((await request.json()) as object) })),
    );
    const { dataProvider } = setup();
    await expect(dataProvider.call('GET', '/services/groups', { query: { Active: true, Skip: null, Tags: ['a', 'b'] } })).resolves.toEqual(['Yoga', 'Padel']);
    expect(path(seen[0])).toBe('/api/services/groups?Active=true&Tags=a&Tags=b');
    await expect(dataProvider.call('POST', '/customers/5/comments', { body: { Comments: 'Hi' } })).resolves.toEqual({ Id: 1, Comments: 'Hi' });
    expect(seen[1].body).toEqual({ Comments: 'Hi' });
  });

  // jsdom's FormData cannot travel through Node's fetch, so this one looks at what is handed to fetch.
  it('upload posts the FormData as it is, without a JSON content type', async () => {
    const sent: { url: string; init?: RequestInit }[] = [];
    const httpClient = createHttpClient({
      apiKey: 'key-1',
      events: new AppEvents(),
      auth: new FakeSession(),
      getLanguage: () => 'sv',
      translate,
      fetch: async (url, init) => {
        sent.push({ url: String(url), init });
        return Response.json({ ImageUrl: '/api/images/1', FolderType: 5 });
      },
    });
    const form = new FormData();
    form.append('FolderType', '5');
    const dataProvider = createDataProvider(API, httpClient, resources);
    await expect(dataProvider.upload('/images', form)).resolves.toEqual({ ImageUrl: '/api/images/1', FolderType: 5 });
    expect(sent[0].url).toBe(`${API}/images`);
    expect(sent[0].init?.method).toBe('POST');
    expect(sent[0].init?.body).toBe(form);
    expect(new Headers(sent[0].init?.headers).get('content-type')).toBeNull();
    expect(new Headers(sent[0].init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('download hands back the file as a Blob, and a failure as an HttpError with the server message', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    server.use(
      http.get(`${API}/rebatecodes/7/reports`, ({ request }) =>
        new URL(request.url).searchParams.get('SendReceiptMethod') === '2'
          ? new HttpResponse(pdf, { headers: { 'content-type': 'application/pdf' } })
          : HttpResponse.json({ ResponseStatus: { ErrorCode: 'NotFound', Message: 'No such report', Errors: [] } }, { status: 404 }),
      ),
    );
    const { dataProvider } = setup();
    const blob = await dataProvider.download('/rebatecodes/7/reports', { query: { SendReceiptMethod: 2 } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
    expect(path(seen[0])).toBe('/api/rebatecodes/7/reports?SendReceiptMethod=2');
    await expect(dataProvider.download('/rebatecodes/7/reports', { query: { SendReceiptMethod: 3 } })).rejects.toMatchObject({ status: 404, message: 'No such report' });
  });
});

describe('headers', () => {
  it('every call carries Accept, x-api-key, x-language, Timezone, the bearer token and the session id', async () => {
    server.use(http.get(`${API}/services`, () => HttpResponse.json(envelope([]))));
    const { dataProvider } = setup({ language: 'no' });
    await dataProvider.getList('services', { pagination: { page: 1, perPage: 25 }, sort: { field: 'Name', order: 'ASC' }, filter: {} });
    const h = seen[0].headers;
    expect(h.get('accept')).toBe('application/json');
    expect(h.get('x-api-key')).toBe('key-1');
    expect(h.get('x-language')).toBe('no');
    expect(h.get('timezone')).toBe('Europe/Stockholm');
    expect(h.get('authorization')).toBe('Bearer token-1');
    expect(h.get('x-session-id')).toBe('sid-42');
  });
});

describe('errors', () => {
  const failWith = (status: number, body: object, headers: Record<string, string> = {}) =>
    server.use(http.post(`${API}/services`, () => HttpResponse.json(body, { status, headers })));
  const createFails = async (dataProvider: ReturnType<typeof setup>['dataProvider']) => {
    try {
      await dataProvider.create('services', { data: { Name: '' } });
    } catch (e) {
      return e as HttpError;
    }
    throw new Error('create did not fail');
  };

  it('maps ResponseStatus field errors to form paths and keeps the message', async () => {
    failWith(400, {
      ResponseStatus: {
        ErrorCode: 'NotEmpty',
        Message: 'Validation failed',
        Errors: [
          { ErrorCode: 'NotEmpty', FieldName: 'Name', Message: 'Name is required' },
          { ErrorCode: 'Min', FieldName: 'GroupBooking.Min', Message: 'At least 1' },
          { ErrorCode: 'Min', FieldName: 'Prices[0].Price', Message: 'Not negative' },
        ],
      },
    });
    const error = await createFails(setup().dataProvider);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation failed');
    expect(error.body.errors).toEqual({ Name: 'Name is required', 'GroupBooking.Min': 'At least 1', 'Prices.0.Price': 'Not negative' });
  });

  it("uses the single error's message, and 'Unknown error' when there is none", async () => {
    failWith(400, { ResponseStatus: { ErrorCode: 'NotEmpty', Errors: [{ FieldName: 'Name', Message: 'Name is required' }] } });
    expect((await createFails(setup().dataProvider)).message).toBe('Name is required');
    failWith(409, {});
    const error = await createFails(setup().dataProvider);
    expect(error.message).toBe('Unknown error');
    expect(error.status).toBe(409);
  });

  it('retries once after a forced refresh on 401, with the new token', async () => {
    server.use(
      http.get(`${API}/services`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer token-2'
          ? HttpResponse.json(envelope([{ Id: 1 }]))
          : HttpResponse.json({ ResponseStatus: { Message: 'expired' } }, { status: 401 }),
      ),
    );
    const { dataProvider, session } = setup();
    const result = await dataProvider.getList('services', { pagination: { page: 1, perPage: 25 }, sort: { field: 'Id', order: 'ASC' }, filter: {} });
    expect(result.total).toBe(1);
    expect(session.refreshes).toBe(1);
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('gives up after one retry, and says the session expired when refreshing fails', async () => {
    server.use(http.get(`${API}/services`, () => HttpResponse.json({ ResponseStatus: { Message: 'Not authenticated' } }, { status: 401 })));
    const retried = setup();
    await expect(retried.dataProvider.call('GET', '/services')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
    expect(retried.session.refreshes).toBe(1);
    seen.length = 0;
    const ended = setup({ session: new FakeSession('old', false) });
    await expect(ended.dataProvider.call('GET', '/services')).rejects.toMatchObject({ status: 401, message: 'Sesion expired, please login again.' });
    expect(seen).toHaveLength(1);
  });

  it("403 after the retry gives the 'invalid role' message", async () => {
    server.use(http.delete(`${API}/services/3`, () => HttpResponse.json({ ResponseStatus: { Message: 'Forbidden' } }, { status: 403 })));
    const { dataProvider, session } = setup();
    await expect(dataProvider.delete('services', { id: 3 })).rejects.toMatchObject({
      status: 403,
      message: 'Invalid role: you are not allowed to do this.',
      body: { errors: {} },
    });
    expect(session.refreshes).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it.each([402, 426])('%i reports the license limit with the server texts and yields no form errors', async (status) => {
    failWith(status, {
      Header: 'Upgrade needed',
      Body: 'Your plan allows 3 services.',
      SuggestedLicenseToUpgrade: { Id: 3, Name: 'Smart' },
      SuggestedTrialType: { Id: 2, TrialDays: 14 },
      ResponseStatus: { ErrorCode: 'LicenseLimit', Message: 'Limit reached', Errors: [{ FieldName: 'Name', Message: 'x' }] },
    });
    const { dataProvider, limits } = setup();
    const error = await createFails(dataProvider);
    expect(error.status).toBe(status);
    expect(error.body.errors).toEqual({});
    expect(limits).toEqual([
      { status, Header: 'Upgrade needed', Body: 'Your plan allows 3 services.', SuggestedLicenseToUpgrade: { Id: 3, Name: 'Smart' }, SuggestedTrialType: { Id: 2, TrialDays: 14 } },
    ]);
  });

  it('stays silent about a license limit while the server says a trial is active', async () => {
    failWith(402, { Header: 'Upgrade needed', Body: 'Limit', CurrentTrialPeriod: { Active: true, ValidTo: '2030-01-01T00:00:00' } });
    const { dataProvider, limits } = setup();
    expect((await createFails(dataProvider)).status).toBe(402);
    expect(limits).toEqual([]);
  });

  it('adds a correlation entry when the failing answer carries x-correlation-id', async () => {
    failWith(500, { ResponseStatus: { ErrorCode: 'InternalServerError', Message: 'Internal error' } }, { 'x-correlation-id': 'c0ffee' });
    const { dataProvider, correlations } = setup();
    await createFails(dataProvider);
    expect(correlations).toEqual([
      {
        correlationId: 'c0ffee',
        endpoint: `POST ${API}/services`,
        request: { Name: '' },
        response: { ResponseStatus: { ErrorCode: 'InternalServerError', Message: 'Internal error' } },
        text: 'Internal error',
      },
    ]);
  });
});

describe('wire dates', () => {
  it('writes Dates as zone-less local times of the zone, across daylight-saving changes', async () => {
    const { toWireDateTime } = await import('../../src/dataProvider');
    expect(toWireDateTime(new Date('2025-03-30T00:59:59Z'), 'Europe/Stockholm')).toBe('2025-03-30T01:59:59');
    expect(toWireDateTime(new Date('2025-03-30T01:00:00Z'), 'Europe/Stockholm')).toBe('2025-03-30T03:00:00');
    expect(toWireDateTime(new Date('2025-10-26T00:30:00Z'), 'Europe/Stockholm')).toBe('2025-10-26T02:30:00');
    expect(toWireDateTime(new Date('2025-10-26T01:30:00Z'), 'Europe/Stockholm')).toBe('2025-10-26T02:30:00');
    expect(toWireDateTime(new Date('2025-06-01T22:00:00Z'), 'Europe/Helsinki')).toBe('2025-06-02T01:00:00');
    expect(toWireDateTime(new Date('2025-01-01T00:00:00Z'), 'UTC')).toBe('2025-01-01T00:00:00');
  });
});
