import { keepAliveClient, loadTest, type LatencyResult } from './stats';
import { BENCH_WORKERS, startBenchServer } from './server';

const CUSTOMERS = 100_000;
const PATH = '/api/customers?Take=25&OrderBy=Lastname';

export interface CustomerListResult extends LatencyResult {
  name: string;
  /** The row the target applies to. */
  target: boolean;
}

/**
 * `GET /api/customers?Take=25&OrderBy=Lastname` with 100,000 customers at 32 concurrent
 * connections on loopback (target: p95 under 10 ms), measured three ways: as configured (answers
 * kept while the customers are unchanged), while another client edits a customer ten times a
 * second (each edit makes the next read load afresh), and with RESPONSE_CACHE=off (every read
 * queries the database).
 */
export async function benchCustomerList(): Promise<CustomerListResult[]> {
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
  const where = process.env.DATABASE_URL ? `PostgreSQL, ${BENCH_WORKERS} process(es)` : 'PGlite, 1 process';
  const headers = { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
  const results: CustomerListResult[] = [];
  const measure = async (how: string, target: boolean, alongside?: () => Promise<void>): Promise<void> => {
    const check = await fetch(`${server.baseUrl}${PATH}`, { headers });
    const body = (await check.json()) as { Total: number; Results: { Id: number; Firstname: string; Lastname: string }[] };
    if (!check.ok || body.Results.length !== 25 || body.Total < CUSTOMERS) throw new Error(`unexpected answer: ${check.status} Total=${body.Total}`);
    const client = keepAliveClient(server.baseUrl, 32);
    const send = client.get(PATH, headers);
    await loadTest(send, { total: 2000, concurrency: 32 }); // warm-up
    let running = true;
    const side = alongside ? (async () => { while (running) await alongside(); })() : Promise.resolve();
    const result = await loadTest(send, { total: 20000, concurrency: 32 });
    running = false;
    await side;
    await client.close();
    results.push({ name: `GET ${PATH} (100k customers, 32 connections, ${where}, ${how})`, target, ...result });
  };
  try {
    await measure('answers kept while unchanged', true);
    const first = ((await (await fetch(`${server.baseUrl}${PATH}`, { headers })).json()) as { Results: { Id: number; Firstname: string; Lastname: string }[] }).Results[0];
    let edits = 0;
    await measure('a customer edited 10 times a second', false, async () => {
      const res = await fetch(`${server.baseUrl}/api/customers/${first.Id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ Firstname: `${first.Firstname}${edits++ % 2 ? '' : ' '}`.trim(), Lastname: first.Lastname }),
      });
      if (!res.ok) throw new Error(`edit failed: ${res.status} ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 100));
    });
    await server.restart({ RESPONSE_CACHE: 'off' });
    await measure('RESPONSE_CACHE=off', false);
    return results;
  } finally {
    await server.stop();
  }
}
