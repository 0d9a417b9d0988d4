import type { FastifyInstance } from 'fastify';
import { NO_CONTENT, ref } from '../../shared/schemas';
import type { ClientErrorReport } from '../../../schema/company';

/** POST /errors: the admin reports an uncaught browser error; it is kept in client_errors. */
export default async function clientErrorRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ClientErrorReport }>('/errors', { schema: { body: ref('ClientErrorReport'), response: NO_CONTENT } }, async (request, reply) => {
    const { companyId, userId } = request.ctx;
    const b = request.body;
    await app.db.query(
      `insert into client_errors (company_id, user_id, exception_name, inner_exception_name, exception_message, url, stack_trace)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [companyId, userId, b.ExceptionName, b.InnerExceptionName ?? null, b.ExceptionMessage, b.URL ?? null, b.StackTrace ?? null],
    );
    return reply.status(204).send();
  });
}
