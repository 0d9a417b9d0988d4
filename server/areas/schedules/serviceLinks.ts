import type { FastifyInstance } from 'fastify';
import type { ServiceResourceType, ServiceResourceTypeInput, ServiceSchedule, ServiceScheduleInput } from '../../../schema/scheduling';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { pageSchema } from '../../autoquery/index';
import { schedulingKey, schedulingWords } from './messages';
import { assertOwnSchedule } from './schedules';
import { resourceTypesOfServices, schedulesOfServices } from '../../shared/serviceLinks';
import { INT4_MAX } from '../../shared/constants';

const intParam = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const params = (...names: string[]) => ({ type: 'object', properties: Object.fromEntries(names.map((n) => [n, intParam])), required: names });

/** 404 naming the service unless it is one of the caller's company. */
export async function assertServiceOf(db: Db, ctx: CallerContext, serviceId: number): Promise<void> {
  const row = await db.one('select 1 from services where id = $1 and company_id = $2', [serviceId, ctx.companyId]);
  if (!row) throw ApiError.notFound('Service', serviceId);
}

/** 404 saying the resource type or schedule is not connected to the service. */
function notConnected(ctx: CallerContext, what: 'ResourceType' | 'RecurringSchedule' | 'DateSchedule', id: number): ApiError {
  const err = ApiError.notFound(what, id);
  err.messageKey = { key: schedulingKey('NotConnected'), params: { what: schedulingWords[what][ctx.lang], id } };
  return err;
}

async function oneLink(db: Db, ctx: CallerContext, serviceId: number, resourceTypeId: number): Promise<ServiceResourceType> {
  const link = (await resourceTypesOfServices(db, ctx, [serviceId])).get(serviceId)?.find((l) => l.Id === resourceTypeId);
  if (!link) throw notConnected(ctx, 'ResourceType', resourceTypeId);
  return link;
}

async function saveLink(db: Db, ctx: CallerContext, serviceId: number, resourceTypeId: number, input: ServiceResourceTypeInput, update: boolean): Promise<ServiceResourceType> {
  return db.tx(async (tx) => {
    await assertServiceOf(tx, ctx, serviceId);
    const errors = new ValidationErrors();
    const type = await tx.one('select 1 from resource_types where id = $1 and company_id = $2', [resourceTypeId, ctx.companyId]);
    if (!type) {
      errors.add('ResourceTypeId', schedulingKey('UnknownSchedulingReference'), { what: schedulingWords.resourceType[ctx.lang] });
      errors.throwIfAny();
    }
    const existing = await tx.one('select 1 from service_resource_types where service_id = $1 and resource_type_id = $2', [serviceId, resourceTypeId]);
    if (update && !existing) await oneLink(tx, ctx, serviceId, resourceTypeId);
    const picked = input.Resources ?? null;
    if (picked) {
      const ids = picked.map((r) => r.Id);
      const members = new Set(
        (
          await tx.query<{ resource_id: number }>(
            'select resource_id from resource_type_resources where company_id = $1 and resource_type_id = $2 and resource_id = any($3::int[])',
            [ctx.companyId, resourceTypeId, ids],
          )
        ).map((r) => r.resource_id),
      );
      const seen = new Set<number>();
      ids.forEach((id, i) => {
        if (!members.has(id)) errors.add(`Resources[${i}].Id`, schedulingKey('ResourceNotInType'));
        else if (seen.has(id)) errors.add(`Resources[${i}].Id`, schedulingKey('Duplicate'));
        seen.add(id);
      });
    }
    errors.throwIfAny();
    const order = await tx.one<{ n: number }>('select coalesce(max(sort_order) + 1, 0)::int as n from service_resource_types where service_id = $1', [serviceId]);
    await tx.query(
      `insert into service_resource_types (company_id, service_id, resource_type_id, number_of_resources, selectable_by_user, all_resources, sort_order)
       values ($1, $2, $3, coalesce($4, 1), coalesce($5, true), $6, $7)
       on conflict (service_id, resource_type_id) do update
          set number_of_resources = coalesce($4, service_resource_types.number_of_resources),
              selectable_by_user = coalesce($5, service_resource_types.selectable_by_user),
              all_resources = case when $8 then $6 else service_resource_types.all_resources end`,
      [ctx.companyId, serviceId, resourceTypeId, input.NumberOfResources ?? null, input.SelectableByUser ?? null, picked === null, order?.n ?? 0, input.Resources !== undefined],
    );
    if (input.Resources !== undefined) {
      await tx.query('delete from service_resources where service_id = $1 and resource_type_id = $2', [serviceId, resourceTypeId]);
      if (picked && picked.length > 0) {
        await tx.query(
          'insert into service_resources (company_id, service_id, resource_type_id, resource_id) select $1, $2, $3, unnest($4::int[]) on conflict do nothing',
          [ctx.companyId, serviceId, resourceTypeId, picked.map((r) => r.Id)],
        );
      }
    }
    return oneLink(tx, ctx, serviceId, resourceTypeId);
  });
}

type ScheduleKind = 'recurring' | 'date';
const KIND = {
  recurring: { table: 'recurring_schedules', links: 'recurring_schedule_services', type: 'RecurringSchedule', path: 'recurringschedules' },
  date: { table: 'date_schedules', links: 'date_schedule_services', type: 'DateSchedule', path: 'dateschedules' },
} as const;

/** What a service needs (resource types) and follows (schedules): /services/{Id}/resourcetypes, …/recurringschedules, …/dateschedules. */
export default async function serviceLinksArea(app: FastifyInstance): Promise<void> {
  type IdParams = { Id: number; ResourceTypeId: number; ScheduleId: number };

  app.get('/services/:Id/resourcetypes', { schema: { params: params('Id'), response: { 200: pageSchema('ServiceResourceType') } } }, async (request) => {
    const { Id } = request.params as IdParams;
    await assertServiceOf(app.db, request.ctx, Id);
    const results = (await resourceTypesOfServices(app.db, request.ctx, [Id])).get(Id) ?? [];
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.post('/services/:Id/resourcetypes', { schema: { params: params('Id'), body: ref('ServiceResourceTypeInput'), response: { 200: ref('ServiceResourceType') } } }, async (request) => {
    const { Id } = request.params as IdParams;
    const body = request.body as ServiceResourceTypeInput;
    return saveLink(app.db, request.ctx, Id, body.ResourceTypeId, body, false);
  });

  app.put(
    '/services/:Id/resourcetypes/:ResourceTypeId',
    { schema: { params: params('Id', 'ResourceTypeId'), body: ref('ServiceResourceTypeInput'), response: { 200: ref('ServiceResourceType') } } },
    async (request) => {
      const { Id, ResourceTypeId } = request.params as IdParams;
      return saveLink(app.db, request.ctx, Id, ResourceTypeId, request.body as ServiceResourceTypeInput, true);
    },
  );

  app.delete('/services/:Id/resourcetypes/:ResourceTypeId', { schema: { params: params('Id', 'ResourceTypeId'), response: { 200: ref('ServiceResourceType') } } }, async (request) => {
    const { Id, ResourceTypeId } = request.params as IdParams;
    return app.db.tx(async (tx) => {
      await assertServiceOf(tx, request.ctx, Id);
      const link = await oneLink(tx, request.ctx, Id, ResourceTypeId);
      await tx.query('delete from service_resource_types where service_id = $1 and resource_type_id = $2 and company_id = $3', [Id, ResourceTypeId, request.ctx.companyId]);
      return link;
    });
  });

  app.get('/services/:Id/schedules', { schema: { params: params('Id'), response: { 200: pageSchema('ServiceSchedule') } } }, async (request) => {
    const { Id } = request.params as IdParams;
    await assertServiceOf(app.db, request.ctx, Id);
    const results = (await schedulesOfServices(app.db, request.ctx, [Id])).get(Id) ?? [];
    return { Offset: 0, Total: results.length, Results: results };
  });

  for (const kind of ['recurring', 'date'] as ScheduleKind[]) {
    const k = KIND[kind];
    app.post(`/services/:Id/${k.path}`, { schema: { params: params('Id'), body: ref('ServiceScheduleInput'), response: { 200: ref('ServiceSchedule') } } }, async (request) => {
      const { Id } = request.params as IdParams;
      const { ScheduleId } = request.body as ServiceScheduleInput;
      return app.db.tx(async (tx) => {
        await assertServiceOf(tx, request.ctx, Id);
        const found = await tx.one<{ name: string; active: boolean }>(`select name, active from ${k.table} where id = $1 and company_id = $2`, [ScheduleId, request.ctx.companyId]);
        if (!found) {
          const what = kind === 'recurring' ? schedulingWords.recurringSchedule : schedulingWords.dateSchedule;
          throw ApiError.field(400, 'ScheduleId', schedulingKey('UnknownSchedulingReference'), { what: what[request.ctx.lang] });
        }
        await tx.query(`insert into ${k.links} (company_id, schedule_id, service_id) values ($1, $2, $3) on conflict do nothing`, [request.ctx.companyId, ScheduleId, Id]);
        return { Id: ScheduleId, Name: found.name, ScheduleType: k.type, Active: found.active } satisfies ServiceSchedule;
      });
    });

    app.delete(`/services/:Id/${k.path}/:ScheduleId`, { schema: { params: params('Id', 'ScheduleId'), response: { 200: ref('ServiceSchedule') } } }, async (request) => {
      const { Id, ScheduleId } = request.params as IdParams;
      return app.db.tx(async (tx) => {
        await assertServiceOf(tx, request.ctx, Id);
        const found = await assertOwnSchedule(tx, request.ctx, k.table, ScheduleId);
        const removed = await tx.query(`delete from ${k.links} where schedule_id = $1 and service_id = $2 and company_id = $3 returning schedule_id`, [
          ScheduleId,
          Id,
          request.ctx.companyId,
        ]);
        if (removed.length === 0) throw notConnected(request.ctx, k.type, ScheduleId);
        return { Id: ScheduleId, Name: found.name, ScheduleType: k.type, Active: found.active } satisfies ServiceSchedule;
      });
    });
  }
}
