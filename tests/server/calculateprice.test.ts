import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculatePriceRequest, CalculatePriceResponse } from '../../schema/pricing';
import type { RebateCode, RebateCodeInput } from '../../schema/rebatecodes';
import type { Service, ServicePrice } from '../../schema/services';
import { consumeCodes } from '../../server/areas/services/rebateCodes';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let companyId: number;
let services: Record<'padel' | 'yoga' | 'massage' | 'conference', Service>;
let adult: ServicePrice;
let child: ServicePrice;
let theirService: Service;
let theirPrice: ServicePrice;
let anna: number;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { ErrorCode: string; Message: string; Errors: { FieldName: string; ErrorCode: string; Message: string }[] };
}
const errorsOf = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus;
const fields = (res: { json(): unknown }) => errorsOf(res).Errors.map((e) => e.FieldName);

/** Monday 3 June 2030; Saturday is the 8th. */
const MONDAY = '2030-06-03';
const SATURDAY = '2030-06-08';

async function create(body: RebateCodeInput, token?: string): Promise<RebateCode> {
  const res = await server.api({ method: 'POST', url: '/api/rebatecodes', payload: body, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RebateCode;
}

function calculate(serviceId: number, payload: Partial<CalculatePriceRequest> | Record<string, unknown>, token?: string) {
  return server.api({ method: 'PUT', url: `/api/services/${serviceId}/calculateprice`, payload, token });
}

async function price(serviceId: number, payload: Partial<CalculatePriceRequest>): Promise<CalculatePriceResponse> {
  const res = await calculate(serviceId, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalculatePriceResponse;
}

let codes: Record<'percent20' | 'percent10' | 'fixed100' | 'fixed1000' | 'card500' | 'gift50' | 'punch10' | 'punch1' | 'expired' | 'annas', RebateCode>;

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
  companyId = (await server.db.one<{ company_id: number }>("select company_id from users where email = 'demo@example.com'"))!.company_id;
  const all = ((await server.api({ method: 'GET', url: '/api/services?Take=20' })).json() as Page<Service>).Results;
  const named = (prefix: string) => all.find((s) => s.Name.startsWith(prefix))!;
  services = { padel: named('Padel'), yoga: named('Yoga'), massage: named('Massage'), conference: named('Konferensrum') };
  const yogaPrices = ((await server.api({ method: 'GET', url: `/api/services/prices?ServiceId=${services.yoga.Id}` })).json() as Page<ServicePrice>).Results;
  adult = yogaPrices.find((p) => p.Category === 'Vuxen')!;
  child = yogaPrices.find((p) => p.Category === 'Barn')!;
  theirService = ((await server.api({ method: 'GET', url: '/api/services?Take=1', token: other })).json() as Page<Service>).Results[0];
  theirPrice = ((await server.api({ method: 'GET', url: '/api/services/prices?Take=1', token: other })).json() as Page<ServicePrice>).Results[0];
  anna = (await server.db.one<{ id: number }>(
    "insert into customers (company_id, firstname, lastname, email) values ($1, 'Anna', 'Andersson', 'anna@example.com') returning id",
    [companyId],
  ))!.id;
  codes = {
    percent20: await create({ RebateCodeSign: 'CALC-20', RebateCodeTypeId: 1, RebateCodeValue: 20 }),
    percent10: await create({ RebateCodeSign: 'CALC-10', RebateCodeTypeId: 1, RebateCodeValue: 10 }),
    fixed100: await create({ RebateCodeSign: 'CALC-100KR', RebateCodeTypeId: 2, RebateCodeValue: 100 }),
    fixed1000: await create({ RebateCodeSign: 'CALC-1000KR', RebateCodeTypeId: 2, RebateCodeValue: 1000 }),
    card500: await create({ RebateCodeSign: 'CALC-CARD', RebateCodeTypeId: 4, RebateCodeValue: 500 }),
    gift50: await create({ RebateCodeSign: 'CALC-GIFT', RebateCodeTypeId: 5, RebateCodeValue: 50 }),
    punch10: await create({ RebateCodeSign: 'CALC-PUNCH', RebateCodeTypeId: 3, RebateCodeValue: 10 }),
    punch1: await create({ RebateCodeSign: 'CALC-PUNCH1', RebateCodeTypeId: 3, RebateCodeValue: 1 }),
    expired: await create({ RebateCodeSign: 'CALC-OLD', RebateCodeTypeId: 1, RebateCodeValue: 50, ValidTo: '2030-05-31' }),
    annas: await create({ RebateCodeSign: 'CALC-ANNA', RebateCodeTypeId: 2, RebateCodeValue: 30, Customers: [anna] }),
  };
});
afterAll(async () => {
  await server?.close();
});

describe('PUT /services/{Id}/calculateprice: prices', () => {
  it('prices a weekday morning padel hour, To filled from the service’s duration', async () => {
    const res = await price(services.padel.Id, { Interval: { From: `${MONDAY}T10:00:00` } });
    expect(res).toMatchObject({ PriceSign: 'kr', CurrencyId: 'SEK', TotalPrice: 280, TotalVatAmount: 15.85, TotalPriceBeforeRebate: 280, AppliedCodes: [] });
    expect(res.PriceDetails).toEqual([
      expect.objectContaining({
        From: `${MONDAY}T10:00:00`,
        To: `${MONDAY}T11:00:00`,
        Quantity: 1,
        UnitPrice: 280,
        PriceBeforeRebate: 280,
        Price: 280,
        VAT: 6,
        VatAmount: 15.85,
        CalculationTypeId: 1,
      }),
    ]);
  });

  it('picks the price valid by day of week and time of day', async () => {
    expect((await price(services.padel.Id, { Interval: { From: `${MONDAY}T18:00:00` } })).TotalPrice).toBe(400);
    expect((await price(services.padel.Id, { Interval: { From: `${SATURDAY}T10:00:00`, To: `${SATURDAY}T11:30:00` } })).TotalPrice).toBe(350);
  });

  it('charges a per-hour price for the time booked, with VAT per price', async () => {
    const res = await price(services.conference.Id, { Interval: { From: `${MONDAY}T10:00:00`, To: `${MONDAY}T12:30:00` } });
    expect(res).toMatchObject({ TotalPrice: 1125, TotalVatAmount: 225, TotalPriceBeforeRebate: 1125 });
    expect(res.PriceDetails[0]).toMatchObject({ CalculationTypeId: 3, UnitPrice: 1125, VAT: 25 });
  });

  it('adds up quantities per price with VAT per line', async () => {
    const res = await price(services.yoga.Id, {
      Interval: { From: `${MONDAY}T18:00:00` },
      Quantities: [
        { PriceId: adult.Id, Quantity: 2 },
        { PriceId: child.Id, Quantity: 1 },
        { PriceId: child.Id, Quantity: 0 },
      ],
    });
    expect(res).toMatchObject({ TotalPrice: 450, TotalVatAmount: 25.47, TotalPriceBeforeRebate: 450 });
    expect(res.PriceDetails.map((d) => [d.QuantityIndex, d.Category, d.Quantity, d.UnitPrice, d.Price, d.VatAmount])).toEqual([
      [0, 'Vuxen', 2, 180, 360, 20.38],
      [1, 'Barn', 1, 90, 90, 5.09],
    ]);
  });
});

describe('PUT /services/{Id}/calculateprice: codes', () => {
  it('takes 20 % and then a value card off a massage, whatever order the codes are given in', async () => {
    for (const ids of [
      [codes.percent20.Id, codes.card500.Id],
      [codes.card500.Id, codes.percent20.Id],
    ]) {
      const res = await price(services.massage.Id, { Interval: { From: `${MONDAY}T10:00:00` }, RebateCodeIds: ids });
      expect(res).toMatchObject({ TotalPriceBeforeRebate: 695, TotalPrice: 56, TotalVatAmount: 11.2 });
      expect(res.AppliedCodes).toEqual([
        { RebateCodeId: codes.percent20.Id, RebateCodeSign: 'CALC-20', RebateCodeValue: 20, RebateCodeType: { Id: 1, Name: 'Percent' }, RebateAmount: 139, Usage: 1 },
        { RebateCodeId: codes.card500.Id, RebateCodeSign: 'CALC-CARD', RebateCodeValue: 500, RebateCodeType: { Id: 4, Name: 'ValueCard' }, RebateAmount: 500, Usage: 1 },
      ]);
      expect(res.PriceDetails[0]).toMatchObject({ PriceBeforeRebate: 695, Price: 56, VatAmount: 11.2 });
    }
    const card = ((await server.api({ method: 'GET', url: `/api/rebatecodes?Id=${codes.card500.Id}` })).json() as Page<RebateCode>).Results[0];
    expect(card.RemainingAmount).toBe(500);
  });

  it('takes a fixed amount and a gift card, never below zero', async () => {
    expect(await price(services.padel.Id, { Interval: { From: `${MONDAY}T10:00:00` }, RebateCodeIds: [codes.fixed100.Id] })).toMatchObject({
      TotalPrice: 180,
      TotalVatAmount: 10.19,
    });
    expect(await price(services.padel.Id, { Interval: { From: `${MONDAY}T10:00:00` }, RebateCodeIds: [codes.gift50.Id] })).toMatchObject({
      TotalPrice: 230,
      TotalVatAmount: 13.02,
      AppliedCodes: [expect.objectContaining({ RebateCodeType: { Id: 5, Name: 'GiftCard' }, RebateAmount: 50 })],
    });
    const all = await price(services.padel.Id, { Interval: { From: `${MONDAY}T10:00:00` }, RebateCodeIds: [codes.fixed1000.Id, codes.gift50.Id] });
    expect(all).toMatchObject({ TotalPrice: 0, TotalVatAmount: 0, TotalPriceBeforeRebate: 280 });
    expect(all.AppliedCodes.map((c) => [c.RebateCodeSign, c.RebateAmount, c.Usage])).toEqual([
      ['CALC-1000KR', 280, 1],
      ['CALC-GIFT', 0, 0],
    ]);
  });

  it('pays whole visits with a punch ticket, then a percent code takes its share of what is left', async () => {
    const twoAdults = await price(services.yoga.Id, { Interval: { From: `${MONDAY}T18:00:00` }, Quantities: [{ PriceId: adult.Id, Quantity: 2 }], RebateCodeIds: [codes.punch10.Id] });
    expect(twoAdults).toMatchObject({ TotalPrice: 0, AppliedCodes: [expect.objectContaining({ RebateCodeType: { Id: 3, Name: 'PunchTicket' }, RebateAmount: 360, Usage: 2 })] });

    const family = await price(services.yoga.Id, {
      Interval: { From: `${MONDAY}T18:00:00` },
      Quantities: [
        { PriceId: child.Id, Quantity: 1 },
        { PriceId: adult.Id, Quantity: 1 },
      ],
      RebateCodeIds: [codes.percent10.Id, codes.punch1.Id],
    });
    expect(family).toMatchObject({ TotalPriceBeforeRebate: 270, TotalPrice: 81, TotalVatAmount: 4.58 });
    expect(family.AppliedCodes.map((c) => [c.RebateCodeSign, c.RebateAmount, c.Usage])).toEqual([
      ['CALC-PUNCH1', 180, 1],
      ['CALC-10', 9, 1],
    ]);
  });

  it('applies a code reserved for a customer only for that customer, and only as often as allowed', async () => {
    const base = { Interval: { From: `${MONDAY}T10:00:00` }, RebateCodeIds: [codes.annas.Id] };
    const anonymous = await calculate(services.padel.Id, base);
    expect(anonymous.statusCode).toBe(400);
    expect(errorsOf(anonymous)).toMatchObject({ ErrorCode: 'NotForCustomer', Errors: [{ FieldName: 'RebateCodeIds' }] });
    expect((await price(services.padel.Id, { ...base, CustomerEmail: 'Anna@Example.com' })).TotalPrice).toBe(250);
    await server.db.tx((tx) =>
      consumeCodes(tx, companyId, [{ RebateCodeId: codes.annas.Id, Amount: 30, Usage: 1, ChangeType: 'Decrease', BookingId: 77 }], { customerId: anna }),
    );
    const again = await calculate(services.padel.Id, { ...base, CustomerEmail: 'anna@example.com' });
    expect(errorsOf(again)).toMatchObject({ ErrorCode: 'UsedUpForCustomer', Message: 'The customer has already used the code as many times as allowed.' });
  });
});

describe('PUT /services/{Id}/calculateprice: bad input', () => {
  const from = { From: `${MONDAY}T10:00:00` };

  it('names the field for unknown or foreign prices and codes, and codes that do not apply', async () => {
    const cases: [number, Record<string, unknown>, string, string][] = [
      [services.padel.Id, { Interval: from, Quantities: [{ PriceId: 99999999, Quantity: 1 }] }, 'Quantities[0].PriceId', 'UnknownPrice'],
      [services.padel.Id, { Interval: from, Quantities: [{ PriceId: adult.Id, Quantity: 1 }] }, 'Quantities[0].PriceId', 'UnknownPrice'],
      [services.padel.Id, { Interval: from, Quantities: [{ PriceId: theirPrice.Id, Quantity: 1 }] }, 'Quantities[0].PriceId', 'UnknownPrice'],
      [services.yoga.Id, { Interval: from }, 'Quantities', 'SeveralPricesValid'],
      [services.padel.Id, { Interval: from, RebateCodeIds: [99999999] }, 'RebateCodeIds[0]', 'UnknownReference'],
      [services.padel.Id, { Interval: from, RebateCodeIds: [codes.expired.Id] }, 'RebateCodeIds', 'Expired'],
      [services.padel.Id, { Interval: from, RebateCodeIds: [codes.percent10.Id, codes.percent10.Id] }, 'RebateCodeIds', 'CodeAlreadyApplied'],
      [services.padel.Id, { Interval: { From: `${MONDAY}T10:00:00`, To: `${MONDAY}T09:00:00` } }, 'Interval.To', 'ToBeforeFrom'],
      [services.conference.Id, { Interval: { From: `${MONDAY}T10:00:00`, To: '2031-07-01T10:00:00' } }, 'Interval.To', 'IntervalTooLong'],
      [services.padel.Id, { Interval: { From: '2030-02-30T10:00:00' } }, 'Interval.From', 'InvalidDate'],
      [services.padel.Id, { Interval: { From: 'tomorrow' } }, 'Interval.From', 'InvalidFormat'],
      [services.padel.Id, {}, 'Interval', 'NotEmpty'],
      [services.padel.Id, { Interval: from, Quantities: [{ PriceId: 0, Quantity: -1 }] }, 'Quantities[0].Quantity', 'GreaterThanOrEqual'],
      [services.padel.Id, { Interval: from, RebateCodeIds: Array.from({ length: 11 }, (_, i) => i + 1) }, 'RebateCodeIds', 'TooMany'],
      [services.padel.Id, { Interval: from, CustomerEmail: `${'a'.repeat(200)}@example.com` }, 'CustomerEmail', 'MaxLength'],
      [services.padel.Id, { Id: services.yoga.Id, Interval: from }, 'Id', 'InvalidValue'],
    ];
    for (const [serviceId, payload, field, code] of cases) {
      const res = await calculate(serviceId, payload);
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(errorsOf(res).Errors[0], res.body).toMatchObject({ FieldName: field, ErrorCode: code });
      expect(errorsOf(res).Message).not.toBe('');
    }
  });

  it('answers 404 naming Id for another company’s service or an unknown one', async () => {
    for (const id of [theirService.Id, 99999999]) {
      const res = await calculate(id, { Interval: from });
      expect(res.statusCode).toBe(404);
      expect(fields(res)).toEqual(['Id']);
    }
  });

  it('does not apply another company’s code, and the other company cannot use ours', async () => {
    const theirs = await create({ RebateCodeSign: 'THEIR-CODE', RebateCodeTypeId: 1, RebateCodeValue: 50 }, other);
    const res = await calculate(services.padel.Id, { Interval: from, RebateCodeIds: [theirs.Id] });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['RebateCodeIds[0]']);
    const ours = await calculate(theirService.Id, { Interval: from, RebateCodeIds: [codes.percent20.Id] }, other);
    expect(ours.statusCode).toBe(400);
    expect(fields(ours)).toEqual(['RebateCodeIds[0]']);
  });
});
