import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkFieldsEarly } from '../shared/errors';
import { page, ref } from '../shared/schemas';
import { INT4_MAX } from '../shared/constants';
import { schemasOf, type ResourceDeclaration } from './declare';
import { listRecords } from './list';
import { createRecord, deleteRecord, updateRecord } from './records';

/** Path parameter schema for /{Id} routes. */
export const idParams = {
  type: 'object',
  properties: { Id: { type: 'integer', minimum: 1, maximum: INT4_MAX } },
  required: ['Id'],
} as const;

/** The response schema of a list of `item` (the contract's envelope; server/shared/schemas.ts). */
export const pageSchema = page;

/**
 * Registers GET path, POST path, PUT path/:Id and DELETE path/:Id for a declaration.
 * Register it inside the areas plugin (prefix /api).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** On a declared resource's update route: its path, input schema and whether it keeps history (tests walk them). */
    declaration?: { path: string; input: string; history: boolean };
  }
}

export function registerResource<T, In, Q>(app: FastifyInstance, d: ResourceDeclaration<T, In, Q>): void {
  const routes = { list: true, create: true, update: true, delete: true, ...d.routes };
  const schemas = schemasOf(d);
  const item = { 200: ref(schemas.item) };
  const idOf = (request: FastifyRequest) => (request.params as { Id: number }).Id;
  const checkInput = d.hooks?.checkInput;
  const rules = checkInput
    ? checkFieldsEarly((request, refuse) => {
        const body = request.body;
        if (body && typeof body === 'object' && !Array.isArray(body)) checkInput(body as Record<string, unknown>, refuse);
      })
    : undefined;
  if (routes.list) {
    app.get(d.path, { schema: { querystring: ref(schemas.query), response: { 200: pageSchema(schemas.item) } } }, (request) =>
      listRecords(app.db, request.ctx, d, request.query as Q),
    );
  }
  if (routes.create) {
    app.post(d.path, { preValidation: rules, schema: { body: ref(schemas.input), response: item } }, (request) => createRecord(app.db, request.ctx, d, request.body as In));
  }
  if (routes.update) {
    app.put(`${d.path}/:Id`, { preValidation: rules, config: { declaration: { path: d.path, input: schemas.input, history: d.history !== false } }, schema: { params: idParams, body: ref(schemas.input), response: item } }, (request) =>
      updateRecord(app.db, request.ctx, d, idOf(request), request.body as In),
    );
  }
  if (routes.delete) {
    app.delete(`${d.path}/:Id`, { schema: { params: idParams, response: item } }, (request) => deleteRecord(app.db, request.ctx, d, idOf(request)));
  }
}
