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

/**
 * Sends `total` requests with `concurrency` workers in flight and measures each one's latency.
 * Bounded in count and time; only loopback addresses are used by the callers.
 * @example
 * const r = await loadTest(() => fetch(url, { headers }), { total: 5000, concurrency: 32 });
 */
export async function loadTest(
  send: () => Promise<Response>,
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
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) errors++;
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
