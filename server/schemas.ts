import type { FastifyInstance } from 'fastify';
import contract from '../schema/generated/contract.json' with { type: 'json' };

/**
 * Registers the JSON Schema generated from schema/*.ts so routes can say
 * `body: ref('ServiceInput')` and Fastify validates and serialises with it.
 */
export function addContractSchemas(app: FastifyInstance): void {
  app.addSchema({ $id: 'contract', ...(contract as object) });
}

/** A reference to one definition of the generated contract. */
export function ref(name: string): { $ref: string } {
  return { $ref: `contract#/definitions/${name}` };
}
