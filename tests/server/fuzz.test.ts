/**
 * Schema-driven fuzz test: every route the server registers gets, in each path parameter, query
 * parameter and body field (one at a time, the rest of the request valid), each of a fixed set of
 * bad values and one seeded random one; wrong-type elements in every array field; repeated query
 * parameters (arrays where one value is expected); and JSON bodies on the routes that declare no
 * body schema (a handler that reads one anyway must not trust it). No answer may be a 5xx, every
 * error answer of the API carries ResponseStatus, no rejected request may commit a write, and a
 * request with several bad fields lists every field that each of them alone is refused for. New
 * routes are covered without a test of their own.
 *
 * Every run draws other random values; a failure prints the seed (FUZZ_SEED=<seed> draws the same
 * ones again) and each failing request in full.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { fitsType, propertiesOf, sample, type JsonSchema } from './fuzz/schema';
import { generator, randomValue, runSeed } from './fuzz/random';
import { arrayFields, BAD_VALUES, CHECKED_AFTER_THE_SCHEMA, bodyFields, ELEMENT_VALUES, pathName, targetsOf, withValue, type BadValue, type FieldPath, type Target } from './fuzz/targets';

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
  /** A list is sent as a repeated parameter. */
  query?: Record<string, string | string[]>;
  json?: unknown;
  form?: Record<string, string>;
}

function queryString(request: Sent): string {
  if (!request.query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) for (const one of [value].flat()) params.append(name, one);
  return `?${params.toString()}`;
}

/** The request in full, to reproduce a finding (long values shortened). */
function described(request: Sent): string {
  const shorten = (text: string) => text.replace(/x{200,}/g, (m) => `x×${m.length}`);
  const body = request.json !== undefined ? ` body ${shorten(JSON.stringify(request.json))}` : request.form ? ` form ${shorten(new URLSearchParams(request.form).toString())}` : '';
  return `${request.method} ${shorten(request.url + queryString(request))}${body}`;
}

/** Sends a request; after a 401 (an accepted logout ended the session) it signs in again, calls `beforeRetry`, and resends. */
async function send(request: Sent, beforeRetry?: () => Promise<void>): Promise<LightMyRequestResponse> {
  const qs = queryString(request);
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
  // The record's values where the input takes the same shape (a list answers Roles as objects, an update takes ids).
  const copied = Object.fromEntries(Object.entries(record ?? {}).filter(([k, v]) => k in props && k !== 'Id' && v !== null && fitsType(props[k], v)));
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
  // The embedded providers (server/sandboxes: /eaccounting-sandbox, /locks-sandbox, …) answer in their provider's own wire format (XML, JSON of their own); only a 5xx is theirs to avoid.
  if (/^\/[a-z]+-sandbox(\/|$)/.test(target.url)) return undefined;
  // The provider's own answer for a path under the realm that it does not know.
  if (identity && res.statusCode === 404 && type.startsWith('text/plain')) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `error answer is not JSON (${type})`;
  }
  const error = (body as { error?: unknown }).error;
  if (identity && typeof error === 'string') return undefined;
  // The embedded payment providers answer in their own wire format (Stripe: { error: { type, message } }).
  if (identity && typeof (error as { message?: unknown } | null)?.message === 'string') return undefined;
  // The embedded Mailchimp answers as Mailchimp does (application/problem+json: type, title, status, detail).
  if (identity && typeof (body as { title?: unknown }).title === 'string' && typeof (body as { detail?: unknown }).detail === 'string') return undefined;
  const status = (body as { ResponseStatus?: { ErrorCode?: unknown; Message?: unknown; Errors?: unknown } }).ResponseStatus;
  if (!status || typeof status.ErrorCode !== 'string' || typeof status.Message !== 'string' || !Array.isArray(status.Errors)) {
    return `error answer without ResponseStatus: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

/** The fields a 400 answer names (none for other answers). */
function fieldsNamed(res: LightMyRequestResponse): string[] {
  if (res.statusCode !== 400) return [];
  try {
    const errors = (res.json() as { ResponseStatus?: { Errors?: { FieldName?: unknown }[] } }).ResponseStatus?.Errors ?? [];
    return errors.map((e) => e.FieldName).filter((f): f is string => typeof f === 'string' && f !== '');
  } catch {
    return [];
  }
}

/** An element value that is of the array's own element type is not wrong: left out. */
function wrongFor(items: JsonSchema | undefined, value: BadValue): boolean {
  const type = [items?.type].flat().find((t) => t !== 'null');
  if (typeof value.json === 'number' && Number.isInteger(value.json) && value.json > 0 && value.json < 2 ** 31) return type !== 'integer' && type !== 'number';
  if (typeof value.json === 'string') return type !== 'string';
  if (typeof value.json === 'boolean') return type !== 'boolean';
  return true;
}

/** A path parameter value as the URL carries it (a lone surrogate cannot be percent-encoded). */
function inPath(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('every route with bad input', () => {
  it('answers 4xx in the contract shape, never 5xx, writes nothing when it refuses, and names every bad field', async () => {
    const seed = runSeed();
    const next = generator(seed);
    console.log(`fuzz: seed ${seed} (FUZZ_SEED=${seed} draws the same random values again)`);
    // FUZZ_ROUTES=<regular expression> narrows the run to the routes ('METHOD /url/:Id') it matches.
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
    const targets = targetsOf(routes, `/realms/${server.config.realm}`, server.config.apiClientId).filter((t) => !only || only.test(`${t.method} ${t.url}`));
    // Mail queued by earlier (accepted) requests would otherwise be delivered, and committed, in the middle of later ones.
    await server.app.jobs.stop();
    const findings: Finding[] = [];
    let requests = 0;
    let serverErrors = 0;
    let xid = await nextXid();
    const check = async (target: Target, request: Sent, label: string): Promise<LightMyRequestResponse> => {
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
      for (const problem of problems) findings.push({ request: `${label}: ${described(request)}`, problem });
      return res;
    };

    /**
     * Fields spoiled one at a time, then together: the answer to all of them names every field the
     * single answers named (a refusal lists every failing field, not the first one found). A rule
     * that reads another spoiled field (a postal code by its country) cannot be judged when that
     * field is bad, so a field the answer leaves out is tried once more beside a field no rule
     * reads (CompanyId, refused by the schema), or where there is none beside two of the other
     * refused fields in turn: left out there too, it is a finding.
     */
    const spoilEach = async <K>(
      target: Target,
      keys: K[],
      spoil: { one: (key: K) => Sent; all: (keys: K[]) => { keys: K[]; request: Sent }; beside: (key: K, other: K | 'CompanyId') => Sent | undefined; label: (key: K) => string },
      compare: boolean,
    ) => {
      const refused = new Map<K, string[]>();
      for (const key of keys) {
        const fields = fieldsNamed(await check(target, spoil.one(key), spoil.label(key)));
        if (fields.length) refused.set(key, fields);
      }
      if (!compare || refused.size < 2) return;
      const { keys: used, request: all } = spoil.all([...refused.keys()]);
      // A field every answer names is refused in the base request itself, not for the spoiled field.
      const always = [...refused.values()].reduce((common, fields) => common.filter((f) => fields.includes(f)));
      const res = await check(target, all, `${used.map(spoil.label).join(' + ')}`);
      // All of them at once may be more than a body may be (413): nothing to compare.
      if (res.statusCode === 413) return;
      const unlisted = (own: string[], answer: LightMyRequestResponse) => {
        const named = fieldsNamed(answer);
        // 'Ids' and 'Ids[0]' name the same field: the base's empty list and the spoiled one.
        return own.filter((f) => !named.some((g) => g === f || g.startsWith(`${f}[`) || g.startsWith(`${f}.`) || f.startsWith(`${g}[`) || f.startsWith(`${g}.`)));
      };
      for (const key of used) {
        const own = (refused.get(key) ?? []).filter((f) => !always.includes(f));
        if (!unlisted(own, res).length) continue;
        const others = used.filter((k) => k !== key);
        const probes = [spoil.beside(key, 'CompanyId')].filter((r): r is Sent => !!r);
        if (!probes.length) probes.push(...[others[0], others.at(-1)].filter((k, i, list): k is K => k !== undefined && list.indexOf(k) === i).flatMap((k) => spoil.beside(key, k) ?? []));
        let last: { request: Sent; answer: LightMyRequestResponse; missing: string[] } | undefined = { request: all, answer: res, missing: unlisted(own, res) };
        for (const probe of probes) {
          const answer = await check(target, probe, `${spoil.label(key)} beside another`);
          const missing = answer.statusCode === 413 ? [] : unlisted(own, answer);
          last = missing.length ? { request: probe, answer, missing } : undefined;
          if (!last) break;
        }
        if (!last) continue;
        // Known gaps, each with its reason (CHECKED_AFTER_THE_SCHEMA): reported only for other fields.
        const known = CHECKED_AFTER_THE_SCHEMA[`${target.method} ${target.url}`]?.fields ?? [];
        last.missing = last.missing.filter((f) => !known.some((k) => f === k || f.startsWith(`${k}.`) || f.startsWith(`${k}[`)));
        if (!last.missing.length) continue;
        findings.push({
          request: `${spoil.label(key)} beside other bad fields: ${described(last.request)}`,
          problem: `${last.answer.statusCode} lists ${fieldsNamed(last.answer).join(', ') || 'no field'} but not ${last.missing.join(', ')}, refused when alone`,
        });
      }
    };

    /** Paths none of which lies inside another (spoiling an object and a field inside it at once conflicts). */
    const disjoint = (paths: FieldPath[]) => paths.filter((p, i) => !paths.some((q, j) => j !== i && q.length < p.length && q.every((k, n) => p[n] === k)));

    const spoilBody = async (target: Target, base: Sent, schema: JsonSchema, body: Record<string, unknown>, where: string) => {
      const fields = bodyFields(schema, body);
      const probe = 'CompanyId' in propertiesOf(schema);
      for (const bad of [...BAD_VALUES, randomValue(next)]) {
        // Every field listed at once is compared for the fixed values (a random one may meet a rule that reads the database).
        const compare = BAD_VALUES.includes(bad);
        await spoilEach(target, fields, {
          one: (path) => ({ ...base, json: withValue(body, path, bad.json) }),
          all: (paths) => {
            const used = disjoint(paths);
            return { keys: used, request: { ...base, json: used.reduce((b, path) => withValue(b, path, bad.json), body) } };
          },
          beside: (path, other) =>
            other === 'CompanyId'
              ? probe && path[0] !== 'CompanyId'
                ? { ...base, json: withValue(withValue(body, path, bad.json), ['CompanyId'], -1) }
                : undefined
              : disjoint([path, other]).length === 2
                ? { ...base, json: withValue(withValue(body, path, bad.json), other, bad.json) }
                : undefined,
          label: (path) => `${where} ${pathName(path)}=${bad.name}`,
        }, compare);
        await check(target, { ...base, json: bad.json }, `whole ${where}=${bad.name}`);
      }
      for (const { path, items } of arrayFields(schema, body)) {
        for (const element of [...ELEMENT_VALUES.filter((e) => wrongFor(items, e)), randomValue(next)]) {
          await check(target, { ...base, json: withValue(body, path, [element.json]) }, `${where} ${pathName(path)}[0]=${element.name}`);
        }
      }
    };

    for (const target of targets) {
      const { url, record } = await baseOf(target);
      const body = target.body ? baseBody(target, record) : undefined;
      const base: Sent = { method: target.method, url, json: body, form: target.form };
      for (const bad of [...BAD_VALUES, randomValue(next)]) {
        for (const name of target.params) {
          let spoiled = target.url;
          for (const other of target.params) spoiled = spoiled.replace(`:${other}`, other === name ? inPath(bad.text) : '\u0001');
          const real = url.split('/');
          const withBad = spoiled.split('/').map((part, i) => (part === '\u0001' ? real[i] : part)).join('/');
          await check(target, { ...base, url: withBad }, `path ${name}=${bad.name}`);
        }
        await spoilEach(target, target.query, {
          one: (name) => ({ ...base, query: { [name]: bad.text } }),
          all: (names) => ({ keys: names, request: { ...base, query: Object.fromEntries(names.map((name) => [name, bad.text])) } }),
          beside: (name, other) =>
            other === 'CompanyId'
              ? target.query.includes('CompanyId') && name !== 'CompanyId'
                ? { ...base, query: { [name]: bad.text, CompanyId: '-1' } }
                : undefined
              : { ...base, query: { [name]: bad.text, [other]: bad.text } },
          label: (name) => `query ${name}=${bad.name}`,
        }, BAD_VALUES.includes(bad));
        for (const name of Object.keys(target.form ?? {})) {
          await check(target, { ...base, form: { ...target.form, [name]: bad.text } }, `form ${name}=${bad.name}`);
        }
      }
      // A parameter given twice is an array: wrong for a single value, and a wrong second element for a list.
      for (const name of target.query) {
        const element = randomValue(next);
        await check(target, { ...base, query: { [name]: ['1', element.text] } }, `query ${name}=[1, ${element.name}]`);
      }
      if (target.body && body) await spoilBody(target, base, target.body, body, 'body');
      // A route without a body schema gets a JSON body anyway: its query's fields (a handler that merges the body into its input), then anything.
      if (!target.body && !target.form && target.url.startsWith('/api/') && METHODS_WITH_BODY.has(target.method)) {
        const schema = target.querySchema ?? { type: 'object', properties: {} };
        await spoilBody(target, base, schema, sample(schema) as Record<string, unknown>, 'unschematized body');
      }
    }
    console.log(`fuzz: ${targets.length} routes, ${requests} requests, ${serverErrors} answered 5xx, ${findings.length} findings`);
    const summary = findings.map((f) => `${f.request}\n  → ${f.problem}`);
    if (findings.length) {
      mkdirSync('.tmp', { recursive: true });
      writeFileSync('.tmp/fuzz-findings.txt', `FUZZ_SEED=${seed}\n\n${summary.join('\n\n')}\n`);
    }
    expect(summary.slice(0, 200), `${findings.length} findings (all in .tmp/fuzz-findings.txt); FUZZ_SEED=${seed} repeats this run's random values`).toEqual([]);
  }, 600_000);
});
