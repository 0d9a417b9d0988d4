/**
 * The conventions of a ServiceStack service that its own clients (@servicestack/client's
 * JsonServiceClient) rely on, in one place for every /api route:
 *
 * - a JSON content type with no body (the client sends one on every DELETE and GET) is no body;
 * - every collection parameter takes a comma list (`Id=1,2`) as well as repeats (`Id=1&Id=2`) and,
 *   in JSON bodies, an array;
 * - every date and date-time field takes an instant (ISO 8601 with Z or an offset, `/Date(ms)/`, or a
 *   JavaScript Date's text as the client writes one into a query string), converted to the caller's
 *   company-local time before validation; answers keep the zone-less form;
 * - `Fields` on every list route answers only the named fields (any case, comma list, Id always kept);
 *   an unknown field answers 400 naming `Fields`.
 *
 * The route's own schema says which fields are dates and collections, so nothing is listed per route.
 * @example
 * await app.register(serviceStackConventions);   // before the routes
 * // GET /api/services?Id=1,2&Fields=name  →  { Offset: 0, Total: 2, Results: [{ Id: 1, Name: 'Yoga' }, …] }
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { addEarlyFieldError } from '../shared/errors';
import { listFieldsOf, selectFields } from './fields';
import { unknownSortNames } from '../autoquery/list';
import { projectPage, setFieldSelection, takeFieldSelection } from '../shared/fieldSelection';
import { registerValidationMessages } from './validation';
import { normalise, shapeOf, type SchemaNode, type Shape } from './shapes';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** A JSON content type with no body (JsonServiceClient sends one on DELETE) is a request without a body. */
async function emptyJsonBody(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'];
  if (!type || !JSON_TYPE.test(type) || request.headers['transfer-encoding'] !== undefined) return;
  const length = request.headers['content-length'];
  if (length === undefined || length === '0') delete request.headers['content-type'];
}

type Hook<A extends unknown[]> = (...args: A) => unknown;

function withHook<A extends unknown[]>(existing: Hook<A> | Hook<A>[] | undefined, hook: Hook<A>): Hook<A>[] {
  return [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];
}

/** Instants and comma lists in the query and the body, before validation. */
function normaliser(query: Shape | undefined, body: Shape | undefined) {
  return async (request: FastifyRequest): Promise<void> => {
    const zone = (request.ctx as FastifyRequest['ctx'] | null)?.timeZone;
    if (query && request.query) request.query = normalise(request.query, query, zone, 'query');
    if (body && request.body !== undefined) request.body = normalise(request.body, body, zone, 'body');
  };
}

/**
 * The `Fields` selection of list routes: checked before the schema (an unknown name is refused
 * together with whatever the schema refuses, as is an OrderBy naming no field of the records),
 * applied to the answer unless the route kept its answer and projected it already
 * (server/shared/fieldSelection.ts).
 */
function fieldSelection(known: Map<string, string>) {
  const check = async (request: FastifyRequest): Promise<void> => {
    const query = request.query as { Fields?: unknown; OrderBy?: unknown; OrderByDesc?: unknown } | undefined;
    for (const name of ['OrderBy', 'OrderByDesc'] as const) {
      if (typeof query?.[name] === 'string' && unknownSortNames(query[name], known).length) addEarlyFieldError(request, name, 'InvalidValue');
    }
    const param = query?.Fields;
    if (typeof param !== 'string') return;
    const { fields, unknown } = selectFields(param, known);
    if (unknown.length) addEarlyFieldError(request, 'Fields', 'UnknownFields', { names: unknown.join(', ') });
    else if (fields.length) setFieldSelection(request, fields);
  };
  const project = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const fields = takeFieldSelection(request);
    if (!fields || reply.statusCode !== 200) return payload;
    // A body already encoded (content-encoding set) is never text to cut: whoever encoded it projected first.
    if (reply.hasHeader('content-encoding')) return payload;
    if (typeof payload === 'string') return projectPage(payload, fields);
    if (Buffer.isBuffer(payload)) return projectPage(payload.toString('utf8'), fields);
    return payload;
  };
  return { check, project };
}

function onRoute(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const schema = route.schema as { querystring?: SchemaNode; body?: SchemaNode; response?: Record<string, SchemaNode> } | undefined;
  if (!schema) return;
  const query = shapeOf(schema.querystring);
  const body = shapeOf(schema.body);
  if (query || body) route.preValidation = withHook(route.preValidation as Hook<[FastifyRequest, FastifyReply]> | undefined, normaliser(query, body)) as RouteOptions['preValidation'];
  const known = listFieldsOf(schema.querystring, schema.response?.[200] ?? schema.response?.['2xx']);
  if (known) {
    const { check, project } = fieldSelection(known);
    route.preValidation = withHook(route.preValidation as Hook<[FastifyRequest, FastifyReply]> | undefined, check) as RouteOptions['preValidation'];
    route.onSend = withHook(route.onSend as Hook<[FastifyRequest, FastifyReply, unknown]> | undefined, project) as RouteOptions['onSend'];
  }
}

async function serviceStackConventions(app: FastifyInstance): Promise<void> {
  registerValidationMessages();
  app.addHook('onRequest', emptyJsonBody);
  app.addHook('onRoute', onRoute);
}

export default fp(serviceStackConventions, { name: 'servicestack-conventions' });
