import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonServiceClient } from '@servicestack/client';
import type { Service } from '../../schema/services';
import { createTestServer, type TestServer } from './harness';
import {
  CreateCustomer,
  CreateServicePrice,
  CreateTimeException,
  DeleteCustomer,
  DeleteServicePrice,
  QueryCustomers,
  QueryServicePrices,
  QueryServices,
  QueryTimeExceptions,
  UpdateCustomer,
  UpdateServicePrice,
  failure,
  serviceStackClient,
  type QueryResponse,
} from './serviceStackClient';

/**
 * Conformance with ServiceStack's own TypeScript client: a listening server driven with
 * @servicestack/client's JsonServiceClient over HTTP, as a consumer's script or export would.
 * The demo company is in Europe/Stockholm.
 */
let server: TestServer;
let client: JsonServiceClient;
let origin: string;
let yoga: Service;
let padel: Service;
/** The demo company's mandatory customer field (Medlemsnummer). */
let member: { Id: number; Value: string }[];

beforeAll(async () => {
  server = await createTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  client = serviceStackClient(origin, await server.login());
  const services = await client.get(new QueryServices({ Take: 2, OrderBy: 'Id' }));
  [yoga, padel] = services.Results;
  const field = await server.db.one<{ id: number }>(
    `select f.id from custom_fields f join users u on u.company_id = f.company_id
      where u.email = 'demo@example.com' and f.table_name = 'RegisteredUsers' and f.name = 'Medlemsnummer'`,
  );
  member = [{ Id: field!.id, Value: 'M12345' }];
});
afterAll(async () => {
  await server?.close();
});

const fieldNames = (e: { responseStatus: { errors?: { fieldName: string }[] } }) => (e.responseStatus.errors ?? []).map((x) => x.fieldName);

describe('what already behaved as a ServiceStack service', () => {
  it('pages and sorts: Skip, Take, OrderBy with a reversed field, Offset and Total', async () => {
    const all = await client.get(new QueryCustomers({ Take: 1000, OrderBy: 'Id' }));
    const page = await client.get(new QueryCustomers({ Skip: 5, Take: 10, OrderBy: '-Id' }));
    expect(page.Offset).toBe(5);
    expect(page.Total).toBe(all.Total);
    expect(page.Results.map((c) => c.Id)).toEqual(all.Results.map((c) => c.Id).reverse().slice(5, 15));
  });

  it('searches', async () => {
    const created = await client.post(new CreateCustomer({ Firstname: 'Zelda', Lastname: 'Quixotic', CustomFieldValues: member }));
    const found = await client.get(new QueryCustomers({ Search: 'quixot' }));
    expect(found.Results.map((c) => c.Id)).toEqual([created.Id]);
  });

  it('creates and updates a customer', async () => {
    const created = await client.post(new CreateCustomer({ Firstname: 'Ada', Lastname: 'Lovelace', Email: 'ada@example.com', CustomFieldValues: member }));
    expect(created).toMatchObject({ Firstname: 'Ada', Lastname: 'Lovelace', Email: 'ada@example.com' });
    const updated = await client.put(new UpdateCustomer({ Id: created.Id, Firstname: 'Ada', Lastname: 'King', CustomFieldValues: member }));
    expect(updated).toMatchObject({ Id: created.Id, Lastname: 'King' });
    expect((await client.get(new QueryCustomers({ Id: created.Id }))).Results[0].Lastname).toBe('King');
  });

  it('surfaces validation errors in the thrown responseStatus, naming the field', async () => {
    const error = await failure(client.post(new CreateCustomer({ Firstname: '', Lastname: 'Nobody' })));
    // Every failing field at once: the demo company's required member number too (issue 29).
    expect(fieldNames(error)).toEqual(['Firstname', 'CustomFieldValues.2']);
    expect(error.responseStatus.errors?.[0].message).toContain('Firstname');
  });

  it('answers 401 without a token and 404 for another record', async () => {
    const anonymous = await failure(serviceStackClient(origin).get(new QueryCustomers({ Take: 1 })));
    expect(anonymous.responseStatus.errorCode).toBe('Unauthorized');
    const missing = await failure(client.put(new UpdateCustomer({ Id: 999999, Firstname: 'No', Lastname: 'One' })));
    expect(missing.responseStatus.errorCode).toBe('NotFound');
  });
});

describe('deletes (the client sends Content-Type: application/json with no body)', () => {
  it('deletes a customer', async () => {
    const created = await client.post(new CreateCustomer({ Firstname: 'Gone', Lastname: 'Soon', CustomFieldValues: member }));
    const deleted = await client.delete(new DeleteCustomer({ Id: created.Id }));
    expect(deleted.Id).toBe(created.Id);
    expect((await client.get(new QueryCustomers({ Id: created.Id }))).Total).toBe(0);
  });

  it('deletes a price', async () => {
    const price = await client.post(new CreateServicePrice({ ServiceId: yoga.Id, Price: 150, VAT: 25 }));
    await client.delete(new DeleteServicePrice({ Id: price.Id }));
    expect((await client.get(new QueryServicePrices({ Id: [price.Id] }))).Total).toBe(0);
  });

  it('answers 404, not 400, for a record that does not exist', async () => {
    const error = await failure(client.delete(new DeleteCustomer({ Id: 999999 })));
    expect(error.responseStatus.errorCode).toBe('NotFound');
  });
});

describe('collections as the client writes them (Id=1,2)', () => {
  it('reads a comma list of ids, as well as repeated ids', async () => {
    const comma = await client.get(new QueryServices({ Id: [yoga.Id, padel.Id] }));
    expect(comma.Results.map((s) => s.Id).sort()).toEqual([yoga.Id, padel.Id].sort());
    const repeated = await client.get<QueryResponse<Service>>(`/api/services?Id=${yoga.Id}&Id=${padel.Id}`);
    expect(repeated.Results.map((s) => s.Id).sort()).toEqual([yoga.Id, padel.Id].sort());
  });

  it('reads a comma list in every collection parameter, e.g. the prices of two services', async () => {
    const a = await client.post(new CreateServicePrice({ ServiceId: yoga.Id, Price: 100, VAT: 25 }));
    const b = await client.post(new CreateServicePrice({ ServiceId: padel.Id, Price: 200, VAT: 25 }));
    const page = await client.get(new QueryServicePrices({ ServiceId: [yoga.Id, padel.Id], Id: [a.Id, b.Id] }));
    expect(page.Results.map((p) => p.Id).sort()).toEqual([a.Id, b.Id].sort());
  });

  it('takes a list in a JSON body as an array or as a comma list', async () => {
    const array = await client.post(new CreateServicePrice({ ServiceId: yoga.Id, Price: 120, VAT: 25, DaysOfWeek: [1, 2] }));
    const comma = await client.post(new CreateServicePrice({ ServiceId: yoga.Id, Price: 120, VAT: 25, DaysOfWeek: '1,2' }));
    expect(comma.DaysOfWeek.map((d) => d.DayOfWeekId)).toEqual(array.DaysOfWeek.map((d) => d.DayOfWeekId));
    expect(comma.DaysOfWeek.map((d) => d.DayOfWeekId)).toEqual([1, 2]);
  });

  it('names the bad item of a comma list', async () => {
    const error = await failure(client.get<QueryResponse<Service>>(`/api/services?Id=${yoga.Id},x`));
    expect(fieldNames(error)).toEqual(['Id[1]']);
  });
});

describe('JavaScript Dates (instants) in date fields', () => {
  it('takes Dates in a price body as the company-local date', async () => {
    // Midnight of 1 January 2027 in Stockholm, as a Date made there would be.
    const price = await client.post(
      new CreateServicePrice({ ServiceId: yoga.Id, Price: 300, VAT: 25, From: new Date('2026-12-31T23:00:00.000Z'), To: new Date('2027-06-30T22:00:00.000Z') }),
    );
    expect(price).toMatchObject({ From: '2027-01-01T00:00:00', To: '2027-07-01T00:00:00' });
    const updated = await client.put(new UpdateServicePrice({ Id: price.Id, ServiceId: yoga.Id, Price: 300, VAT: 25, From: new Date('2027-01-31T23:00:00Z'), To: null }));
    expect(updated).toMatchObject({ From: '2027-02-01T00:00:00', To: null });
  });

  it('takes Dates in date-times across both daylight-saving changes, and answers in the zone-less local form', async () => {
    const spring = await client.post(new CreateTimeException({ From: new Date('2026-03-29T00:59:59Z'), To: new Date('2026-03-29T01:00:00Z'), ReasonText: 'spring' }));
    expect(spring).toMatchObject({ From: '2026-03-29T01:59:59', To: '2026-03-29T03:00:00' });
    const autumn = await client.post(new CreateTimeException({ From: '2026-10-25T00:30:00+00:00', To: new Date('2026-10-25T02:00:00Z'), ReasonText: 'autumn' }));
    expect(autumn).toMatchObject({ From: '2026-10-25T02:30:00', To: '2026-10-25T03:00:00' });
  });

  it('takes Dates in a query (the client writes Date.toString())', async () => {
    const made = await client.post(new CreateTimeException({ From: '2027-03-10T09:00:00', To: '2027-03-10T12:00:00', ReasonText: 'query' }));
    const page = await client.get(new QueryTimeExceptions({ From: new Date('2027-03-10T07:00:00Z'), To: new Date('2027-03-10T23:00:00Z') }));
    expect(page.Results.map((e) => e.Id)).toContain(made.Id);
    const before = await client.get(new QueryTimeExceptions({ From: new Date('2027-03-09T07:00:00Z'), To: new Date('2027-03-09T08:00:00Z') }));
    expect(before.Results.map((e) => e.Id)).not.toContain(made.Id);
  });

  it('answers one error for a bad date, saying what was expected', async () => {
    const error = await failure(client.post(new CreateServicePrice({ ServiceId: yoga.Id, Price: 1, VAT: 25, From: 'next tuesday' })));
    expect(fieldNames(error)).toEqual(['From']);
    expect(error.responseStatus.errors?.[0].message).toContain('yyyy-MM-dd');
    const swedish = serviceStackClient(origin, await server.login(), 'sv');
    const inSwedish = await failure(swedish.post(new CreateTimeException({ From: '31/12/2026', To: new Date('2027-01-01T10:00:00Z') })));
    expect(inSwedish.responseStatus.errors).toEqual([
      { errorCode: 'InvalidFormat', fieldName: 'From', message: "'From' måste vara ett datum och en tid: yyyy-MM-ddTHH:mm:ss, eller en ISO 8601-tidpunkt med Z eller en förskjutning." },
    ]);
  });
});

describe('Fields', () => {
  it('answers only the named fields, in any case, with Id kept', async () => {
    const page = await client.get(new QueryServices({ Take: 3, Fields: 'name,DURATION' }));
    expect(page.Results).toHaveLength(3);
    for (const service of page.Results) expect(Object.keys(service).sort()).toEqual(['Duration', 'Id', 'Name']);
    expect(page.Total).toBeGreaterThan(3);
  });

  it('answers only the named fields of customers', async () => {
    const page = await client.get(new QueryCustomers({ Take: 2, Fields: 'Firstname, Lastname' }));
    for (const customer of page.Results) expect(Object.keys(customer).sort()).toEqual(['Firstname', 'Id', 'Lastname']);
  });

  it('answers 400 naming Fields for a field the records do not have', async () => {
    const error = await failure(client.get(new QueryServices({ Fields: 'Name,Colour' })));
    expect(fieldNames(error)).toEqual(['Fields']);
    expect(error.responseStatus.errors?.[0].message).toContain('Colour');
  });
});
