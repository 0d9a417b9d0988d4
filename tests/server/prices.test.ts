import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, ServicePrice } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;
let padel: Service;
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
  const ours = (await server.api({ method: 'GET', url: '/api/services?Search=Padel' })).json() as Page<Service>;
  padel = ours.Results[0];
  theirService = ((await server.api({ method: 'GET', url: '/api/services?Take=1', token: other })).json() as Page<Service>).Results[0];
});
afterAll(async () => {
  await server?.close();
});

async function prices(query = '', token?: string): Promise<Page<ServicePrice>> {
  const res = await server.api({ method: 'GET', url: `/api/services/prices${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<ServicePrice>;
}

async function priceCount(): Promise<number> {
  return (await server.db.one<{ n: number }>('select count(*)::int as n from service_prices'))!.n;
}

const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);

describe('GET /services/prices', () => {
  it('lists the prices of a service with days, sign and the derived flags', async () => {
    const page = await prices(`?ServiceId=${padel.Id}&OrderBy=Price`);
    expect(page.Total).toBe(3);
    expect(page.Results.map((p) => p.Price)).toEqual([280, 350, 400]);
    const [offPeak, weekend] = page.Results;
    expect(offPeak).toMatchObject({
      ServiceId: padel.Id,
      CurrencyId: 'SEK',
      PriceSign: 'kr',
      VAT: 6,
      FromTime: '07:00:00',
      ToTime: '17:00:00',
      IsTimeSpecific: true,
      IsDaysOfWeekSpecific: true,
    });
    expect(offPeak.DaysOfWeek[0]).toEqual({ DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' });
    expect(weekend.DaysOfWeek).toEqual([
      { DayOfWeekId: 6, DotNetDayOfWeekId: 6, DayOfWeek: 'Saturday' },
      { DayOfWeekId: 7, DotNetDayOfWeekId: 0, DayOfWeek: 'Sunday' },
    ]);
    expect(weekend).toMatchObject({ IsTimeSpecific: false, FromTime: null });
  });

  it('searches category and text, and filters several services at once', async () => {
    expect((await prices('?Search=barn')).Results.map((p) => p.Category)).toEqual(['Barn']);
    const all = (await prices('?Take=1000')).Results;
    const serviceIds = [...new Set(all.map((p) => p.ServiceId))].slice(0, 2);
    const two = await prices(`?ServiceId=${serviceIds[0]}&ServiceId=${serviceIds[1]}&Take=1000`);
    expect(new Set(two.Results.map((p) => p.ServiceId))).toEqual(new Set(serviceIds));
  });

  it("does not show another company's prices", async () => {
    expect((await prices(`?ServiceId=${padel.Id}`, other)).Total).toBe(0);
  });
});

describe('POST /services/prices', () => {
  it('rounds the price, drops seconds, sorts the days and uses the company currency', async () => {
    const res = await server.api({
      method: 'POST',
      url: '/api/services/prices',
      payload: { ServiceId: padel.Id, Price: 199.6, VAT: 6, FromTime: '06:00:59', ToTime: '07:00:30', DaysOfWeek: [5, 1, 5], From: '2025-01-01', To: '2025-12-31', Category: 'Tidig' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const price = res.json() as ServicePrice;
    expect(price).toMatchObject({
      Price: 200,
      FromTime: '06:00:00',
      ToTime: '07:00:00',
      CurrencyId: 'SEK',
      PriceSign: 'kr',
      From: '2025-01-01T00:00:00',
      To: '2025-12-31T00:00:00',
      CalculationTypeId: 1,
    });
    expect(price.DaysOfWeek.map((d) => d.DayOfWeekId)).toEqual([1, 5]);
    expect((await prices(`?Id=${price.Id}`)).Results[0]).toEqual(price);
  });

  it('shows the sign of the currency', async () => {
    for (const [currency, sign] of [['EUR', '€'], ['USD', '$'], ['NOK', 'kr'], ['DKK', 'kr']]) {
      const res = await server.api({ method: 'POST', url: '/api/services/prices', payload: { ServiceId: padel.Id, Price: 10, VAT: 25, CurrencyId: currency } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ServicePrice).PriceSign).toBe(sign);
    }
  });

  it('answers 400 naming the field for every broken rule and writes nothing', async () => {
    const before = await priceCount();
    const ok = { ServiceId: padel.Id, Price: 100, VAT: 25 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, VAT: 7 }, 'VAT'],
      [{ ...ok, VAT: '25%' }, 'VAT'],
      [{ Price: 100, VAT: 25 }, 'ServiceId'],
      [{ ...ok, Price: -1 }, 'Price'],
      [{ ...ok, Price: 'free' }, 'Price'],
      [{ ...ok, FromTime: '18:00', ToTime: '08:00' }, 'FromTime'],
      [{ ...ok, FromTime: '18:00:10', ToTime: '18:00:50' }, 'FromTime'],
      [{ ...ok, FromTime: '25:00' }, 'FromTime'],
      [{ ...ok, From: '2025-05-01', To: '2025-04-01' }, 'From'],
      [{ ...ok, From: '2025-02-30' }, 'From'],
      [{ ...ok, DaysOfWeek: [0] }, 'DaysOfWeek[0]'],
      [{ ...ok, DaysOfWeek: [8] }, 'DaysOfWeek[0]'],
      [{ ...ok, CalculationTypeId: 5 }, 'CalculationTypeId'],
      [{ ...ok, CurrencyId: 'kronor' }, 'CurrencyId'],
      [{ ...ok, Category: 'c'.repeat(101) }, 'Category'],
      [{ ...ok, PriceText: 't'.repeat(201) }, 'PriceText'],
      [{ ...ok, ServiceId: theirService.Id }, 'ServiceId'],
      [{ ...ok, ServiceId: 999999 }, 'ServiceId'],
      [{ ...ok, ServiceId: 99999999999 }, 'ServiceId'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/services/prices', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fields(res), JSON.stringify(payload)).toContain(field);
    }
    expect(await priceCount()).toBe(before);
  });
});

describe('PUT and DELETE /services/prices/{Id}', () => {
  it('updates a price', async () => {
    const yoga = (await prices('?Search=Vuxen')).Results[0];
    const res = await server.api({ method: 'PUT', url: `/api/services/prices/${yoga.Id}`, payload: { ServiceId: yoga.ServiceId, Price: 195.4, VAT: 6, Category: 'Vuxen' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Id: yoga.Id, Price: 195, CurrencyId: 'SEK' });
  });

  it("cannot move a price to another company's service", async () => {
    const yoga = (await prices('?Search=Vuxen')).Results[0];
    const res = await server.api({ method: 'PUT', url: `/api/services/prices/${yoga.Id}`, payload: { ServiceId: theirService.Id, Price: 1, VAT: 6 } });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['ServiceId']);
    expect((await prices(`?Id=${yoga.Id}`)).Results[0].ServiceId).toBe(yoga.ServiceId);
  });

  it("answers 404 for another company's price and changes nothing", async () => {
    const ours = (await prices('?Search=Barn')).Results[0];
    const put = await server.api({ method: 'PUT', url: `/api/services/prices/${ours.Id}`, payload: { ServiceId: theirService.Id, Price: 1, VAT: 6 }, token: other });
    expect(put.statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/services/prices/${ours.Id}`, token: other })).statusCode).toBe(404);
    expect((await prices(`?Id=${ours.Id}`)).Results[0]).toEqual(ours);
  });

  it('deletes a price and answers 404 the second time', async () => {
    const ours = (await prices('?Search=Barn')).Results[0];
    const res = await server.api({ method: 'DELETE', url: `/api/services/prices/${ours.Id}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ServicePrice).Id).toBe(ours.Id);
    expect((await server.api({ method: 'DELETE', url: `/api/services/prices/${ours.Id}` })).statusCode).toBe(404);
  });
});
