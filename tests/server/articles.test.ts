import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

let server: TestServer;
let other: string;

interface Page<T> {
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { Errors: { FieldName: string }[] };
}

beforeAll(async () => {
  server = await createTestServer();
  other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

async function articles(query = '', token?: string): Promise<Page<Article>> {
  const res = await server.api({ method: 'GET', url: `/api/articles${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Article>;
}

const fields = (res: { json(): unknown }) => (res.json() as ErrorBody).ResponseStatus.Errors.map((e) => e.FieldName);
const valid = { Name: 'Vattenflaska', ArticleTypeId: 1, Price: 49.5, VAT: 25 };

describe('/articles', () => {
  it('lists the articles by name with price, sign and reference', async () => {
    const page = await articles();
    expect(page.Total).toBe(3);
    expect(page.Results.map((a) => a.Name)).toEqual(['Hyra padelracket', 'Klippkort yoga 10 gånger', 'Presentkort 500 kr']);
    expect(page.Results[0]).toMatchObject({ Price: 75, VAT: 25, CurrencyId: 'SEK', PriceSign: 'kr', InternalReference: 'ART-RACKET', ArticleTypeId: 1 });
  });

  it('filters by type and active, searches and sorts by price', async () => {
    expect((await articles('?ArticleTypeId=2')).Results.map((a) => a.Name)).toEqual(['Presentkort 500 kr']);
    expect((await articles('?ArticleTypeId=2&ArticleTypeId=4')).Total).toBe(2);
    expect((await articles('?Search=yoga10')).Results.map((a) => a.InternalReference)).toEqual(['ART-YOGA10']);
    expect((await articles('?OrderBy=-Price')).Results.map((a) => a.Price)).toEqual([1500, 500, 75]);
    expect((await articles('?Active=false')).Total).toBe(0);
  });

  it('creates, updates and deletes an article', async () => {
    const created = await server.api({ method: 'POST', url: '/api/articles', payload: { ...valid, InternalReference: '  ' } });
    expect(created.statusCode, created.body).toBe(200);
    const article = created.json() as Article;
    expect(article).toMatchObject({ Name: 'Vattenflaska', Price: 49.5, CurrencyId: 'SEK', Active: true, InternalReference: null, Description: '' });

    const updated = await server.api({ method: 'PUT', url: `/api/articles/${article.Id}`, payload: { ...valid, Name: 'Flaska', Active: false } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Id: article.Id, Name: 'Flaska', Active: false });

    const deleted = await server.api({ method: 'DELETE', url: `/api/articles/${article.Id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await articles(`?Id=${article.Id}`)).Total).toBe(0);
    expect((await server.api({ method: 'DELETE', url: `/api/articles/${article.Id}` })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for bad input and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, Name: undefined }, 'Name'],
      [{ ...valid, Name: '  ' }, 'Name'],
      [{ ...valid, Name: 'n'.repeat(101) }, 'Name'],
      [{ ...valid, Description: 'd'.repeat(2001) }, 'Description'],
      [{ ...valid, ArticleTypeId: 9 }, 'ArticleTypeId'],
      [{ ...valid, Price: -5 }, 'Price'],
      [{ ...valid, Price: 1e12 }, 'Price'],
      [{ ...valid, VAT: 24 }, 'VAT'],
      [{ ...valid, InternalReference: 'r'.repeat(101) }, 'InternalReference'],
    ];
    for (const [payload, field] of cases) {
      const res = await server.api({ method: 'POST', url: '/api/articles', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(fields(res)).toContain(field);
    }
    expect((await articles()).Total).toBe(3);
    const badOrder = await server.api({ method: 'GET', url: '/api/articles?OrderBy=Secret' });
    expect(badOrder.statusCode).toBe(400);
    expect(fields(badOrder)).toEqual(['OrderBy']);
  });

  it("keeps each company's articles to itself", async () => {
    const ours = (await articles()).Results[0];
    expect((await articles(`?Id=${ours.Id}`, other)).Total).toBe(0);
    const put = await server.api({ method: 'PUT', url: `/api/articles/${ours.Id}`, payload: { ...valid, Name: 'Stolen' }, token: other });
    expect(put.statusCode).toBe(404);
    expect((await server.api({ method: 'DELETE', url: `/api/articles/${ours.Id}`, token: other })).statusCode).toBe(404);
    expect((await articles(`?Id=${ours.Id}`)).Results[0]).toEqual(ours);
  });
});
