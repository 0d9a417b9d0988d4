import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../../schema/services';
import { createTestServer, OTHER_EMAIL, OTHER_PASSWORD, type TestServer } from './harness';

// The generic list behaviour, exercised through /articles (a plain autoquery declaration).

let server: TestServer;
let demoCompanyId: number;

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}
interface ErrorBody {
  ResponseStatus: { Errors: { FieldName: string }[] };
}

async function get(query: string, headers: Record<string, string> = {}): Promise<Page<Article>> {
  const res = await server.api({ method: 'GET', url: `/api/articles${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<Article>;
}

async function addArticles(count: number, name: (g: string) => string): Promise<void> {
  await server.db.query(
    `insert into articles (company_id, name, article_type_id, price_minor, vat, currency_id, created)
     select $1, ${name('g')}, 1, g * 100, 25, 'SEK', now() from generate_series(1, $2) g`,
    [demoCompanyId, count],
  );
}

beforeAll(async () => {
  server = await createTestServer();
  demoCompanyId = (await server.db.one<{ company_id: number }>(`select company_id from users where email = 'demo@example.com'`))!.company_id;
  // 120 articles that share one name (for stable paging) besides the 3 seeded ones.
  await addArticles(120, () => `'Samma'`);
});
afterAll(async () => {
  await server?.close();
});

describe('autoquery lists', () => {
  it('takes 50 by default and counts them all', async () => {
    const page = await get('');
    expect(page.Results).toHaveLength(50);
    expect(page.Total).toBe(123);
    expect(page.Offset).toBe(0);
  });

  it('takes at most 1000', async () => {
    expect((await get('?Take=1000')).Results).toHaveLength(123);
    const res = await server.api({ method: 'GET', url: '/api/articles?Take=1001' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorBody).ResponseStatus.Errors[0].FieldName).toBe('Take');
  });

  it('pages stably through equal sort keys with the primary key as the last key', async () => {
    const seen: number[] = [];
    for (let skip = 0; skip < 130; skip += 7) seen.push(...(await get(`?OrderBy=Name&Take=7&Skip=${skip}`)).Results.map((a) => a.Id));
    expect(seen).toHaveLength(123);
    expect(new Set(seen).size).toBe(123);
    const desc = (await get('?OrderByDesc=Name&Take=1000&Search=Samma')).Results.map((a) => a.Id);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('answers the total beyond the last page', async () => {
    const page = await get('?Skip=500&Take=10');
    expect(page).toEqual({ Offset: 500, Total: 123, Results: [] });
    const last = await get('?Skip=120&Take=10');
    expect(last.Results).toHaveLength(3);
    expect(last.Total).toBe(123);
  });

  it('accepts sort fields in any case and reverses with - inside OrderByDesc', async () => {
    const byPrice = (await get('?orderBy=x&OrderBy=price&Take=3')).Results.map((a) => a.Price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const mixed = (await get('?OrderByDesc=-Price&Take=3')).Results.map((a) => a.Price);
    expect(mixed).toEqual(byPrice);
  });

  it('treats % and _ in Search as plain characters', async () => {
    expect((await get('?Search=%25')).Total).toBe(0);
    expect((await get('?Search=_')).Total).toBe(0);
    expect((await get('?Search=SAMMA')).Total).toBe(120);
  });

  it('ignores query parameters it does not know', async () => {
    expect((await get('?Foo=bar&Take=1')).Results).toHaveLength(1);
  });

  it("shows times in the caller's zone, across a daylight-saving change", async () => {
    await server.db.query(
      `insert into articles (company_id, name, article_type_id, price_minor, vat, currency_id, created) values
       ($1, 'Före sommartid', 1, 100, 25, 'SEK', '2025-03-30T00:30:00Z'), ($1, 'Efter sommartid', 1, 100, 25, 'SEK', '2025-03-30T01:30:00Z')`,
      [demoCompanyId],
    );
    const local = (await get('?Search=sommartid&OrderBy=Created')).Results.map((a) => a.Created);
    expect(local).toEqual(['2025-03-30T01:30:00', '2025-03-30T03:30:00']);
    const newYork = (await get('?Search=sommartid&OrderBy=Created', { timezone: 'America/New_York' })).Results.map((a) => a.Created);
    expect(newYork).toEqual(['2025-03-29T20:30:00', '2025-03-29T21:30:00']);
  });

  it("lists only the caller's rows, also when asked for another company's ids", async () => {
    const other = await server.login(OTHER_EMAIL, OTHER_PASSWORD);
    const ours = (await get('?Take=5')).Results.map((a) => a.Id);
    const res = await server.api({ method: 'GET', url: `/api/articles?${ours.map((id) => `Id=${id}`).join('&')}`, token: other });
    expect((res.json() as Page<Article>).Total).toBe(0);
    const theirs = await server.api({ method: 'GET', url: '/api/articles?Take=1000', token: other });
    expect((theirs.json() as Page<Article>).Total).toBe(3);
  });

  it('pages a large table (100,000 rows) with the right order and total', async () => {
    await addArticles(100_000, (g) => `'Artikel ' || lpad(${g}::text, 6, '0')`);
    await server.db.exec('analyze articles');
    const page = await get('?OrderBy=-Name&Take=25&Search=Artikel');
    expect(page.Total).toBe(100_000);
    expect(page.Results[0].Name).toBe('Artikel 100000');
    expect(page.Results[24].Name).toBe('Artikel 099976');
    const plan = await server.db.query<{ 'QUERY PLAN': string }>(
      `explain select id from articles t where t.company_id = $1 order by t.name desc, t.id desc limit 25`,
      [demoCompanyId],
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('articles_company_name_idx');
  });
});
