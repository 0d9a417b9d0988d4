import type { FastifyInstance } from 'fastify';

/** Registers every area of the API under /api. One plugin per area of the spec. */
export default async function areas(_app: FastifyInstance): Promise<void> {}
