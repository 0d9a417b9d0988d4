import type { FastifyInstance } from 'fastify';
import type { Incentive, IncentiveEngagementInput } from '../../../schema/licenses';
import { NO_CONTENT, page, ref } from '../../shared/schemas';
import { envelope } from '../../shared/reference';
import { ApiError } from '../../shared/errors';
import { effectivePlan } from '../../shared/planLimits';
import { INCENTIVE_TEXTS } from './messages';

const companyParams = {
  type: 'object',
  properties: { companyId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['companyId'],
} as const;

const engagementParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, incentiveId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id', 'incentiveId'],
} as const;

/**
 * Incentives (spec core.md §4 incentive flow): the offers for the company (not those it already
 * took or turned down, nor one read in the last week; upgrade offers only for free accounts) and
 * what the administrator did with one: Read, Engaged, Success or Cancelled.
 */
export default async function incentiveRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { companyId: number } }>('/companies/:companyId/incentives', { schema: { params: companyParams, response: { 200: page('Incentive') } } }, async (request) => {
    const { companyId, lang } = request.ctx;
    if (request.params.companyId !== companyId) throw ApiError.notFound('Company', request.params.companyId);
    const plan = await effectivePlan(db, companyId);
    const rows = await db.query<{ id: number; initial_delay_seconds: number; action_type: Incentive['Action']['ActionType']; page: string | null; license_type_id: number | null; only_free: boolean }>(
      `select i.* from incentives i
        where not exists (select 1 from incentive_engagements e where e.company_id = $1 and e.incentive_id = i.id
                            and (e.engagement_type in ('Success', 'Cancelled') or (e.engagement_type = 'Read' and e.created > now() - interval '7 days')))
        order by i.initial_delay_seconds, i.id`,
      [companyId],
    );
    return envelope(
      rows
        .filter((r) => (r.only_free ? plan.typeId === 1 : plan.typeId !== 1))
        // Extra administrators are no offer to a plan whose administrators are unlimited (Enterprise).
        .filter((r) => r.action_type !== 'AddOn' || plan.limits.administrators !== null)
        .map(
          (r): Incentive => ({
            Id: r.id,
            InitialDelayInSeconds: r.initial_delay_seconds,
            Action: { ActionType: r.action_type, Page: r.page, LicenseTypeId: r.license_type_id },
            Header: INCENTIVE_TEXTS[r.id]?.header[lang] ?? '',
            Body: INCENTIVE_TEXTS[r.id]?.body[lang] ?? '',
          }),
        ),
    );
  });

  app.post<{ Params: { id: number; incentiveId: number }; Body: IncentiveEngagementInput }>(
    '/company/:id/incentives/:incentiveId',
    { schema: { params: engagementParams, body: ref('IncentiveEngagementInput'), response: NO_CONTENT } },
    async (request, reply) => {
      const { companyId, userId } = request.ctx;
      if (request.params.id !== companyId) throw ApiError.notFound('Company', request.params.id);
      const found = await db.one('select 1 from incentives where id = $1', [request.params.incentiveId]);
      if (!found) throw ApiError.notFound('Incentive', request.params.incentiveId);
      await db.query('insert into incentive_engagements (company_id, incentive_id, user_id, engagement_type) values ($1, $2, $3, $4)', [
        companyId,
        request.params.incentiveId,
        userId,
        request.body.EngagementType,
      ]);
      return reply.status(204).send();
    },
  );
}
