import { loadTest, type LatencyResult } from './stats';
import { startBenchServer } from './server';

const CUSTOMERS = 100_000;

/**
 * `GET /api/customers?Take=25&OrderBy=Lastname` with 100,000 customers at 32 concurrent
 * connections on loopback. Target: p95 under 10 ms.
 */
export async function benchCustomerList(): Promise<LatencyResult & { name: string }> {
  const server = await startBenchServer(async (db, companyId) => {
    await db.query(
      `insert into customers (company_id, firstname, lastname, email, phone)
       select $1,
              (array['Anna','Erik','Maria','Lars','Karin','Anders','Eva','Johan','Sara','Per'])[1 + g % 10],
              (array['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson'])[1 + (g / 10) % 10] || ' ' || g,
              'customer' || g || '@example.com',
              '+46 70 ' || lpad(g::text, 7, '0')
         from generate_series(1, $2::int) g`,
      [companyId, CUSTOMERS],
    );
    await db.exec('analyze customers');
  });
  try {
    const url = `${server.baseUrl}/api/customers?Take=25&OrderBy=Lastname`;
    const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const check = await fetch(url, { headers });
    const body = (await check.json()) as { Total: number; Results: unknown[] };
    if (!check.ok || body.Results.length !== 25 || body.Total < CUSTOMERS) throw new Error(`unexpected answer: ${check.status} Total=${body.Total}`);
    await loadTest(() => fetch(url, { headers }), { total: 1000, concurrency: 32 }); // warm-up
    const result = await loadTest(() => fetch(url, { headers }), { total: 10000, concurrency: 32 });
    const where = process.env.DATABASE_URL ? `PostgreSQL, ${process.env.BENCH_WORKERS ?? '2'} processes` : 'PGlite, 1 process';
    return { name: `GET /api/customers?Take=25&OrderBy=Lastname (100k customers, 32 connections, ${where})`, ...result };
  } finally {
    await server.stop();
  }
}
