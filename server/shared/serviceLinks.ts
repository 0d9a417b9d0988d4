import type { ServiceResourceType, ServiceSchedule } from '../../schema/scheduling';
import type { CallerContext } from './context';
import type { Db } from '../db/db';

// What a service record shows of the schedules area (GET /services with IncludeResources or
// IncludeSchedules): read here so that the services area never imports the schedules area.

/**
 * The resource types several services need, keyed by service id, with the resources each may use
 * (Service.ResourceTypes; for IncludeResources on GET /services).
 * @example const byService = await resourceTypesOfServices(db, ctx, [1, 2]);
 */
export async function resourceTypesOfServices(db: Db, ctx: CallerContext, serviceIds: readonly number[]): Promise<Map<number, ServiceResourceType[]>> {
  const out = new Map<number, ServiceResourceType[]>();
  if (serviceIds.length === 0) return out;
  const rows = await db.query<ServiceResourceType & { service_id: number }>(
    `select srt.service_id, t.id as "Id", t.name as "Name", srt.number_of_resources as "NumberOfResources",
            srt.selectable_by_user as "SelectableByUser", srt.all_resources as "AllResources",
            coalesce((select json_agg(json_build_object('Id', r.id, 'Name', r.name) order by r.priority, r.name, r.id)
                        from resource_type_resources m join resources r on r.id = m.resource_id
                       where m.resource_type_id = t.id
                         and (srt.all_resources or exists (select 1 from service_resources sr
                               where sr.service_id = srt.service_id and sr.resource_type_id = t.id and sr.resource_id = r.id))), '[]') as "Resources"
       from service_resource_types srt join resource_types t on t.id = srt.resource_type_id
      where srt.company_id = $1 and srt.service_id = any($2::int[])
      order by srt.sort_order, t.name, t.id`,
    [ctx.companyId, [...serviceIds]],
  );
  for (const { service_id: serviceId, ...link } of rows) {
    const list = out.get(serviceId) ?? [];
    list.push(link);
    out.set(serviceId, list);
  }
  return out;
}

/**
 * The schedules several services follow, keyed by service id (Service.Schedules; for
 * IncludeSchedules on GET /services).
 */
export async function schedulesOfServices(db: Db, ctx: CallerContext, serviceIds: readonly number[]): Promise<Map<number, ServiceSchedule[]>> {
  const out = new Map<number, ServiceSchedule[]>();
  if (serviceIds.length === 0) return out;
  const rows = await db.query<ServiceSchedule & { service_id: number }>(
    `select l.service_id, s.id as "Id", s.name as "Name", 'RecurringSchedule' as "ScheduleType", s.active as "Active"
       from recurring_schedule_services l join recurring_schedules s on s.id = l.schedule_id
      where l.company_id = $1 and l.service_id = any($2::int[])
     union all
     select l.service_id, s.id, s.name, 'DateSchedule', s.active
       from date_schedule_services l join date_schedules s on s.id = l.schedule_id
      where l.company_id = $1 and l.service_id = any($2::int[])
      order by 4, 3, 2`,
    [ctx.companyId, [...serviceIds]],
  );
  for (const { service_id: serviceId, ...schedule } of rows) {
    const list = out.get(serviceId) ?? [];
    list.push(schedule);
    out.set(serviceId, list);
  }
  return out;
}
