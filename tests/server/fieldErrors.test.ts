/**
 * Bad input never answers 500, and a refusal lists every failing field (issue 29.7): the fuzz's
 * reproductions, a non-string UserName on DELETE /users (a body the route did not validate),
 * Roles: [1.5] on POST and PUT /administrators (a number where a role id is), and the message
 * test send without Receiver (the spec's required field, checked after the schema before); and
 * fields refused by different checks (control characters, the schema, Fields and OrderBy, a
 * route's own rules) named together in one answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;

interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}

beforeAll(async () => {
  server = await createTestServer();
  // Signed in before the first measured request: a sign-in writes its session.
  await server.login();
  // Mail the requests below might queue must not be delivered (and committed) in the middle of a later one.
  await server.app.jobs.stop();
});
afterAll(async () => {
  await server?.close();
});

/** The next transaction id the database will hand out; it moves only when something writes. */
async function nextXid(): Promise<bigint> {
  const row = await server.db.one<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x');
  return BigInt(row!.x);
}

/** Sends the request and expects a 400 in the ResponseStatus shape that committed nothing; answers the fields it names. */
async function refusedWithoutWriting(send: () => Promise<LightMyRequestResponse>): Promise<string[]> {
  const before = await nextXid();
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  const status = (res.json() as ErrorBody).ResponseStatus;
  expect(status.ErrorCode).toBe(status.Errors[0]?.ErrorCode);
  for (const error of status.Errors) expect(error.Message, JSON.stringify(error)).not.toBe('');
  const after = await nextXid();
  if (after > before) {
    const row = await server.db.one<{ n: number }>(
      `select count(*)::int as n from generate_series($1::bigint, $2::bigint - 1) g where pg_xact_status(g::text::xid8) = 'committed'`,
      [String(before), String(after)],
    );
    expect(row?.n, 'transactions committed by a refused request').toBe(0);
  }
  return status.Errors.map((e) => e.FieldName);
}

describe('DELETE /users', () => {
  const NOT_STRINGS: unknown[] = [2 ** 31, -1, 1.5, 1e20, true, [], {}, ['demo@example.com'], { value: 'demo@example.com' }];

  it('refuses a UserName that is not a string in the body, naming it, and sends nothing', async () => {
    for (const value of NOT_STRINGS) {
      const fields = await refusedWithoutWriting(() => server.api({ method: 'DELETE', url: '/api/users', payload: { UserName: value } as Record<string, unknown> }));
      expect(fields, JSON.stringify(value)).toContain('UserName');
    }
  });

  it('refuses a body that is not an object, and ForceDelete that is not a boolean', async () => {
    expect(await refusedWithoutWriting(() => server.api({ method: 'DELETE', url: '/api/users', payload: '[1.5]', headers: { 'content-type': 'application/json' } }))).toContain('body');
    const fields = await refusedWithoutWriting(() => server.api({ method: 'DELETE', url: '/api/users', payload: { UserName: 'demo@example.com', ForceDelete: 'yes' } }));
    expect(fields).toEqual(['ForceDelete']);
  });

  it('lists every failing field: no UserName, another realm and a ForceDelete that is not a boolean', async () => {
    const fields = await refusedWithoutWriting(() => server.api({ method: 'DELETE', url: '/api/users', payload: { Realm: 'elsewhere', ForceDelete: 1 } }));
    expect(fields.sort()).toEqual(['ForceDelete', 'Realm', 'UserName']);
    const inQuery = await refusedWithoutWriting(() => server.api({ method: 'DELETE', url: '/api/users?UserName=%20&Realm=elsewhere' }));
    expect(inQuery.sort()).toEqual(['Realm', 'UserName']);
  });

  it('still takes the fields in the query or in the body', async () => {
    const other = await server.api({ method: 'DELETE', url: '/api/users?UserName=someone.else@example.com' });
    expect(other.statusCode, other.body).toBe(403);
    const inBody = await server.api({ method: 'DELETE', url: '/api/users', payload: { UserName: 'someone.else@example.com', Realm: server.config.realm } });
    expect(inBody.statusCode, inBody.body).toBe(403);
  });
});

describe('administrators: Roles', () => {
  interface Admin {
    Id: number;
    Firstname: string;
    Lastname: string;
    Email: string;
    Roles: { Id: number }[];
  }
  const demo = async (): Promise<Admin> => {
    const page = (await server.api({ method: 'GET', url: '/api/administrators' })).json() as { Results: Admin[] };
    return page.Results.find((a) => a.Email === 'demo@example.com')!;
  };

  it('refuses Roles: [1.5] on POST naming Roles[0], and creates no one', async () => {
    for (const roles of [[1.5], [1, 2.5], ['1'], [null], [{ Id: 1 }], [2 ** 31]]) {
      const fields = await refusedWithoutWriting(() =>
        server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Ny', Lastname: 'Admin', Email: 'roles.fraction@example.com', Roles: roles } }),
      );
      expect(fields, JSON.stringify(roles)).toContain(`Roles[${roles.length - 1}]`);
    }
    const page = (await server.api({ method: 'GET', url: '/api/administrators' })).json() as { Results: Admin[] };
    expect(page.Results.some((a) => a.Email === 'roles.fraction@example.com')).toBe(false);
  });

  it('refuses Roles: [1.5] on PUT naming Roles[0], and keeps the roles', async () => {
    const before = await demo();
    const fields = await refusedWithoutWriting(() =>
      server.api({ method: 'PUT', url: `/api/administrators/${before.Id}`, payload: { Firstname: before.Firstname, Lastname: before.Lastname, Email: before.Email, Roles: [1.5] } }),
    );
    expect(fields).toEqual(['Roles[0]']);
    expect((await demo()).Roles).toEqual(before.Roles);
  });

  it('refuses an empty Roles with the other bad fields', async () => {
    const fields = await refusedWithoutWriting(() => server.api({ method: 'POST', url: '/api/administrators', payload: { Firstname: 'Ny', Lastname: '', Email: 'x', Roles: [] } }));
    expect(fields.sort()).toEqual(['Email', 'Lastname', 'Roles']);
  });
});

describe('message test send', () => {
  it('lists Receiver, the field the spec names, beside the other refused fields', async () => {
    const res = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 9, Body: 42 } });
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);
    expect(fields.sort()).toEqual(['Body', 'Receiver', 'SendMethodId']);
  });

  it('refuses a missing, blank or malformed Receiver on its own, and a test send with one goes out', async () => {
    for (const Receiver of [undefined, '  ']) {
      const fields = await refusedWithoutWriting(() => server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 1, Body: 'Hej', Receiver } }));
      expect(fields).toEqual(['Receiver']);
    }
    const malformed = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 1, Body: 42, Receiver: 'not-an-address' } });
    expect((malformed.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName).sort()).toEqual(['Body', 'Receiver']);
    const sent = await server.api({ method: 'POST', url: '/api/messages/templates/test', payload: { SendMethodId: 1, Subject: 'Test', Body: 'Hej', Receiver: 'test.receiver@example.com' } });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('newsletter test send lists Receiver beside the other refused fields', async () => {
    const res = await server.api({ method: 'POST', url: '/api/newsletter/templates/test', payload: { Id: 'one', ImageUrl: 5 } });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName).sort()).toEqual(['Id', 'ImageUrl', 'Receiver']);
  });
});

describe('numbers that are not finite', () => {
  it("refuses 'Infinity' and '1e400' in paths and queries, and 1e400 in bodies, naming the field", async () => {
    for (const text of ['Infinity', '-Infinity', '1e400']) {
      expect(await refusedWithoutWriting(() => server.api({ method: 'GET', url: `/api/messages/outbox/${text}` }))).toEqual(['Id']);
      expect(await refusedWithoutWriting(() => server.api({ method: 'GET', url: `/api/services?Skip=${text}` }))).toEqual(['Skip']);
    }
    const body = await refusedWithoutWriting(() =>
      server.api({ method: 'POST', url: '/api/services', payload: '{"Name":"Oändlig","Description":"Utan slut","Duration":1e400}', headers: { 'content-type': 'application/json' } }),
    );
    expect(body).toEqual(['Duration']);
  });
});

describe('every failing field in one answer', () => {
  it('names control characters, schema refusals, Fields and OrderBy together', async () => {
    const fields = await refusedWithoutWriting(() => server.api({ method: 'GET', url: '/api/services?Skip=-1&Take=1.5&OrderBy=Nope&OrderByDesc=1.5&Fields=Nope&Search=yo%00ga' }));
    expect(fields.sort()).toEqual(['Fields', 'OrderBy', 'OrderByDesc', 'Search', 'Skip', 'Take']);
    const admins = await refusedWithoutWriting(() => server.api({ method: 'GET', url: '/api/administrators?Skip=-1&OrderBy=Nope' }));
    expect(admins.sort()).toEqual(['OrderBy', 'Skip']);
  });

  it('names each body field with a control character, not only the first', async () => {
    const fields = await refusedWithoutWriting(() => server.api({ method: 'POST', url: '/api/services', payload: { Name: 'a\u0000b', Description: 'c\u0007d', Duration: 'x' } }));
    expect(fields.sort()).toEqual(['Description', 'Duration', 'Name']);
  });

  it("names a route's own rules beside the schema's: company, billing, custom fields, bulk", async () => {
    const company = ((await server.api({ method: 'GET', url: '/api/companies' })).json() as { Results: { Id: number }[] }).Results[0];
    const companyFields = await refusedWithoutWriting(() =>
      server.api({
        method: 'PUT',
        url: `/api/companies/${company.Id}`,
        payload: { Name: ' ', Email: 5, Street1: 'Gatan 1', ZipCode: '1', City: 'Stad', CountryId: 'SE', TimeZone: 'Mars/Base', CategoryId: -1 },
      }),
    );
    expect(companyFields.sort()).toEqual(['CategoryId', 'Email', 'Name', 'TimeZone', 'ZipCode']);
    const billing = await refusedWithoutWriting(() =>
      server.api({ method: 'PUT', url: '/api/billing/company', payload: { BillingMethodId: 0, Name: 'AB', Street1: 'Gatan 1', ZipCode: '1', City: 'Stad', CountryId: 'SE', GLN: 5 } }),
    );
    expect(billing).toEqual(expect.arrayContaining(['BillingMethodId', 'GLN', 'ZipCode']));
    const field = await refusedWithoutWriting(() =>
      server.api({ method: 'POST', url: '/api/customfields', payload: { Name: 'Val', DataType: 'DropDown', Table: 'Event', Values: [], Width: 'wide' } }),
    );
    expect(field.sort()).toEqual(['Values', 'Width']);
    const bulk = await refusedWithoutWriting(() => server.api({ method: 'POST', url: '/api/bookings/bulk', payload: { Action: 'Explode' } }));
    expect(bulk.sort()).toEqual(['Action', 'Ids']);
  });

  it('names the cancel questionnaire\'s missing sections beside a schema-bad Id', async () => {
    const fields = await refusedWithoutWriting(() =>
      server.api({ method: 'POST', url: '/api/licenses/company/delete', payload: { Id: 'first', Questionnaire: [{ Question: 'reason', Value: 'price' }] } }),
    );
    expect(fields.sort()).toEqual(['Id', 'Questionnaire.experience']);
  });

  it('names a dashboard To that is no date beside a From the schema refuses as too long', async () => {
    const fields = await refusedWithoutWriting(() => server.api({ method: 'GET', url: `/api/messages/dashboard?From=${'2026-01-01'.padEnd(31, 'x')}&To=2026-02-30` }));
    expect(fields.sort()).toEqual(['From', 'To']);
  });

  it("names a comment's body Id that is not the path's beside a schema-bad Heading", async () => {
    const fields = await refusedWithoutWriting(() =>
      server.api({ method: 'PUT', url: '/api/customers/1/comments/7', payload: { Id: 8, Heading: 5, Comment: 'Hej' } }),
    );
    expect(fields.sort()).toEqual(['Heading', 'Id']);
  });
});
