import { DateTime } from 'luxon';
import type { Db } from '../db';

interface SeedType {
  name: string;
  description: string;
  resources: { name: string; color: string; priority?: number }[];
}

const TYPES: SeedType[] = [
  {
    name: 'Padelbanor',
    description: 'Inomhusbanor för padel',
    resources: [
      { name: 'Bana 1', color: '#4fc3f7', priority: 1 },
      { name: 'Bana 2', color: '#81c784', priority: 2 },
      { name: 'Bana 3', color: '#ffb74d', priority: 3 },
    ],
  },
  {
    name: 'Instruktörer',
    description: 'Personliga tränare och massörer',
    resources: [
      { name: 'Anna Lind', color: '#e57373' },
      { name: 'Erik Holm', color: '#ba68c8' },
      { name: 'Maria Ek', color: '#4db6ac' },
    ],
  },
  {
    name: 'Rum',
    description: 'Salar och rum',
    resources: [
      { name: 'Yogasalen', color: '#f06292' },
      { name: 'Bastun', color: '#9575cd' },
      { name: 'Konferensrummet', color: '#aed581' },
    ],
  },
];

/** Service (catalogue name) → resource type it needs and, when only some, which resources. */
const NEEDS: { service: string; type: string; only?: string[]; selectable: boolean }[] = [
  { service: 'Padel 60 min', type: 'Padelbanor', selectable: true },
  { service: 'Personlig träning', type: 'Instruktörer', selectable: true },
  { service: 'Massage', type: 'Instruktörer', only: ['Anna Lind', 'Maria Ek'], selectable: true },
  { service: 'Yoga drop-in', type: 'Rum', only: ['Yogasalen'], selectable: false },
  { service: 'Bastu', type: 'Rum', only: ['Bastun'], selectable: false },
  { service: 'Konferensrum per timme', type: 'Rum', only: ['Konferensrummet'], selectable: false },
];

const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [6, 7];

const SCHEDULES: { name: string; days: number[]; start: string; end: string; interval: number; services: string[] }[] = [
  { name: 'Padel vardagar', days: WEEKDAYS, start: '07:00', end: '21:00', interval: 30, services: ['Padel 60 min'] },
  { name: 'Padel helger', days: WEEKEND, start: '09:00', end: '17:00', interval: 30, services: ['Padel 60 min'] },
  { name: 'Behandlingar vardagar', days: WEEKDAYS, start: '07:00', end: '21:00', interval: 15, services: ['Massage', 'Personlig träning'] },
  { name: 'Klasser och lokaler vardagar', days: WEEKDAYS, start: '07:00', end: '21:00', interval: 60, services: ['Yoga drop-in', 'Bastu', 'Konferensrum per timme'] },
  {
    name: 'Helger',
    days: WEEKEND,
    start: '09:00',
    end: '17:00',
    interval: 60,
    services: ['Massage', 'Personlig träning', 'Yoga drop-in', 'Bastu', 'Konferensrum per timme'],
  },
];

/**
 * Resource types, resources, what the catalogue's services need of them, weekday (07–21) and
 * weekend (09–17) schedules on 15/30/60-minute grids, the instructors' lunch and the next
 * national day as time exceptions: free times show on a fresh start. Call it after seedCatalog.
 * @example
 * await seedCatalog(tx, companyId);
 * await seedScheduling(tx, companyId);
 */
export async function seedScheduling(db: Db, companyId: number, now: Date = new Date()): Promise<void> {
  const company = await db.one<{ time_zone: string }>('select time_zone from companies where id = $1', [companyId]);
  const zone = company?.time_zone ?? 'Europe/Stockholm';
  const services = new Map(
    (await db.query<{ id: number; name: string }>('select id, name from services where company_id = $1', [companyId])).map((s) => [s.name, s.id]),
  );
  const typeIds = new Map<string, number>();
  const resourceIds = new Map<string, number>();
  for (const type of TYPES) {
    const row = await db.one<{ id: number }>('insert into resource_types (company_id, name, description) values ($1, $2, $3) returning id', [companyId, type.name, type.description]);
    typeIds.set(type.name, row!.id);
    for (const r of type.resources) {
      const res = await db.one<{ id: number }>('insert into resources (company_id, name, color, priority) values ($1, $2, $3, $4) returning id', [
        companyId,
        r.name,
        r.color,
        r.priority ?? 99,
      ]);
      resourceIds.set(r.name, res!.id);
      await db.query('insert into resource_type_resources (company_id, resource_type_id, resource_id) values ($1, $2, $3)', [companyId, row!.id, res!.id]);
    }
  }

  for (const need of NEEDS) {
    const serviceId = services.get(need.service);
    const typeId = typeIds.get(need.type)!;
    if (!serviceId) continue;
    await db.query(
      `insert into service_resource_types (company_id, service_id, resource_type_id, selectable_by_user, all_resources) values ($1, $2, $3, $4, $5)`,
      [companyId, serviceId, typeId, need.selectable, !need.only],
    );
    for (const name of need.only ?? []) {
      await db.query('insert into service_resources (company_id, service_id, resource_type_id, resource_id) values ($1, $2, $3, $4)', [
        companyId,
        serviceId,
        typeId,
        resourceIds.get(name)!,
      ]);
    }
  }

  for (const s of SCHEDULES) {
    const row = await db.one<{ id: number }>(
      `insert into recurring_schedules (company_id, name, description, time_interval, start_time, end_time, days_of_week)
       values ($1, $2, $3, $4, $5, $6, $7::text::jsonb) returning id`,
      [companyId, s.name, `${s.start}–${s.end}, var ${s.interval}:e minut`, s.interval, s.start, s.end, JSON.stringify(s.days)],
    );
    for (const service of s.services) {
      const serviceId = services.get(service);
      if (serviceId) await db.query('insert into recurring_schedule_services (company_id, schedule_id, service_id) values ($1, $2, $3)', [companyId, row!.id, serviceId]);
    }
  }

  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const lunch = await db.one<{ id: number }>(
    `insert into time_exceptions (company_id, from_at, to_at, from_time, to_time, is_recurring, days_of_week, reason_text, reason_text_public, color, block_time)
     values ($1, $2, $3, '12:00', '13:00', true, '[1,2,3,4,5]', 'Lunch för instruktörerna', 'Lunch', '#bdbdbd', true) returning id`,
    [companyId, today.startOf('year').toISO(), today.plus({ years: 2 }).endOf('year').startOf('day').toISO()],
  );
  for (const name of ['Anna Lind', 'Erik Holm', 'Maria Ek']) {
    await db.query('insert into time_exception_resources (company_id, time_exception_id, resource_id) values ($1, $2, $3)', [companyId, lunch!.id, resourceIds.get(name)!]);
  }
  let nationalDay = today.set({ month: 6, day: 6 });
  if (nationalDay < today) nationalDay = nationalDay.plus({ years: 1 });
  await db.query(
    `insert into time_exceptions (company_id, from_at, to_at, reason_text, reason_text_public, color, block_time)
     values ($1, $2, $3, 'Helgdag', 'Sveriges nationaldag – vi har stängt', '#e57373', true)`,
    [companyId, nationalDay.toISO(), nationalDay.plus({ days: 1 }).toISO()],
  );
}
