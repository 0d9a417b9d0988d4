import type { FastifyInstance } from 'fastify';
import type { CallerContext } from '../../shared/context';
import { ApiError, checkFieldsEarly } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { idParams, orderClause, pageSchema, SqlParams } from '../../autoquery/index';
import type { Review, ReviewAverage, ReviewAverages, ReviewAveragesQuery, ReviewQuery, ReviewVisibilityInput } from '../../../schema/reviews';
import { reviewKey } from './messages';

type Filters = Pick<ReviewQuery, 'Id' | 'ServiceId' | 'ResourceId' | 'Rating' | 'From' | 'To' | 'Hidden'>;

/** The SQL conditions on `r` (reviews) for the filters, scoped to the caller's company. */
function conditions(ctx: CallerContext, q: Filters, p: SqlParams): string[] {
  const where = [`r.company_id = ${p.add(ctx.companyId)}`];
  if (q.Id) where.push(`r.id = ${p.add(q.Id)}`);
  if (q.ServiceId) where.push(`r.service_id = ${p.add(q.ServiceId)}`);
  if (q.ResourceId) where.push(`${p.add(q.ResourceId)}::int = any(r.resource_ids)`);
  if (q.Rating) where.push(`r.rating = ${p.add(q.Rating)}`);
  if (q.Hidden !== undefined) where.push(`r.hidden = ${p.add(q.Hidden)}`);
  if (q.From) where.push(`r.booking_starts_at >= (${p.add(q.From.slice(0, 10))}::date::timestamp at time zone ${p.add(ctx.timeZone)})`);
  if (q.To) where.push(`r.booking_starts_at < ((${p.add(q.To.slice(0, 10))}::date + 1)::timestamp at time zone ${p.add(ctx.timeZone)})`);
  return where;
}

interface Row {
  id: number;
  booking_id: number;
  booking_from: string;
  service_id: number;
  service_name: string;
  resources: { Id: number; Name: string }[] | string;
  customer_id: number | null;
  customer_name: string;
  rating: number;
  comment: string | null;
  created: string;
  hidden: boolean;
  hidden_reason: string | null;
  hidden_by: string | null;
  hidden_at: string | null;
  total: number;
}

const local = (column: string, zone: string) => `to_char(${column} at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** One page of the company's reviews, newest first unless OrderBy says otherwise. */
export async function listReviews(app: FastifyInstance, ctx: CallerContext, q: ReviewQuery): Promise<{ Offset: number; Total: number; Results: Review[] }> {
  const p = new SqlParams();
  const where = conditions(ctx, q, p);
  const whereParams = p.values.length;
  const zone = p.add(ctx.timeZone);
  const skip = q.Skip ?? 0;
  const order = orderClause(q, { created: 'r.created', rating: 'r.rating', bookingfrom: 'r.booking_starts_at', id: 'r.id' }, 'r.id', '-Created');
  const rows = await app.db.query<Row>(
    `select r.id, r.booking_id, ${local('r.booking_starts_at', zone)} as booking_from, r.service_id, coalesce(s.name, '') as service_name,
            coalesce((select json_agg(json_build_object('Id', x.id, 'Name', x.name) order by x.name, x.id)
                        from resources x where x.company_id = r.company_id and x.id = any(r.resource_ids)), '[]'::json) as resources,
            r.customer_id, coalesce(trim(c.firstname || ' ' || c.lastname), '') as customer_name, r.rating, r.comment,
            ${local('r.created', zone)} as created, r.hidden, r.hidden_reason, u.email as hidden_by,
            case when r.hidden_at is null then null else ${local('r.hidden_at', zone)} end as hidden_at, count(*) over ()::int as total
       from reviews r
       left join services s on s.id = r.service_id and s.company_id = r.company_id
       left join customers c on c.id = r.customer_id and c.company_id = r.company_id
       left join users u on u.id = r.hidden_by
      where ${where.join(' and ')}
      order by ${order}
      offset ${p.add(skip)} limit ${p.add(q.Take ?? 25)}`,
    p.values,
  );
  // Past the last page the window count is missing: the conditions alone count.
  const total = rows[0]?.total ?? (skip > 0 ? ((await app.db.one<{ n: number }>(`select count(*)::int as n from reviews r where ${where.join(' and ')}`, p.values.slice(0, whereParams)))?.n ?? 0) : 0);
  return {
    Offset: skip,
    Total: total,
    Results: rows.map((r) => ({
      Id: r.id,
      BookingId: r.booking_id,
      BookingFrom: r.booking_from,
      ServiceId: r.service_id,
      ServiceName: r.service_name,
      Resources: typeof r.resources === 'string' ? (JSON.parse(r.resources) as Review['Resources']) : r.resources,
      CustomerId: r.customer_id,
      CustomerName: r.customer_name,
      Rating: r.rating,
      Comment: r.comment,
      Created: r.created,
      Hidden: r.hidden,
      HiddenReason: r.hidden_reason,
      HiddenBy: r.hidden_by,
      HiddenAt: r.hidden_at,
    })),
  };
}

/** The shown reviews' average rating overall, per service and per resource, under the same filters. */
export async function reviewAverages(app: FastifyInstance, ctx: CallerContext, q: ReviewAveragesQuery): Promise<ReviewAverages> {
  const p = new SqlParams();
  const where = [...conditions(ctx, { ...q, Hidden: false }, p)].join(' and ');
  const rows = await app.db.query<{ kind: 'overall' | 'service' | 'resource'; id: number | null; name: string | null; average: number | null; count: number }>(
    `with shown as (select r.* from reviews r where ${where})
     select 'overall' as kind, null::int as id, null::text as name, round(avg(rating), 2)::float8 as average, count(*)::int as count from shown
     union all
     select 'service', s.id, s.name, round(avg(x.rating), 2)::float8, count(*)::int
       from shown x join services s on s.id = x.service_id and s.company_id = x.company_id group by s.id, s.name
     union all
     select 'resource', res.id, res.name, round(avg(x.rating), 2)::float8, count(*)::int
       from shown x join resources res on res.company_id = x.company_id and res.id = any(x.resource_ids) group by res.id, res.name`,
    p.values,
  );
  const of = (kind: 'service' | 'resource'): ReviewAverage[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ Id: r.id!, Name: r.name ?? '', Average: Number(r.average), Count: r.count }))
      .sort((a, b) => a.Name.localeCompare(b.Name) || a.Id - b.Id);
  const overall = rows.find((r) => r.kind === 'overall');
  return { Overall: { Average: overall?.average ?? null, Count: overall?.count ?? 0 }, Services: of('service'), Resources: of('resource') };
}

/**
 * The company's side of reviews: GET /reviews (filters: service, resource, rating, the booking's
 * dates, hidden), GET /reviews/averages, and PUT /reviews/{Id} to hide a review with a reason or
 * show it again (who and when are kept).
 */
export function registerReviewRoutes(app: FastifyInstance): void {
  app.get('/reviews', { schema: { querystring: ref('ReviewQuery'), response: { 200: pageSchema('Review') } } }, (request) => listReviews(app, request.ctx, request.query as ReviewQuery));

  app.get('/reviews/averages', { schema: { querystring: ref('ReviewAveragesQuery'), response: { 200: ref('ReviewAverages') } } }, (request) =>
    reviewAverages(app, request.ctx, request.query as ReviewAveragesQuery),
  );

  app.put<{ Params: { Id: number } }>(
    '/reviews/:Id',
    {
      schema: { params: idParams, body: ref('ReviewVisibilityInput'), response: { 200: ref('Review') } },
      preValidation: checkFieldsEarly((request, refuse) => {
        const body = request.body as Partial<ReviewVisibilityInput> | undefined;
        // A reason unless the review is shown again (a Hidden the schema refuses does not show it).
        if (body?.Hidden !== false && (typeof body?.HiddenReason !== 'string' || !body.HiddenReason.trim())) refuse('HiddenReason', reviewKey('ReviewReasonRequired'));
      }),
    },
    async (request) => {
      const { ctx } = request;
      const body = request.body as ReviewVisibilityInput;
      const updated = await app.db.one<{ id: number }>(
        `update reviews set hidden = $3, hidden_reason = case when $3 then $4 end, hidden_by = case when $3 then $5::int end, hidden_at = case when $3 then now() end
          where id = $1 and company_id = $2 returning id`,
        [request.params.Id, ctx.companyId, body.Hidden, body.HiddenReason?.trim() ?? null, ctx.userId > 0 ? ctx.userId : null],
      );
      if (!updated) throw ApiError.notFound('Review', request.params.Id);
      return (await listReviews(app, ctx, { Id: updated.id })).Results[0];
    },
  );
}
