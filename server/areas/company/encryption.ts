import type { FastifyInstance } from 'fastify';
import { companyKey, encrypt } from '../../shared/encryption';
import { ref } from '../../shared/schemas';
import type { EncryptRequest, EncryptResponse } from '../../../schema/customers';

/** GET /encryption/encrypt {CompanyId, Text} → { Text } encrypted with the company's key. */
export default async function encryptionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: EncryptRequest }>('/encryption/encrypt', { schema: { querystring: ref('EncryptRequest'), response: { 200: ref('EncryptResponse') } } }, async (request): Promise<EncryptResponse> => {
    const key = await companyKey(app.db, request.ctx.companyId);
    return { Text: encrypt(key, request.query.Text) };
  });
}
