/**
 * Schema-driven fuzz test: every route the server registers gets, in each path parameter, query
 * parameter and body field (one at a time, the rest of the request valid), each of a fixed set of
 * bad values. No answer may be a 5xx, every error answer of the API carries ResponseStatus, and no
 * rejected request may commit a write. New routes are covered without a test of their own.
 */
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { propertiesOf, sample } from './fuzz/schema';
import { BAD_VALUES, bodyFields, pathName, targetsOf, withValue, type Target } from './fuzz/targets';

let server: TestServer;
const routes: RouteOptions[] = [];
let token = '';

beforeAll(async () => {
  server = await createTestServer({}, { onRoute: (route) => routes.push(route) });
  token = await server.login();
});
afterAll(async () => {
  await server?.close();
});

/** The next transaction id the database will hand out; it moves only when something writes. */
async function nextXid(): Promise<bigint> {
  const row = await server.db.one<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x');
  return BigInt(row!.x);
}

/** How many of the transactions in [from, to) committed. */
async function committedBetween(from: bigint, to: bigint): Promise<number> {
  const row = await server.db.one<{ n: number }>(
    `select count(*)::int as n from generate_series($1::bigint, $2::bigint - 1) g where pg_xact_status(g::text::xid8) = 'committed'`,
    [String(from), String(to)],
  );
  return row?.n ?? 0;
}

interface Sent {
  method: string;
  url: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
}

/** Sends a request; after a 401 (an accepted logout ended the session) it signs in again, calls `beforeRetry`, and resends. */
async function send(request: Sent, beforeRetry?: () => Promise<void>): Promise<LightMyRequestResponse> {
  const qs = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.json);
  }
  // The identity endpoints are called as a browser or an OAuth client would: without the API's token.
  const inject = () =>
    request.url.startsWith('/api/')
      ? server.api({ method: request.method as 'GET', url: request.url + qs, payload, headers, token })
      : server.app.inject({ method: request.method as 'GET', url: request.url + qs, payload, headers });
  const res = await inject();
  if (res.statusCode === 401 && request.url.startsWith('/api/')) {
    // A request that ended the session (an accepted logout): sign in again and carry on.
    token = await freshLogin();
    await beforeRetry?.();
    return inject();
  }
  return res;
}

async function freshLogin(): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/realms/${server.config.realm}/protocol/openid-connect/token`,
    payload: new URLSearchParams({ grant_type: 'password', client_id: server.config.apiClientId, username: 'demo@example.com', password: 'demo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return (res.json() as { access_token: string }).access_token;
}

function resultsOf(res: LightMyRequestResponse): Record<string, unknown>[] {
  if (res.statusCode !== 200 || !res.headers['content-type']?.toString().includes('json')) return [];
  const body = res.json() as unknown;
  const list = Array.isArray(body) ? body : (body as { Results?: unknown }).Results;
  return Array.isArray(list) ? list.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
}

const KNOWN_PARAMS: Record<string, string> = { uid: 'fuzz', lang: 'sv', Key: 'fuzz' };

/**
 * Real values for a route's path parameters (the last record of the list above each one, so that
 * writes reach the database), and the record the last one names, as the base of an update.
 */
async function baseOf(target: Target): Promise<{ url: string; record?: Record<string, unknown> }> {
  let url = target.url;
  let record: Record<string, unknown> | undefined;
  for (const name of target.params) {
    const above = url.slice(0, url.indexOf(`:${name}`) - 1);
    const list = resultsOf(await send({ method: 'GET', url: above }));
    record = list.at(-1);
    const fromList = record ? (record[name] ?? record.Id) : undefined;
    const me = name === 'companyId' ? String(((await send({ method: 'GET', url: '/api/users' })).json() as { CompanyId: number }).CompanyId) : undefined;
    const value = me ?? (fromList !== undefined ? String(fromList) : (KNOWN_PARAMS[name] ?? '1'));
    url = url.replace(`:${name}`, encodeURIComponent(value));
  }
  if (!target.params.length && target.method === 'POST') record = resultsOf(await send({ method: 'GET', url })).at(-1);
  return { url, record };
}

function baseBody(target: Target, record: Record<string, unknown> | undefined): Record<string, unknown> {
  const generated = sample(target.body) as Record<string, unknown>;
  const props = propertiesOf(target.body);
  const copied = Object.fromEntries(Object.entries(record ?? {}).filter(([k, v]) => k in props && k !== 'Id' && v !== null));
  const base = { ...generated, ...copied };
  // Arrays of objects get one element so that their fields are spoiled too.
  for (const [name, prop] of Object.entries(props)) {
    const items = sample(prop);
    if (Array.isArray(base[name]) && !(base[name] as unknown[]).length && Array.isArray(items)) {
      const one = sample({ ...prop, minItems: 1 });
      if (Array.isArray(one) && typeof one[0] === 'object') base[name] = one;
    }
  }
  return base;
}

interface Finding {
  request: string;
  problem: string;
}

function errorShapeProblem(target: Target, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode < 400) return undefined;
  const type = String(res.headers['content-type'] ?? '');
  const identity = !target.url.startsWith('/api/');
  if (identity && type.startsWith('text/html')) return undefined;
  // The provider's own answer for a path under the realm that it does not know.
  if (identity && res.statusCode === 404 && type.startsWith('text/plain')) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `error answer is not JSON (${type})`;
  }
  if (identity && typeof (body as { error?: unknown }).error === 'string') return undefined;
  const status = (body as { ResponseStatus?: { ErrorCode?: unknown; Message?: unknown; Errors?: unknown } }).ResponseStatus;
  if (!status || typeof status.ErrorCode !== 'string' || typeof status.Message !== 'string' || !Array.isArray(status.Errors)) {
    return `error answer without ResponseStatus: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

describe('every route with bad input', () => {
  it('answers 4xx in the contract shape, never 5xx, and writes nothing when it refuses', async () => {
    const targets = targetsOf(routes, `/realms/${server.config.realm}`, server.config.apiClientId);
    // Mail queued by earlier (accepted) requests would otherwise be delivered, and committed, in the middle of later ones.
    await server.app.jobs.stop();
    const findings: Finding[] = [];
    let requests = 0;
    let serverErrors = 0;
    let xid = await nextXid();
    const check = async (target: Target, request: Sent, label: string) => {
      // The new sign-in's own writes are not the refused request's.
      const res = await send(request, async () => {
        xid = await nextXid();
      });
      requests++;
      const after = await nextXid();
      const problems: string[] = [];
      if (res.statusCode >= 500) {
        serverErrors++;
        problems.push(`${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
      const shape = errorShapeProblem(target, res);
      if (shape) problems.push(shape);
      if (res.statusCode >= 400 && after > xid && !target.mayWriteWhenRejected && (await committedBetween(xid, after)) > 0) {
        problems.push(`${res.statusCode} but a write was committed`);
      }
      xid = after;
      for (const problem of problems) findings.push({ request: `${target.method} ${target.url} ${label}`, problem });
    };

    for (const target of targets) {
      const { url, record } = await baseOf(target);
      const body = target.body ? baseBody(target, record) : undefined;
      const base: Sent = { method: target.method, url, json: body, form: target.form };
      for (const bad of BAD_VALUES) {
        for (const name of target.params) {
          let spoiled = target.url;
          for (const other of target.params) spoiled = spoiled.replace(`:${other}`, other === name ? encodeURIComponent(bad.text) : '\u0001');
          const real = url.split('/');
          const withBad = spoiled.split('/').map((part, i) => (part === '\u0001' ? real[i] : part)).join('/');
          await check(target, { ...base, url: withBad }, `path ${name}=${bad.name}`);
        }
        for (const name of target.query) await check(target, { ...base, query: { [name]: bad.text } }, `query ${name}=${bad.name}`);
        if (body) {
          for (const path of bodyFields(target.body!, body)) {
            await check(target, { ...base, json: withValue(body, path, bad.json) }, `body ${pathName(path)}=${bad.name}`);
          }
          await check(target, { ...base, json: bad.json }, `whole body=${bad.name}`);
        }
        for (const name of Object.keys(target.form ?? {})) {
          await check(target, { ...base, form: { ...target.form, [name]: bad.text } }, `form ${name}=${bad.name}`);
        }
      }
    }
    console.log(`fuzz: ${targets.length} routes, ${requests} requests, ${serverErrors} answered 5xx, ${findings.length} findings`);
    const summary = findings.map((f) => `${f.request}: ${f.problem}`);
    expect(summary.slice(0, 200), `${findings.length} findings`).toEqual([]);
  }, 600_000);
});
