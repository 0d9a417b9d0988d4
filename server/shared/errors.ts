import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseError, ResponseStatus } from '../../schema/common';
import { messageFor, type ServerMessageKey, type Lang, requestLanguage } from './messages';
import { datePatternKey, oneErrorPerField } from '../serviceStack/validation';

/** A catalogue key: a core one, or one an area added with extendMessages. */
export type MessageKey = ServerMessageKey | (string & {});

/**
 * An error a route throws on purpose; the error handler turns it into a ResponseStatus body.
 * @example
 * throw ApiError.field(400, 'Name', 'NotEmpty');           // translated message for the field
 * throw new ApiError(404, 'NotFound', 'Service 12 was not found');
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    readonly errors: ResponseError[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** One field error with a message from the server catalogue (translated per request later). */
  static field(status: number, fieldName: string, key: MessageKey, params: Record<string, string | number> = {}): ApiError {
    const err = new ApiError(status, key, '', [{ ErrorCode: key, FieldName: fieldName, Message: '' }]);
    err.messageKey = { key, params: { field: fieldName, ...params } };
    return err;
  }

  static notFound(what: string, id?: string | number): ApiError {
    const err = new ApiError(404, 'NotFound', '');
    err.messageKey = { key: 'NotFound', params: { what, id: id ?? '' } };
    return err;
  }

  static forbidden(message = ''): ApiError {
    const err = new ApiError(403, 'Forbidden', message);
    if (!message) err.messageKey = { key: 'Forbidden', params: {} };
    return err;
  }

  static unauthorized(): ApiError {
    const err = new ApiError(401, 'Unauthorized', '');
    err.messageKey = { key: 'Unauthorized', params: {} };
    return err;
  }

  static conflict(fieldName: string, key: MessageKey, params: Record<string, string | number> = {}): ApiError {
    return ApiError.field(409, fieldName, key, params);
  }

  /** Set when the message should be rendered in the caller's language. */
  messageKey?: { key: MessageKey; params: Record<string, string | number> };
  /** Several field errors collected by ValidationErrors. */
  pending?: { field: string; key: MessageKey; params: Record<string, string | number> }[];
}

/**
 * Several field errors at once (all problems of a body, not just the first); the one collector of
 * the server. As ServiceStack answers (CONTRACT.md), the top-level ErrorCode and Message are the
 * first error's, and Errors lists them all, each in the caller's language.
 * @example
 * const errors = new ValidationErrors();
 * if (!body.Email.trim()) errors.add('Email', 'NotEmpty');
 * errors.throwIfAny(); // 400 { ResponseStatus: { ErrorCode: 'NotEmpty', Message: "'Email' must not be empty.", Errors: [...] } }
 */
export class ValidationErrors {
  private readonly list: { field: string; key: MessageKey; params: Record<string, string | number> }[] = [];
  add(field: string, key: MessageKey, params: Record<string, string | number> = {}): this {
    this.list.push({ field, key, params: { field, ...params } });
    return this;
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  /** Hands each error to an early check's refuse (checkFieldsEarly), for rules written once for both. */
  refuseEach(refuse: RefuseField): void {
    for (const { field, key, params } of this.list) refuse(field, key, params);
  }
  /** Throws a 400 naming every field when any error was added. */
  throwIfAny(status = 400): void {
    if (this.empty) return;
    const first = this.list[0];
    const err = new ApiError(status, first.key, '', []);
    err.pending = this.list;
    throw err;
  }
}

type PendingFieldError = NonNullable<ApiError['pending']>[number];

const earlyErrors = new WeakMap<FastifyRequest, PendingFieldError[]>();

/**
 * Records a field error found before the route's schema runs (a control character, an unknown
 * `Fields` name). It is answered together with the schema's own errors when the schema refuses
 * too, else on its own before the handler (throwEarlyFieldErrors): a request with several bad
 * fields hears of all of them at once, whichever check finds each.
 */
export function addEarlyFieldError(request: FastifyRequest, field: string, key: MessageKey, params: Record<string, string | number> = {}): void {
  const list = earlyErrors.get(request) ?? [];
  if (!list.some((e) => e.field === field)) list.push({ field, key, params: { field, ...params } });
  earlyErrors.set(request, list);
}

/** Records one refused field of a request (see checkFieldsEarly). */
export type RefuseField = (field: string, key: MessageKey, params?: Record<string, string | number>) => void;

/**
 * A route's own field rules (a realm name, a field this call requires that its shared schema leaves
 * optional, a service that must exist), as a preValidation hook: they run before the schema, so a
 * request hears of their fields together with the schema's own, and the handler does not run.
 * They see the input as sent (query and params as text, the body as parsed): a value of another
 * type than the schema's is the schema's to refuse, not theirs (server/shared/sentInput.ts reads
 * a sent value only where it has the schema's type). A rule may read the database
 * (`request.server.db`, the caller in `request.ctx`): it runs outside the write's transaction, so
 * the handler keeps its own check there, and this one only makes the refusal complete.
 * @example
 * app.post('/x', { preValidation: checkFieldsEarly((request, refuse) => { if (!(request.body as X)?.Receiver?.trim()) refuse('Receiver', 'ReceiverRequired'); }) }, handler)
 */
export function checkFieldsEarly(check: (request: FastifyRequest, refuse: RefuseField) => void | Promise<void>): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await check(request, (field, key, params = {}) => addEarlyFieldError(request, field, key, params));
  };
}

const SCHEMA_PARTS = [
  ['params', (r: FastifyRequest) => r.params],
  ['querystring', (r: FastifyRequest) => r.query],
  ['body', (r: FastifyRequest) => r.body],
] as const;

/** Whether the route's schema would refuse the request as sent (its validators run on copies, which they may change). */
function refusedBySchema(request: FastifyRequest): boolean {
  return SCHEMA_PARTS.some(([part, value]) => {
    const validate = request.getValidationFunction(part);
    return !!validate && !validate(structuredClone(value(request)) as Record<string, unknown>);
  });
}

/**
 * Like checkFieldsEarly, for rules that read the database with the typed body (an unknown service,
 * no price valid then, a wrong current password): they run before the schema only when the request
 * is refused anyway (by its schema or an earlier check), so that the refusal names their fields too.
 * A request the schema accepts goes on to its handler, which runs the same rule inside its
 * transaction, without a second read on the hot path. The check gets the body as sent: it must
 * read it with server/shared/sentInput.ts, and may hand a thrown field error to refuseThrown.
 * @example
 * app.post('/prices', { preValidation: checkFieldsWhenRefused(async (request, refuse) => { if (!(await serviceExists(sentId(...)))) refuse('ServiceId', 'NotFound'); }) }, handler)
 */
export function checkFieldsWhenRefused(check: (request: FastifyRequest, refuse: RefuseField) => Promise<void>): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!earlyErrors.get(request)?.length && !refusedBySchema(request)) return;
    await check(request, (field, key, params = {}) => addEarlyFieldError(request, field, key, params));
  };
}

/**
 * The field errors a rule threw (ApiError.field or ValidationErrors), each handed to refuse when
 * `fields` accepts its name. Another answer (a 404, a 409) is the handler's to give, if the request
 * ever reaches it, so it is dropped here; anything that is no ApiError is thrown on.
 * @example
 * try { await priceOf(body); } catch (err) { refuseThrown(err, refuse, (f) => f.startsWith('Quantities')); }
 */
export function refuseThrown(err: unknown, refuse: RefuseField, fields: (field: string) => boolean = () => true): void {
  if (!(err instanceof ApiError)) throw err;
  if (err.statusCode !== 400) return;
  const list = err.pending ?? (err.messageKey && err.errors[0]?.FieldName ? [{ field: err.errors[0].FieldName, key: err.messageKey.key, params: err.messageKey.params }] : []);
  for (const { field, key, params } of list) if (fields(field)) refuse(field, key, params);
}

/** preHandler: the early field errors of a request its schema accepted, as one 400. */
export async function throwEarlyFieldErrors(request: FastifyRequest): Promise<void> {
  const list = earlyErrors.get(request);
  if (!list?.length) return;
  const err = new ApiError(400, list[0].key, '', []);
  err.pending = list;
  throw err;
}

export function responseStatus(errorCode: string, message: string, errors: ResponseError[] = []): { ResponseStatus: ResponseStatus } {
  return { ResponseStatus: { ErrorCode: errorCode, Message: message, Errors: errors } };
}

interface AjvError {
  instancePath?: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const AJV_CODES: Record<string, ServerMessageKey> = {
  required: 'NotEmpty',
  minLength: 'Length',
  maxLength: 'MaxLength',
  minimum: 'GreaterThanOrEqual',
  exclusiveMinimum: 'GreaterThan',
  maximum: 'LessThanOrEqual',
  exclusiveMaximum: 'LessThan',
  type: 'InvalidType',
  pattern: 'InvalidFormat',
  format: 'InvalidFormat',
  enum: 'InvalidValue',
  const: 'InvalidValue',
  anyOf: 'InvalidValue',
  oneOf: 'InvalidValue',
  minItems: 'NotEmpty',
  maxItems: 'TooMany',
  additionalProperties: 'Unknown',
};

/** The wire field name an ajv error is about: 'GroupBooking.Max', 'Values[0].Value', 'Name'. */
function fieldOf(e: AjvError): string {
  const path = (e.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
    return path ? `${path}.${e.params.missingProperty}` : e.params.missingProperty;
  }
  return path;
}

function ajvParams(e: AjvError): Record<string, string | number> {
  const p = e.params;
  const out: Record<string, string | number> = {};
  if (typeof p.limit === 'number') out.limit = p.limit;
  if (typeof p.format === 'string') out.format = p.format;
  if (typeof p.type === 'string') out.type = p.type;
  if (Array.isArray(p.allowedValues)) out.values = p.allowedValues.join(', ');
  return out;
}

/** A union's own failure (`T | null`: "must be null", "must match a schema in anyOf"), as opposed to what the value got wrong. */
const unionNoise = (e: AjvError) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || (e.keyword === 'type' && e.params.type === 'null');

/**
 * Leaves out a union's own failure where a field inside the same value says what is wrong: a body
 * `DeleteUser | null` with a bad ForceDelete names ForceDelete, not also the body.
 */
function withoutUnionNoise(errors: readonly AjvError[]): AjvError[] {
  return errors.filter((e) => !unionNoise(e) || !errors.some((o) => !unionNoise(o) && (o.instancePath ?? '').startsWith(`${e.instancePath ?? ''}/`)));
}

/** Fastify error handler writing every failure as a ResponseStatus body. */
export function errorHandler(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const lang: Lang = requestLanguage(request);
  if (error instanceof ApiError) {
    const errors: ResponseError[] = error.pending
      ? error.pending.map((p) => ({ ErrorCode: p.key, FieldName: p.field, Message: messageFor(lang, p.key, p.params) }))
      : error.errors.map((e) =>
          e.Message || !error.messageKey ? e : { ...e, Message: messageFor(lang, error.messageKey.key, error.messageKey.params) },
        );
    const message = error.message || (error.messageKey ? messageFor(lang, error.messageKey.key, error.messageKey.params) : errors[0]?.Message ?? '');
    const body = responseStatus(errors[0]?.ErrorCode ?? error.errorCode, message, errors);
    void reply.status(error.statusCode).send({ ...error.extra, ...body });
    return;
  }
  const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe.validation) {
    const errors: ResponseError[] = oneErrorPerField(withoutUnionNoise(fe.validation), (e) => fieldOf(e) || (fe.validationContext ?? 'body')).map((e) => {
      const key = e.keyword === 'format' && e.params.format === 'calendar-date' ? 'InvalidDate' : (AJV_CODES[e.keyword] ?? 'InvalidValue');
      const field = fieldOf(e) || (fe.validationContext ?? 'body');
      const text = (e.keyword === 'pattern' && datePatternKey(e.params.pattern)) || key;
      return { ErrorCode: key, FieldName: field, Message: messageFor(lang, text, { field, ...ajvParams(e) }) };
    });
    // What the checks before the schema found, for the fields the schema did not name.
    for (const p of earlyErrors.get(request) ?? []) {
      if (!errors.some((e) => e.FieldName === p.field)) errors.push({ ErrorCode: p.key, FieldName: p.field, Message: messageFor(lang, p.key, p.params) });
    }
    void reply.status(400).send(responseStatus(errors[0].ErrorCode, errors[0].Message, errors));
    return;
  }
  const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'unhandled error');
    void reply.status(500).send(responseStatus('InternalServerError', messageFor(lang, 'InternalError', {})));
    return;
  }
  // Fastify's own 4xx: bad JSON, body too large, unsupported media type…
  const key = FRAMEWORK_CODES[fe.code ?? ''] ?? 'BadRequest';
  const params = { field: 'body', limit: request.routeOptions.bodyLimit ?? '', type: String(request.headers['content-type'] ?? '').split(';')[0] };
  const message = messageFor(lang, key, params);
  const errors = key === 'InvalidJson' || key === 'PayloadTooLarge' ? [{ ErrorCode: key, FieldName: 'body', Message: message }] : [];
  void reply.status(status).send(responseStatus(key, message, errors));
}

/** Fastify's error codes for requests it refuses itself, as catalogue keys. */
const FRAMEWORK_CODES: Record<string, ServerMessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'InvalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'InvalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PayloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
};

/** 404 for unknown routes, in the same shape. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLanguage(request);
  void reply.status(404).send(responseStatus('NotFound', messageFor(lang, 'RouteNotFound', { url: request.url.split('?')[0] })));
}
