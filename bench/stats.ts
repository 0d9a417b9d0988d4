import { Pool } from 'undici';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What a browser (the admin) says it can decode; the server may answer kept answers compressed. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** Percentile of a sorted-or-not list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface LatencyResult {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** A request a load test sends: resolves with whether the answer was a success, its body read. */
export type Send = () => Promise<boolean>;

/** `send` for fetch: reads the body and reports res.ok. */
export function viaFetch(url: string, init: RequestInit = {}): Send {
  return async () => {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return res.ok;
  };
}

/**
 * Keep-alive connections to one origin through undici's Pool: far less client work per request
 * than fetch, so a load of thousands of requests a second measures the server, not the client
 * (both share this machine's cores). Like a browser, it accepts compressed answers and decodes
 * them (the decoding counts in the latency).
 * @example
 * const client = keepAliveClient(baseUrl, 32);
 * const r = await loadTest(client.get('/api/customers?Take=25', headers), { total: 10000, concurrency: 32 });
 * await client.close();
 */
export function keepAliveClient(origin: string, connections: number): { get(path: string, headers: Record<string, string>): Send; close(): Promise<void> } {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  return {
    get: (path, headers) => async () => {
      const res = await pool.request({ method: 'GET', path, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...headers } });
      const body = Buffer.from(await res.body.arrayBuffer());
      const coding = res.headers['content-encoding'];
      const plain = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
      return res.statusCode >= 200 && res.statusCode < 300 && plain.length > 0;
    },
    close: () => pool.close(),
  };
}

/**
 * Sends `total` requests with `concurrency` workers in flight and measures each one's latency.
 * Bounded in count and time; only loopback addresses are used by the callers.
 * @example
 * const r = await loadTest(viaFetch(url, { headers }), { total: 5000, concurrency: 32 });
 */
export async function loadTest(
  send: Send,
  { total, concurrency, maxSeconds = 60 }: { total: number; concurrency: number; maxSeconds?: number },
): Promise<LatencyResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const deadline = performance.now() + maxSeconds * 1000;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (issued < total && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      try {
        if (!(await send())) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
  };
}
