import type { FastifyInstance } from 'fastify';
import contract from '../../schema/generated/contract.json' with { type: 'json' };
import { withStorageLimits } from '../validation';

/**
 * Registers the JSON Schema generated from schema/*.ts so routes can say
 * `body: ref('ServiceInput')` and Fastify validates and serialises with it (with the storage's
 * limits added: see server/validation.ts).
 */
export function addContractSchemas(app: FastifyInstance): void {
  app.addSchema({ $id: 'contract', ...withStorageLimits(contract as object) });
}

/** A reference to one definition of the generated contract. */
export function ref(name: string): { $ref: string } {
  return { $ref: `contract#/definitions/${name}` };
}

/** The response of a route that answers 204 with no body (a delete, an acknowledgement). */
export const NO_CONTENT = { 204: { type: 'null' } } as const;

/**
 * The response schema of a list in the contract's envelope (Offset, Total, Results of `item`).
 * @example app.get('/trials', { schema: { response: { 200: page('TrialType') } } }, …)
 */
export function page(item: string): object {
  return { type: 'object', properties: { Offset: { type: 'integer' }, Total: { type: 'integer' }, Results: { type: 'array', items: ref(item) } } };
}
