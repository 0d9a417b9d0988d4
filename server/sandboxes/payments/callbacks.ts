/**
 * How Payson's and Billmate's test modes call the merchant back: a POST after the commit, retried
 * with growing pauses while the merchant does not answer 2xx, as the providers retry theirs.
 */
import type { FastifyInstance } from 'fastify';

/** POSTs `body` (none for Payson's notifications) to `url`; retried up to six times. */
export function callBack(app: FastifyInstance, url: string, body: string | null, label: string, attempt = 0): void {
  const run = async () => {
    let ok: boolean;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: body === null ? {} : { 'content-type': 'application/json; charset=utf-8' },
        body: body ?? undefined,
        signal: AbortSignal.timeout(10_000),
      });
      ok = res.ok;
    } catch {
      ok = false;
    }
    if (!ok && attempt < 6) setTimeout(() => callBack(app, url, body, label, attempt + 1), 500 * 2 ** attempt).unref();
  };
  setImmediate(() => {
    run().catch((err: unknown) => app.log.warn({ err, url }, `${label} sandbox: callback failed`));
  });
}
