/**
 * What the fuzz test sends: the fixed bad values, and for every registered route the fields it
 * takes (path parameters, query parameters, body fields one level into objects and arrays).
 */
import type { RouteOptions } from 'fastify';
import { arrayItems, isObject, objectItems, propertiesOf, type JsonSchema } from './schema';

export interface BadValue {
  name: string;
  /** As a JSON body field. */
  json: unknown;
  /** As a path or query parameter, or a form field. */
  text: string;
}

export const BAD_VALUES: BadValue[] = [
  { name: 'NUL', json: 'a\u0000b', text: 'a\u0000b' },
  { name: '2^31', json: 2 ** 31, text: String(2 ** 31) },
  { name: '-1', json: -1, text: '-1' },
  { name: '1.5', json: 1.5, text: '1.5' },
  { name: '1e20', json: 1e20, text: '1e20' },
  { name: 'empty', json: '', text: '' },
  { name: '100,000 characters', json: 'x'.repeat(100_000), text: 'x'.repeat(100_000) },
  { name: 'null', json: null, text: 'null' },
  { name: 'true', json: true, text: 'true' },
  { name: '[]', json: [], text: '[]' },
  { name: '{}', json: {}, text: '{}' },
  { name: 'impossible date', json: '2026-02-30', text: '2026-02-30' },
];

export type FieldPath = (string | number)[];

export interface Target {
  method: string;
  /** Route pattern, e.g. /api/services/:Id. */
  url: string;
  params: string[];
  query: string[];
  /** The query's schema, when the route has one. */
  querySchema?: JsonSchema;
  /** JSON body schema, when the route has one. */
  body?: JsonSchema;
  /** Form fields (application/x-www-form-urlencoded) for routes that read forms. */
  form?: Record<string, string>;
  /** Rejected requests may record something by design (failed sign-ins, throttled requests). */
  mayWriteWhenRejected?: boolean;
}

interface RouteSchema {
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
}

/** The identity pages read forms without a schema: the fields they read. */
const IDENTITY_FORM = { email: 'nobody@example.com', password: 'not-the-password', confirm: 'not-the-password', token: 'fuzz' };
const IDENTITY_QUERY = ['token', 'kc_locale', 'ui_locales'];

/**
 * Routes whose refusals are counted by design, so that guessing and flooding are throttled: the
 * forgot-password form and call, and a wrong current password on a password change.
 */
const COUNTS_REFUSALS = [/\/forgot-?password$/i, /^\/api\/users\/password$/];

/** Every method and URL the server registered, as fuzz targets (HEAD and catch-alls left out). */
export function targetsOf(routes: RouteOptions[], realmPath: string, apiClientId: string): Target[] {
  const targets: Target[] = [];
  for (const route of routes) {
    if (route.url.includes('*')) continue;
    const schema = (route.schema ?? {}) as RouteSchema;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const identityPage = route.url.startsWith(`${realmPath}/`);
      const query = Object.keys(propertiesOf(schema.querystring));
      const target: Target = { method, url: route.url, params, query: identityPage && !query.length ? IDENTITY_QUERY : query };
      if (COUNTS_REFUSALS.some((r) => r.test(route.url))) target.mayWriteWhenRejected = true;
      if (schema.querystring) target.querySchema = schema.querystring;
      if (schema.body) target.body = schema.body;
      else if (identityPage && method === 'POST') target.form = { ...IDENTITY_FORM, client_id: apiClientId };
      targets.push(target);
    }
  }
  // The provider's own endpoints sit behind one catch-all route: the token endpoint is named here.
  targets.push({
    method: 'POST',
    url: `${realmPath}/protocol/openid-connect/token`,
    params: [],
    query: [],
    form: { grant_type: 'password', client_id: apiClientId, username: 'nobody@example.com', password: 'not-the-password', refresh_token: 'fuzz' },
    mayWriteWhenRejected: true,
  });
  // The API first: throttling of failed sign-ins on the identity side must not end the API session.
  return [...targets.filter((t) => t.url.startsWith('/api/')), ...targets.filter((t) => !t.url.startsWith('/api/'))];
}

/** How deep into objects and arrays of objects the body fields are spoiled. */
const MAX_DEPTH = 3;

/**
 * Paths of the body fields to spoil: each property, and into objects and arrays of objects (the
 * first element, when the base has one) down to MAX_DEPTH levels.
 */
export function bodyFields(schema: JsonSchema, base: unknown, prefix: FieldPath = []): FieldPath[] {
  const paths: FieldPath[] = [];
  if (prefix.length >= MAX_DEPTH) return paths;
  const node = (base && typeof base === 'object' ? base : {}) as Record<string, unknown>;
  for (const [name, prop] of Object.entries(propertiesOf(schema))) {
    const path = [...prefix, name];
    paths.push(path);
    if (isObject(prop)) paths.push(...bodyFields(prop, node[name], path));
    const items = objectItems(prop);
    const list = node[name];
    if (items && Array.isArray(list) && list.length) paths.push(...bodyFields(items, list[0], [...path, 0]));
  }
  return paths;
}

/** Paths of the body's array fields (any depth bodyFields reaches), whose elements are spoiled. */
export function arrayFields(schema: JsonSchema, base: unknown, prefix: FieldPath = []): { path: FieldPath; items: JsonSchema | undefined }[] {
  const found: { path: FieldPath; items: JsonSchema | undefined }[] = [];
  if (prefix.length >= MAX_DEPTH) return found;
  const node = (base && typeof base === 'object' ? base : {}) as Record<string, unknown>;
  for (const [name, prop] of Object.entries(propertiesOf(schema))) {
    const path = [...prefix, name];
    const items = arrayItems(prop);
    if (items !== null) found.push({ path, items });
    if (isObject(prop)) found.push(...arrayFields(prop, node[name], path));
    const objects = objectItems(prop);
    const list = node[name];
    if (objects && Array.isArray(list) && list.length) found.push(...arrayFields(objects, list[0], [...path, 0]));
  }
  return found;
}

/**
 * Wrong-type array elements: fractions, strings, null and objects inside arrays of integers, and
 * whole numbers, booleans and arrays inside arrays of objects or strings.
 */
export const ELEMENT_VALUES: BadValue[] = [
  { name: '1.5', json: 1.5, text: '1.5' },
  { name: '2^31', json: 2 ** 31, text: String(2 ** 31) },
  { name: '"fuzz"', json: 'fuzz', text: 'fuzz' },
  { name: '1', json: 1, text: '1' },
  { name: 'null', json: null, text: 'null' },
  { name: '{}', json: {}, text: '{}' },
  { name: 'true', json: true, text: 'true' },
];

/** A copy of body with the value at path replaced (objects on the way are created). */
export function withValue(body: Record<string, unknown>, path: FieldPath, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[path.indexOf(key) + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

export function pathName(path: FieldPath): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[');
}

/**
 * Rules a route still checks only after its schema, so that a request whose other fields the
 * schema refuses does not hear of them (issue 29: every validation error lists every failing
 * field). Empty: a rule that needs no database runs before the schema (checkFieldsEarly, or a
 * declaration's hooks.checkInput), and one that reads the database (an unknown service, no price
 * valid then) runs there too when the request is refused anyway (checkFieldsWhenRefused in
 * server/shared/errors.ts). An entry here is a known gap, by route pattern and the field the rule
 * names, with its reason.
 */
export const CHECKED_AFTER_THE_SCHEMA: Record<string, { fields: string[]; why: string }> = {};
