/**
 * Open time for occupancy: the schedules and exceptions availability reads (app.availability, the
 * schedules area's port), laid out by the domain's own functions (domain/statistics/openTime.ts on
 * expandSchedules and expandExceptions), so occupancy and free times agree on when a resource is open.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { openTime, type OpenTime, type ServiceCalendarInput } from '../../../domain/statistics/openTime';

/** The services (all, or those asked for) with their calendars around [from, to). */
export async function loadCalendars(app: FastifyInstance, db: Db, companyId: number, serviceIds: readonly number[] | null, from: number, to: number): Promise<ServiceCalendarInput[]> {
  const services = await db.query<{ id: number }>(
    `select id from services where company_id = $1 and ($2::int[] is null or id = any($2::int[])) order by id`,
    [companyId, serviceIds ? [...serviceIds] : null],
  );
  const loaded = await Promise.all(
    services.map(async ({ id }) => {
      const spec = await app.availability.loadServiceSpec(db, companyId, id);
      if (!spec) return null;
      return { service: spec.service, calendar: await app.availability.loadServiceCalendar(db, companyId, spec, from, to) };
    }),
  );
  return loaded.filter((s): s is ServiceCalendarInput => s !== null);
}

/** Open minutes of the resources (those asked for, when some are) and of the services booked without resources. */
export interface OpenSummary {
  open: OpenTime;
  /** Σ open minutes of the resources counted and of the services without resources (when no resource is asked for). */
  total: number;
}

/**
 * Open time in [from, to) over the calendars, the total counting each resource once (the union of
 * its services' openings) and each service without resources on its own.
 */
export function openSummary(timeZone: string, calendars: readonly ServiceCalendarInput[], from: number, to: number, resourceIds: readonly number[] | null): OpenSummary {
  const open = openTime(timeZone, calendars, from, to);
  let total = 0;
  for (const [resource, minutes] of open.resources) if (!resourceIds || resourceIds.includes(resource)) total += minutes;
  if (!resourceIds) {
    for (const { service } of calendars) if (service.requirements.length === 0) total += open.services.get(service.id)?.get(0) ?? 0;
  }
  return { open, total };
}

/** The open minutes of one group row: a resource's, or a service's own on its resources. */
export function groupOpenMinutes(open: OpenTime, groupBy: 'service' | 'resource', id: number, resourceIds: readonly number[] | null): number {
  if (groupBy === 'resource') return open.resources.get(id) ?? 0;
  let sum = 0;
  for (const [resource, minutes] of open.services.get(id) ?? []) if (!resourceIds || resourceIds.includes(resource)) sum += minutes;
  return sum;
}
