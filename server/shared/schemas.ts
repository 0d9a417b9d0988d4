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
