/**
 * One webhook delivery over HTTP (issue 31), safe against server-side request forgery: the address a
 * name resolves to is checked at connect time by request-filtering-agent (private, loopback,
 * link-local and metadata ranges refused; loopback only when WEBHOOKS_ALLOW_HTTP_LOOPBACK=true),
 * redirects are not followed (node's http does not follow them; a 3xx counts as a failure), the
 * response body is read up to a limit, and a receiver slower than the timeout fails.
 */
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export interface DeliveryResult {
  /** The HTTP status, or null when no answer came (refused address, timeout, network error). */
  status: number | null;
  durationMs: number;
  /** The first bytes of the answer, or the error. */
  excerpt: string;
}

/** How much of a receiver's answer is kept. */
const BODY_LIMIT = 2048;
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * The filtering agents, one per protocol and loopback rule, keeping connections alive: an endpoint
 * hears its messages back to back, and a new connection each (a TCP and maybe a TLS handshake) cost
 * more than the message. The address is checked when a connection is made, so a kept one was checked.
 */
const agents = new Map<string, http.Agent>();

function agentFor(url: string, allowLoopback: boolean): http.Agent {
  const secure = url.startsWith('https:');
  const key = `${secure}:${allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, ...(allowLoopback ? { allowIPAddressList: ['127.0.0.1', '::1'] } : {}) };
    agent = secure ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

export async function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<DeliveryResult> {
  const started = Date.now();
  const agent = agentFor(url, process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === 'true');
  const client = url.startsWith('https:') ? https : http;
  const once = () =>
    new Promise<DeliveryResult & { staleSocket?: boolean }>((resolve) => {
      const done = (status: number | null, excerpt: string, staleSocket = false) => resolve({ status, durationMs: Date.now() - started, excerpt: excerpt.slice(0, BODY_LIMIT), staleSocket });
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
      // A kept connection the receiver closed as it was reused: nothing reached the receiver.
      req.on('error', (err: NodeJS.ErrnoException) => done(null, err.message, req.reusedSocket && err.code === 'ECONNRESET'));
      req.end(body);
    });
  const first = await once();
  const result = first.staleSocket ? await once() : first;
  return { status: result.status, durationMs: result.durationMs, excerpt: result.excerpt };
}
