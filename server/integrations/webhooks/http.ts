/**
 * One webhook delivery over HTTP (issue 31), safe against server-side request forgery: the address a
 * name resolves to is checked at connect time by request-filtering-agent (private, loopback,
 * link-local and metadata ranges refused; loopback only when WEBHOOKS_ALLOW_HTTP_LOOPBACK=true),
 * redirects are not followed (node's http does not follow them; a 3xx counts as a failure), the
 * response body is read up to a limit, and a receiver slower than the timeout fails.
 */
import http from 'node:http';
import https from 'node:https';
import { useAgent as filteringAgent } from 'request-filtering-agent';

export interface DeliveryResult {
  /** The HTTP status, or null when no answer came (refused address, timeout, network error). */
  status: number | null;
  durationMs: number;
  /** The first bytes of the answer, or the error. */
  excerpt: string;
}

/** How much of a receiver's answer is kept. */
const BODY_LIMIT = 2048;
const TIMEOUT_MS = 15_000;

export async function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs = TIMEOUT_MS): Promise<DeliveryResult> {
  const started = Date.now();
  const allowLoopback = process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === 'true';
  const agent = filteringAgent(url, allowLoopback ? { allowIPAddressList: ['127.0.0.1', '::1'] } : {});
  const client = url.startsWith('https:') ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    const done = (status: number | null, excerpt: string) => resolve({ status, durationMs: Date.now() - started, excerpt: excerpt.slice(0, BODY_LIMIT) });
    const req = client.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < BODY_LIMIT) chunks.push(chunk);
        size += chunk.length;
        if (size >= BODY_LIMIT) res.destroy();
      });
      const finish = () => done(res.statusCode ?? null, Buffer.concat(chunks).toString('utf8'));
      res.on('end', finish);
      res.on('close', finish);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => done(null, err.message));
    req.end(body);
  });
}
