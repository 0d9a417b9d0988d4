import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});

afterAll(async () => {
  await server?.close();
});

const get = async <T>(url: string, lang = 'en'): Promise<Page<T>> => {
  const res = await server.api({ method: 'GET', url, headers: { 'x-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<T>;
};

describe('reference lists', () => {
  it('lists the four countries with names in the caller language', async () => {
    const en = await get<{ Id: string; Name: string }>('/api/countries');
    expect(en.Results.map((c) => c.Id).sort()).toEqual(['DK', 'FI', 'NO', 'SE']);
    expect(en.Results.find((c) => c.Id === 'FI')?.Name).toBe('Finland');
    const fi = await get<{ Id: string; Name: string }>('/api/countries', 'fi');
    expect(fi.Results.find((c) => c.Id === 'FI')?.Name).toBe('Suomi');
    const sv = await get<{ Id: string; Name: string }>('/api/countries', 'sv');
    expect(sv.Results.find((c) => c.Id === 'SE')?.Name).toBe('Sverige');
  });

  it('filters currencies on Active', async () => {
    const all = await get<{ Id: string; Active: boolean }>('/api/currencies');
    const active = await get<{ Id: string; Active: boolean }>('/api/currencies?Active=true');
    const inactive = await get<{ Id: string; Active: boolean }>('/api/currencies?Active=false');
    expect(active.Results.map((c) => c.Id)).toEqual(expect.arrayContaining(['SEK', 'NOK', 'DKK', 'EUR']));
    expect(active.Results.every((c) => c.Active)).toBe(true);
    expect(inactive.Results.every((c) => !c.Active)).toBe(true);
    expect(active.Total + inactive.Total).toBe(all.Total);
    expect((await server.api({ method: 'GET', url: '/api/currencies?Active=perhaps' })).statusCode).toBe(400);
  });

  it('lists company types and categories', async () => {
    expect((await get<{ Id: number; Name: string }>('/api/companies/types')).Total).toBeGreaterThan(0);
    const categories = await get<{ Id: number; Name: string }>('/api/categories', 'no');
    expect(categories.Results.every((c) => c.Name.length > 0)).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/countries' })).statusCode).toBe(401);
  });
});
