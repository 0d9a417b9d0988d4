import { startBenchServer } from './server';
import { loadTest, viaFetch } from './stats';

/** Requests in flight at once (PRICING_BENCH_CONCURRENCY; default 1, so p95 is one request's latency). */
const CONCURRENCY = Number(process.env.PRICING_BENCH_CONCURRENCY ?? 1);

interface Prepared {
  serviceId: number;
  codeIds: number[];
}

/**
 * Price calculation and code lookup over HTTP on loopback against the real server process:
 * `PUT /api/services/{id}/calculateprice` for a massage with a 20 % code and a value card, and
 * `GET /api/rebatecodes/getbysign` for the percent code, each 3000 requests (one at a time unless
 * PRICING_BENCH_CONCURRENCY says otherwise) after a warm-up. Target: p95 under 5 ms each.
 * @example
 * for (const r of await runPricingBench()) console.log(r.name, r.p95);
 */
export async function runPricingBench(): Promise<{ name: string; p50: number; p95: number; unit: 'ms' }[]> {
  const prepared: Prepared = { serviceId: 0, codeIds: [] };
  const server = await startBenchServer(async (db, companyId) => {
    const service = await db.one<{ id: number }>("select id from services where company_id = $1 and name like 'Massage%'", [companyId]);
    prepared.serviceId = service!.id;
    for (const [sign, typeId, value, amount] of [
      ['BENCH20', 1, 2000, null],
      ['BENCHCARD', 4, 50000, 50000],
    ] as const) {
      const row = await db.one<{ id: number }>(
        `insert into rebate_codes (company_id, sign, type_id, value_hundredths, max_uses_per_customer, remaining_amount_minor)
         values ($1, $2, $3, $4, 9999, $5) returning id`,
        [companyId, sign, typeId, value, amount],
      );
      prepared.codeIds.push(row!.id);
    }
  });
  try {
    const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' };
    const priceUrl = `${server.baseUrl}/api/services/${prepared.serviceId}/calculateprice`;
    const body = JSON.stringify({ Interval: { From: '2030-06-03T10:00:00' }, RebateCodeIds: prepared.codeIds });
    const signUrl = `${server.baseUrl}/api/rebatecodes/getbysign?RebateCodeSign=bench20&Date=2030-06-03T10:00:00&ServiceId=${prepared.serviceId}`;
    const calculate = viaFetch(priceUrl, { method: 'PUT', headers, body });
    const lookup = viaFetch(signUrl, { headers });

    const check = (await (await fetch(priceUrl, { method: 'PUT', headers, body })).json()) as { TotalPrice?: number };
    if (check.TotalPrice !== 56) throw new Error(`unexpected calculateprice answer: ${JSON.stringify(check)}`);
    const found = await fetch(signUrl, { headers });
    if (!found.ok) throw new Error(`unexpected getbysign answer: ${found.status} ${await found.text()}`);

    const results: { name: string; p50: number; p95: number; unit: 'ms' }[] = [];
    for (const [name, send] of [
      [`PUT /api/services/{id}/calculateprice (two codes, ${CONCURRENCY} connections)`, calculate],
      [`GET /api/rebatecodes/getbysign (${CONCURRENCY} connections)`, lookup],
    ] as const) {
      await loadTest(send, { total: 500, concurrency: CONCURRENCY });
      const r = await loadTest(send, { total: 3000, concurrency: CONCURRENCY });
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} failed requests`);
      results.push({ name, p50: r.p50, p95: r.p95, unit: 'ms' });
    }
    return results;
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('bench/pricing.ts')) {
  for (const r of await runPricingBench()) console.log(`${r.name}: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`);
}
