/**
 * Input validation set-up: what every request must satisfy before a handler (and the database)
 * sees it, and the framework's own refusals in the contract's ResponseStatus shape.
 *
 * - Bodies are validated strictly: JSON types are what the contract says (`Price: null` is not 0,
 *   `Duration: true` is not 1). Query strings and path parameters arrive as text and are coerced.
 * - Integers fit PostgreSQL's int4 unless the contract bounds them more tightly; id-like numbers
 *   (`…Id`, `…Ids`, Skip, Take, Offset) are integers.
 * - Calendar dates are real dates (`2026-02-30` is refused), times real times.
 * - No string carries NUL or other control characters; bodies keep tab, line feed and carriage
 *   return for multi-line texts. Unpaired surrogates (not encodable as UTF-8) are refused too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AjvCompiler, type Ajv, type RouteDefinition, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { addEarlyFieldError, responseStatus, throwEarlyFieldErrors } from './shared/errors';
import { messageFor, requestLanguage, type Lang } from './shared/messages';

import { INT4_MAX } from './shared/constants';
export { INT4_MAX };
export const INT4_MIN = -2147483648;

type Schema = Record<string, unknown>;

const ID_LIKE = /(^|[a-z])Ids?$|^(Skip|Take|Offset)$/;
const DATE_PATTERN = /^\^\(?\\d\{4\}-\\d\{2\}-\\d\{2\}/;

/**
 * The contract as requests are validated against it: int4 bounds on every number without tighter
 * ones, id-like numbers as integers, and the calendar check on date patterns. The generated file
 * stays as the types say; this is the storage's view of it.
 */
export function withStorageLimits<T>(schema: T): T {
  const visit = (node: unknown, name?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => visit(n, name));
    if (!node || typeof node !== 'object') return node;
    const s: Schema = {};
    for (const [key, value] of Object.entries(node as Schema)) {
      if (key === 'properties' && value && typeof value === 'object') {
        s.properties = Object.fromEntries(Object.entries(value as Schema).map(([prop, sub]) => [prop, visit(sub, prop)]));
      } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
        s[key] = visit(value, name);
      } else if (key === 'definitions' && value && typeof value === 'object') {
        s.definitions = Object.fromEntries(Object.entries(value as Schema).map(([def, sub]) => [def, visit(sub)]));
      } else {
        s[key] = value;
      }
    }
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type];
    if (types.includes('number') && name && ID_LIKE.test(name)) {
      s.type = Array.isArray(s.type) ? types.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
    }
    if (types.includes('number') || types.includes('integer')) {
      s.maximum = Math.min(typeof s.maximum === 'number' ? s.maximum : INT4_MAX, INT4_MAX);
      s.minimum = Math.max(typeof s.minimum === 'number' ? s.minimum : INT4_MIN, INT4_MIN);
    }
    if (types.includes('string') && typeof s.pattern === 'string' && DATE_PATTERN.test(s.pattern) && !s.format) s.format = 'calendar-date';
    return s;
  };
  return visit(schema) as T;
}

/** A yyyy-MM-dd prefix names a real day and, when a time follows, a real time of day. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  // Not shaped like a date at all: the field's pattern says so, once.
  if (!m) return true;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60);
}

// strictTypes off: `Integer | null` fields carry their bounds beside the anyOf, which is valid JSON
// Schema (bounds apply to numbers only) but which ajv's strict mode would log on every start.
const AJV_OPTIONS = { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true, strictTypes: false } as const;

type ExternalSchemas = Parameters<ReturnType<typeof AjvCompiler>>[0];
type AjvServerOptions = NonNullable<Parameters<ReturnType<typeof AjvCompiler>>[1]>;
/** What Fastify actually hands a validator compiler (the published type says a bare schema). */
type RouteCompile = (route: RouteDefinition) => unknown;

type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown[] | null; schemaEnv?: unknown; schema?: unknown };

/** Where a value holds a number that is not finite (Infinity, -Infinity, NaN), as ajv instance paths. */
function nonFinitePaths(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) found.push(path);
  } else if (value && typeof value === 'object' && depth < 32) {
    for (const [key, item] of Object.entries(value)) nonFinitePaths(item, `${path}/${key}`, found, depth + 1);
  }
  return found;
}

/**
 * A validator compiled on its first use that also refuses numbers that are not finite: ajv coerces
 * the text 'Infinity' (or '1e400') to a number and then skips the numeric bounds of a value that is
 * not finite, and JSON reads 1e400 as Infinity; neither is a number any column holds.
 *
 * Compiled on first use (`lazy`), as the answers' serialisers are: compiling every route's schemas
 * took about 8 s of each start (and of every test file's server), mostly for routes never called.
 * tests/server/routeSchemas.test.ts compiles them all, so a schema that does not compile fails a test.
 */
function refusingNonFinite(compile: () => Validate, lazy: boolean): Validate {
  let validate: Validate | undefined = lazy ? undefined : compile();
  const wrapped: Validate = function (this: unknown, data, context) {
    validate ??= compile();
    const valid = validate.call(this, data, context);
    const bad = nonFinitePaths(data);
    wrapped.errors = bad.length
      ? [...(validate.errors ?? []), ...bad.map((instancePath) => ({ instancePath, keyword: 'type', params: { type: 'number' }, message: 'must be a finite number' }))]
      : validate.errors;
    return valid && !bad.length;
  };
  // Fastify hands ajv's validators the parent of the value when schemaEnv says it is one (every
  // validator here is ajv's, so always), which lets coercion replace a root value.
  wrapped.schemaEnv = true;
  return wrapped;
}

/**
 * Validators per request part: bodies on an ajv without type coercion, everything else (query,
 * params, headers: always text) on one that coerces; neither lets a number that is not finite through.
 */
export function buildValidator(lazy = true): ValidatorFactory {
  const pool = AjvCompiler();
  const build = (externalSchemas: ExternalSchemas, ajvOptions: AjvServerOptions = {}) => {
    const onCreate = (ajv: Ajv) => {
      ajv.addFormat('calendar-date', isCalendarDate);
    };
    const options = (coerceTypes: false | 'array') => ({ ...ajvOptions, mode: undefined, customOptions: { ...AJV_OPTIONS, coerceTypes }, onCreate });
    const coercing = pool(externalSchemas, options('array')) as unknown as RouteCompile;
    const strict = pool(externalSchemas, options(false)) as unknown as RouteCompile;
    return (route: RouteDefinition) => refusingNonFinite(() => (route.httpPart === 'body' ? strict(route) : coercing(route)) as Validate, lazy);
  };
  return build as unknown as ValidatorFactory;
}

/**
 * Answer serialisers compiled on their first use unless `lazy` is false: building fast-json-stringify's
 * code for every route's answers took about 8 s of each start (see refusingNonFinite).
 */
export function buildSerializer(lazy = true): SerializerFactory {
  const selector = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = selector(externalSchemas, serializerOpts);
    return (route) => {
      if (!lazy) return compile(route);
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
}
type SerializerFactory = ReturnType<typeof SerializerSelector>;

// Control characters (Unicode Cc: C0, DEL and C1). Bodies keep tab, LF and CR for multi-line
// texts; path and query parameters are single lines, so they are refused there too.
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;
const CONTROL_IN_LINE = /\p{Cc}/u;

/** False for strings with an unpaired surrogate (they cannot be stored as UTF-8). */
function isWellFormed(value: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** Every field (wire path) whose string value (or property name) carries a refused character. */
function badStringFields(value: unknown, refused: RegExp, path: string, found: string[], depth = 0): string[] {
  if (typeof value === 'string') {
    if (refused.test(value) || !isWellFormed(value)) found.push(path || 'body');
    return found;
  }
  if (!value || typeof value !== 'object' || depth > 32) return found;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) badStringFields(value[i], refused, `${path}[${i}]`, found, depth + 1);
    return found;
  }
  for (const [key, item] of Object.entries(value)) {
    if (refused.test(key) || !isWellFormed(key)) found.push(path || key);
    else badStringFields(item, refused, path ? `${path}.${key}` : key, found, depth + 1);
  }
  return found;
}

/**
 * Control characters in path parameters, query parameters and bodies: each field that carries one
 * is refused by name, together with what the route's schema refuses (server/shared/errors.ts).
 */
async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  const fields = [
    ...badStringFields(request.params, CONTROL_IN_LINE, '', []),
    ...badStringFields(request.query, CONTROL_IN_LINE, '', []),
    ...badStringFields(request.body, CONTROL_IN_TEXT, '', []),
  ];
  for (const field of fields) addEarlyFieldError(request, field, 'ControlCharacters');
}

/** The framework's refusals before a route runs (an over-long path parameter, a malformed URL). */
function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLanguage(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(responseStatus('UriTooLong', messageFor(lang, 'UriTooLong', { limit: MAX_PARAM_LENGTH })));
    return;
  }
  void reply.status(400).send(responseStatus('BadUrl', messageFor(lang, 'BadUrl', {})));
}

/**
 * Refusals the HTTP parser makes before there is a request (oversized headers, broken requests):
 * answered in the ResponseStatus shape, in the default language as no header could be read.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const lang: Lang = 'sv';
  const [status, key] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'HeadersTooLarge'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'RequestTimeout'] : [400, 'BadRequest'];
  const body = JSON.stringify(responseStatus(key, messageFor(lang, key, {})));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The longest path parameter the router takes (longer answers 414). */
export const MAX_PARAM_LENGTH = 100;

/** Fastify options for the above: spread into Fastify({ ... }). */
export const validationOptions = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  ajv: { customOptions: AJV_OPTIONS },
  schemaController: { compilersFactory: { buildValidator: buildValidator(), buildSerializer: buildSerializer() } },
  // Answers are serialised with their own ajv (for anyOf): it must know the format too.
  serializerOpts: { ajv: { formats: { 'calendar-date': isCalendarDate }, strictTypes: false } },
  frameworkErrors,
  clientErrorHandler,
} satisfies FastifyServerOptions;

/**
 * The checks that run on every request before its schema (control characters), and the answer
 * with what they found when the schema accepts the request, before any other preHandler.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', refuseControlCharacters);
  app.addHook('preHandler', throwEarlyFieldErrors);
}
