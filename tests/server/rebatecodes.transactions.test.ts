import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateCode, RebateCodeInput, RebateCodeTransaction } from '../../schema/rebatecodes';
import type { Service } from '../../schema/services';
import { consumeCodes } from '../../server/areas/services/rebateCodes';
import type { TransactionDraft } from '../../domain/pricing';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let companyId: number;
let padel: Service;
let yoga: Service;
let anna: number;
let bertil: number;
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

async function insertCustomer(firstname: string, lastname: string, companyEmail = 'demo@example.com'): Promise<number> {
  const row = await server.db.one<{ id: number }>(
    `insert into customers (company_id, firstname, lastname, email)
     select company_id, $2, $3, lower($2) || '@example.com' from users where email = $1 returning id`,
    [companyEmail, firstname, lastname],
  );
  return row!.id;
}

async function create(body: RebateCodeInput): Promise<RebateCode> {
  const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RebateCode;
}

async function read(id: number): Promise<RebateCode> {
  return ((await server.api({ method: 'GET', url: `/api/rebatecodes?Id=${id}` })).json() as Page<RebateCode>).Results[0];
}

async function post(payload: Record<string, unknown>, token?: string) {
  return server.api({ method: 'POST', url: '/api/rebatecodes/transactions', payload, token });
}

async function transactions(query: string, token?: string): Promise<Page<RebateCodeTransaction>> {
  const res = await server.api({ method: 'GET', url: `/api/rebatecodes/transactions${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<RebateCodeTransaction>;
}

async function transactionCount(): Promise<number> {
  return (await server.db.one<{ n: number }>('select count(*)::int as n from rebate_code_transactions'))!.n;
}

const booking = (code: RebateCode, bookingId: number, extra: Partial<TransactionDraft> = {}): TransactionDraft => ({
  RebateCodeId: code.Id,
  Amount: 0,
  Usage: 1,
  ChangeType: 'Decrease',
  BookingId: bookingId,
  ...extra,
});

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  companyId = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
  const services = ((await server.api({ method: 'GET', url: '/api/services?Take=20' })).json() as Page<Service>).Results;
  padel = services.find((s) => s.Name.startsWith('Padel'))!;
  yoga = services.find((s) => s.Name.startsWith('Yoga'))!;
  anna = await insertCustomer('Anna', 'Andersson');
  bertil = await insertCustomer('Bertil', 'Berg');
  theirCustomer = await insertCustomer('Their', 'Customer', OTHER_EMAIL);
});
afterAll(async () => {
  await server?.close();
});

describe('POST /rebatecodes/transactions', () => {
  it('increases and decreases a value card’s amount and answers the transaction with names', async () => {
    const card = await create({ RebateCodeSign: 'TX-CARD', RebateCodeTypeId: 4, RebateCodeValue: 500 });
    const down = await post({ RebateCodeId: card.Id, Amount: 149.5, ChangeType: 'Decrease', CustomerId: anna, Comment: ' Kassa ' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({
      RebateCodeId: card.Id,
      RebateCodeSign: 'TX-CARD',
      RebateCodeTypeId: 4,
      Amount: 149.5,
      Usage: 0,
      ChangeType: 'Decrease',
      BookingId: null,
      CustomerId: anna,
      CustomerName: 'Anna Andersson',
      ServiceId: null,
      ServiceName: null,
      Comment: 'Kassa',
    });
    expect((down.json() as RebateCodeTransaction).Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(await read(card.Id)).toMatchObject({ RemainingAmount: 350.5, NumberOfUsesUsed: 0 });
    await post({ RebateCodeId: card.Id, Amount: 100, ChangeType: 'Increase' });
    expect((await read(card.Id)).RemainingAmount).toBe(450.5);
  });

  it('increases and decreases a punch ticket’s punches', async () => {
    const ticket = await create({ RebateCodeSign: 'TX-PUNCH', RebateCodeTypeId: 3, RebateCodeValue: 10 });
    expect((await post({ RebateCodeId: ticket.Id, Usage: 3, ChangeType: 'Decrease' })).statusCode).toBe(200);
    expect((await post({ RebateCodeId: ticket.Id, Usage: 1, ChangeType: 'Increase' })).statusCode).toBe(200);
    expect((await read(ticket.Id)).RemainingUsage).toBe(8);
  });

  it('never goes below zero and refuses what a code has no balance for, writing nothing', async () => {
    const card = await create({ RebateCodeSign: 'TX-LIMIT', RebateCodeTypeId: 5, RebateCodeValue: 100 });
    const ticket = await create({ RebateCodeSign: 'TX-LIMIT-P', RebateCodeTypeId: 3, RebateCodeValue: 2 });
    const percent = await create({ RebateCodeSign: 'TX-PERCENT', RebateCodeTypeId: 1, RebateCodeValue: 10 });
    const before = await transactionCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ RebateCodeId: card.Id, Amount: 100.01, ChangeType: 'Decrease' }, 'Amount', 'InsufficientBalance'],
      [{ RebateCodeId: card.Id, Amount: 0, ChangeType: 'Increase' }, 'Amount', 'MustBePositive'],
      [{ RebateCodeId: card.Id, Amount: -5, ChangeType: 'Increase' }, 'Amount', 'GreaterThanOrEqual'],
      [{ RebateCodeId: card.Id, Amount: 1.005, ChangeType: 'Increase' }, 'Amount', 'TooManyDecimals'],
      [{ RebateCodeId: card.Id, ChangeType: 'Increase' }, 'Amount', 'Required'],
      [{ RebateCodeId: ticket.Id, Usage: 3, ChangeType: 'Decrease' }, 'Usage', 'InsufficientBalance'],
      [{ RebateCodeId: ticket.Id, Usage: 1.5, ChangeType: 'Increase' }, 'Usage', 'InvalidType'],
      [{ RebateCodeId: percent.Id, Amount: 10, ChangeType: 'Increase' }, 'RebateCodeId', 'NoBalance'],
      [{ RebateCodeId: card.Id, Amount: 10, ChangeType: 'Sideways' }, 'ChangeType', 'InvalidValue'],
      [{ RebateCodeId: card.Id, Amount: 10, ChangeType: 'Increase', CustomerId: theirCustomer }, 'CustomerId', 'UnknownReference'],
      [{ RebateCodeId: card.Id, Amount: 10, ChangeType: 'Increase', Comment: 'c'.repeat(1001) }, 'Comment', 'MaxLength'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorsOf(res).Errors, JSON.stringify(payload)).toContainEqual(expect.objectContaining({ FieldName: field, ErrorCode: code }));
    }
    expect(errorsOf(await post({ RebateCodeId: card.Id, Amount: 150, ChangeType: 'Decrease' })).Message).toBe('Only 100 is left.');
    expect(await transactionCount()).toBe(before);
    expect(await read(card.Id)).toMatchObject({ RemainingAmount: 100 });
    expect(await read(ticket.Id)).toMatchObject({ RemainingUsage: 2 });
  });

  it('answers 404 naming RebateCodeId for another company’s code and changes nothing', async () => {
    const card = await create({ RebateCodeSign: 'TX-MINE', RebateCodeTypeId: 4, RebateCodeValue: 100 });
    const before = await transactionCount();
    const res = await post({ RebateCodeId: card.Id, Amount: 100, ChangeType: 'Decrease' }, other);
    expect(res.statusCode).toBe(404);
    expect(fields(res)).toEqual(['RebateCodeId']);
    expect(await transactionCount()).toBe(before);
    expect((await read(card.Id)).RemainingAmount).toBe(100);
  });

  it('lets one of several simultaneous decreases take the last of a card', async () => {
    const card = await create({ RebateCodeSign: 'TX-RACE', RebateCodeTypeId: 4, RebateCodeValue: 100 });
    const results = await Promise.all(Array.from({ length: 5 }, () => post({ RebateCodeId: card.Id, Amount: 100, ChangeType: 'Decrease' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect((await read(card.Id)).RemainingAmount).toBe(0);
    expect((await transactions(`?RebateCodeId=${card.Id}`)).Total).toBe(1);
  });
});

describe('GET /rebatecodes/transactions', () => {
  let card: RebateCode;
  let ticket: RebateCode;
  beforeAll(async () => {
    card = await create({ RebateCodeSign: 'LIST-CARD', RebateCodeTypeId: 4, RebateCodeValue: 1000 });
    ticket = await create({ RebateCodeSign: 'LIST-PUNCH', RebateCodeTypeId: 3, RebateCodeValue: 10 });
    await post({ RebateCodeId: card.Id, Amount: 100, ChangeType: 'Decrease', CustomerId: anna });
    await post({ RebateCodeId: card.Id, Amount: 50, ChangeType: 'Increase', CustomerId: bertil });
    await post({ RebateCodeId: ticket.Id, Usage: 2, ChangeType: 'Decrease', CustomerId: anna });
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(card, 501, { Amount: 200 })], { customerId: bertil, serviceId: padel.Id }));
    await server.db.query("update rebate_code_transactions set created = '2030-01-15T12:00:00+01:00' where rebate_code_id = $1 and booking_id = 501", [card.Id]);
  });

  it('lists transactions with customer and service names, newest first', async () => {
    const page = await transactions(`?RebateCodeId=${card.Id}`);
    expect(page.Total).toBe(3);
    const [newest] = page.Results;
    expect(newest).toMatchObject({ ChangeType: 'Decrease', Amount: 200, BookingId: 501, CustomerName: 'Bertil Berg', ServiceId: padel.Id, ServiceName: padel.Name });
    expect(newest.Created).toBe('2030-01-15T12:00:00');
  });

  it('filters by customer, created dates and change type, and pages with Take and Offset', async () => {
    const annas = await transactions(`?CustomerId=${anna}&Search=list-&OrderBy=Id`);
    expect(annas.Results.map((t) => [t.RebateCodeSign, t.ChangeType, t.Amount, t.Usage])).toEqual([
      ['LIST-CARD', 'Decrease', 100, 0],
      ['LIST-PUNCH', 'Decrease', 0, 2],
    ]);
    expect((await transactions('?CreatedFrom=2030-01-15&CreatedTo=2030-01-15')).Results.map((t) => t.BookingId)).toEqual([501]);
    expect((await transactions('?CreatedFrom=2030-01-15T12:00:01')).Total).toBe(0);
    expect((await transactions('?CreatedTo=2030-01-14')).Results.some((t) => t.BookingId === 501)).toBe(false);
    expect((await transactions(`?RebateCodeId=${card.Id}&ChangeType=Increase`)).Results.map((t) => t.CustomerName)).toEqual(['Bertil Berg']);
    const first = await transactions(`?RebateCodeId=${card.Id}&Take=2&Offset=0&OrderBy=Id`);
    const second = await transactions(`?RebateCodeId=${card.Id}&Take=2&Offset=2&OrderBy=Id`);
    expect(first).toMatchObject({ Offset: 0, Total: 3 });
    expect(second.Offset).toBe(2);
    expect([...first.Results, ...second.Results].map((t) => t.Id)).toEqual([...new Set([...first.Results, ...second.Results].map((t) => t.Id))]);
    expect(second.Results).toHaveLength(1);
  });

  it('answers 400 for bad filters and shows nothing of another company', async () => {
    const bad = await server.api({ method: 'GET', url: '/api/rebatecodes/transactions?CreatedFrom=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(fields(bad)).toContain('CreatedFrom');
    expect((await transactions(`?RebateCodeId=${card.Id}`, other)).Total).toBe(0);
  });
});

describe('usages', () => {
  it('lists the bookings a code was used in, for one code or all', async () => {
    const code = await create({ RebateCodeSign: 'USAGE-CODE', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUsesPerCustomer: 5 });
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(code, 701, { Amount: 28 })], { customerId: anna, serviceId: padel.Id }));
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(code, 702, { Amount: 18 })], { customerId: bertil, serviceId: yoga.Id }));
    const res = await server.api({ method: 'GET', url: `/api/rebatecodes/${code.Id}/usages?OrderBy=BookingId` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<RebateCodeTransaction>;
    expect(page.Results.map((u) => [u.BookingId, u.CustomerName, u.ServiceName, u.Amount])).toEqual([
      [701, 'Anna Andersson', padel.Name, 28],
      [702, 'Bertil Berg', yoga.Name, 18],
    ]);
    expect((await read(code.Id)).NumberOfUsesUsed).toBe(2);
    const all = (await server.api({ method: 'GET', url: `/api/rebatecodes/usages?CustomerId=${anna}` })).json() as Page<RebateCodeTransaction>;
    expect(all.Results.every((u) => u.BookingId !== null && u.CustomerId === anna)).toBe(true);
    expect(all.Results.some((u) => u.BookingId === 701)).toBe(true);
    expect((await server.api({ method: 'GET', url: `/api/rebatecodes/${code.Id}/usages`, token: other })).statusCode).toBe(404);
  });

  it('drops a use the booking gave back, and shows the one that replaced it after a re-price', async () => {
    const code = await create({ RebateCodeSign: 'USAGE-BACK', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUsesPerCustomer: 5 });
    const usages = async () =>
      ((await server.api({ method: 'GET', url: `/api/rebatecodes/${code.Id}/usages?OrderBy=Id` })).json() as Page<RebateCodeTransaction>).Results.map((u) => [u.BookingId, u.Amount]);
    const use = (bookingId: number, amount: number, change: 'Decrease' | 'Increase' = 'Decrease') =>
      server.db.tx((tx) => consumeCodes(tx, companyId, [booking(code, bookingId, { Amount: amount, ChangeType: change })], { customerId: anna, serviceId: padel.Id }));
    await use(711, 90);
    await use(712, 40);
    // 711 re-priced (its quantity changed): the old use given back, a new one taken.
    await server.db.tx(async (tx) => {
      await consumeCodes(tx, companyId, [booking(code, 711, { Amount: 90, ChangeType: 'Increase' })], { customerId: anna });
      await consumeCodes(tx, companyId, [booking(code, 711, { Amount: 135 })], { customerId: anna, serviceId: padel.Id });
    });
    expect(await usages()).toEqual([[712, 40], [711, 135]]);
    // 712 canceled: its use given back.
    await use(712, 40, 'Increase');
    expect(await usages()).toEqual([[711, 135]]);
    expect((await read(code.Id)).NumberOfUsesUsed).toBe(1);
    // The transactions report keeps every change.
    expect((await transactions(`?RebateCodeId=${code.Id}`)).Total).toBe(5);
  });
});

describe('consumeCodes', () => {
  it('records a booking’s use: a use counted, punches and amounts drawn, given back by Increase', async () => {
    const ticket = await create({ RebateCodeSign: 'USE-PUNCH', RebateCodeTypeId: 3, RebateCodeValue: 5 });
    const card = await create({ RebateCodeSign: 'USE-CARD', RebateCodeTypeId: 4, RebateCodeValue: 300 });
    const plan = [booking(ticket, 801, { Usage: 2, Amount: 360 }), booking(card, 801, { Amount: 120.25 })];
    const ids = await server.db.tx((tx) => consumeCodes(tx, companyId, plan, { customerId: anna, serviceId: yoga.Id }));
    expect(ids).toHaveLength(2);
    expect(await read(ticket.Id)).toMatchObject({ RemainingUsage: 3, NumberOfUsesUsed: 1 });
    expect(await read(card.Id)).toMatchObject({ RemainingAmount: 179.75, NumberOfUsesUsed: 1 });
    await server.db.tx((tx) => consumeCodes(tx, companyId, plan.map((d) => ({ ...d, ChangeType: 'Increase' as const })), { customerId: anna }));
    expect(await read(ticket.Id)).toMatchObject({ RemainingUsage: 5, NumberOfUsesUsed: 0 });
    expect(await read(card.Id)).toMatchObject({ RemainingAmount: 300, NumberOfUsesUsed: 0 });
  });

  it('refuses a use beyond the balance, the total uses or the customer’s uses, and the booking’s transaction rolls back', async () => {
    const ticket = await create({ RebateCodeSign: 'USE-EMPTY', RebateCodeTypeId: 3, RebateCodeValue: 1 });
    const card = await create({ RebateCodeSign: 'USE-SHORT', RebateCodeTypeId: 5, RebateCodeValue: 50 });
    const once = await create({ RebateCodeSign: 'USE-ONCE', RebateCodeTypeId: 1, RebateCodeValue: 10, MaxNumberOfUses: 1, MaxNumberOfUsesPerCustomer: 1 });
    const perCustomer = await create({ RebateCodeSign: 'USE-PER-CUSTOMER', RebateCodeTypeId: 2, RebateCodeValue: 10, MaxNumberOfUsesPerCustomer: 1 });
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(once, 901)], { customerId: anna }));
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(perCustomer, 902)], { customerId: anna }));
    const before = await transactionCount();
    const attempts: [TransactionDraft[], string][] = [
      [[booking(card, 903, { Amount: 10 }), booking(ticket, 903, { Usage: 2 })], 'UsedUp'],
      [[booking(card, 904, { Amount: 50.01 })], 'NoRemainingAmount'],
      [[booking(once, 905)], 'UsedUp'],
      [[booking(perCustomer, 906)], 'UsedUpForCustomer'],
    ];
    for (const [plan, reason] of attempts) {
      await expect(server.db.tx((tx) => consumeCodes(tx, companyId, plan, { customerId: anna }))).rejects.toMatchObject({
        statusCode: 409,
        errors: [expect.objectContaining({ FieldName: 'RebateCodeIds', ErrorCode: reason })],
      });
    }
    expect(await transactionCount()).toBe(before);
    expect(await read(card.Id)).toMatchObject({ RemainingAmount: 50, NumberOfUsesUsed: 0 });
    expect(await read(ticket.Id)).toMatchObject({ RemainingUsage: 1 });
    await server.db.tx((tx) => consumeCodes(tx, companyId, [booking(perCustomer, 907)], { customerId: bertil }));
  });

  it('uses a punch ticket’s last punch exactly once under concurrent bookings', async () => {
    const ticket = await create({ RebateCodeSign: 'USE-LAST', RebateCodeTypeId: 3, RebateCodeValue: 3 });
    await post({ RebateCodeId: ticket.Id, Usage: 2, ChangeType: 'Decrease' });
    expect((await read(ticket.Id)).RemainingUsage).toBe(1);
    const customers = [anna, bertil];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        server.db.tx((tx) => consumeCodes(tx, companyId, [booking(ticket, 1000 + i)], { customerId: customers[i % 2], serviceId: yoga.Id })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ statusCode: 409 });
    expect(await read(ticket.Id)).toMatchObject({ RemainingUsage: 0, NumberOfUsesUsed: 1 });
    const used = await server.db.one<{ n: number }>('select count(*)::int as n from rebate_code_transactions where rebate_code_id = $1 and booking_id is not null', [ticket.Id]);
    expect(used!.n).toBe(1);
  });
});
