import type { FastifyInstance } from 'fastify';
import type { Resource, ResourceType } from '../../../schema/availability';
import type { ResourceDetails, ResourceInput, ResourceQuery, ResourceTypeInput, ResourceTypeListQuery } from '../../../schema/scheduling';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { defineResource, ID_FIELD, RECORD_FIELDS, registerResource } from '../../autoquery/index';
import { CAPACITY_FREEING_STATUSES } from '../../../domain/availability';
import { schedulingKey } from './messages';
import { checkOwnIds, linkedNames } from './references';

/** Colours new resources get in turn (Material 500 shades, readable on white and black). */
export const RESOURCE_PALETTE = ['#4fc3f7', '#81c784', '#ffb74d', '#e57373', '#ba68c8', '#4db6ac', '#f06292', '#9575cd', '#aed581', '#ffd54f', '#7986cb', '#a1887f'];

/** The resource priority inside a type when none is given. */
export const DEFAULT_PRIORITY = 99;

async function nextColor(db: Db, companyId: number): Promise<string> {
  const row = await db.one<{ n: number }>('select count(*)::int as n from resources where company_id = $1', [companyId]);
  return RESOURCE_PALETTE[(row?.n ?? 0) % RESOURCE_PALETTE.length];
}

const PAST_OR_FREEING = [...CAPACITY_FREEING_STATUSES];

/** The members of several resource types, in assignment order (Priority, then name). */
async function membersOf(db: Db, ctx: CallerContext, typeIds: readonly number[]): Promise<Map<number, Resource[]>> {
  const out = new Map<number, Resource[]>();
  if (typeIds.length === 0) return out;
  const rows = await db.query<Resource & { TypeId: number }>(
    `select m.resource_type_id as "TypeId", r.id as "Id", r.name as "Name", r.description as "Description", r.active as "Active",
            r.color as "Color", r.email as "Email", r.mobile_phone as "MobilePhone", r.image_url as "ImageUrl",
            r.priority as "Priority", r.email_notification as "EmailNotification", r.sms_notification as "SMSNotification"
       from resource_type_resources m join resources r on r.id = m.resource_id
      where m.company_id = $1 and m.resource_type_id = any($2::int[])
      order by r.priority, r.name, r.id`,
    [ctx.companyId, [...typeIds]],
  );
  for (const { TypeId, ...resource } of rows) {
    const list = out.get(TypeId) ?? [];
    list.push(resource);
    out.set(TypeId, list);
  }
  return out;
}

export const resourceTypes = defineResource<ResourceType, ResourceTypeInput, ResourceTypeListQuery>({
  entity: 'ResourceType',
  path: '/resourcetypes',
  table: 'resource_types',
  fields: {
    ...ID_FIELD,
    Name: 'name',
    Description: 'description',
    Active: { column: 'active', kind: 'bool' },
  },
  search: ['name', 'description'],
  sort: ['Id', 'Name', 'Active'],
  defaultSort: 'Name',
  filters: { Id: 'Id', Active: 'Active' },
  schemas: { query: 'ResourceTypeListQuery', input: 'ResourceTypeInput', item: 'ResourceType' },
  hooks: {
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      const name = input.Name.trim();
      if (!name) errors.add('Name', 'NotEmpty');
      const members = input.Resources ?? [];
      await checkOwnIds(w.db, w.ctx, 'resources', members.map((m) => m.Id), (i) => `Resources[${i}].Id`, errors);
      errors.throwIfAny();
      return { input: { ...input, Name: name, Description: input.Description?.trim() || null } };
    },
    async afterWrite(id, input, w) {
      if (!input.Resources) return;
      await w.db.query('delete from resource_type_resources where resource_type_id = $1 and company_id = $2', [id, w.ctx.companyId]);
      for (const member of input.Resources) {
        await w.db.query(
          'insert into resource_type_resources (company_id, resource_type_id, resource_id) values ($1, $2, $3) on conflict do nothing',
          [w.ctx.companyId, id, member.Id],
        );
        if (member.Priority !== undefined) {
          await w.db.query('update resources set priority = $1, updated = now() where id = $2 and company_id = $3', [member.Priority, member.Id, w.ctx.companyId]);
        }
      }
      // Services that may use only some resources of this type lose the ones that left it.
      await w.db.query(
        `delete from service_resources sr where sr.company_id = $1 and sr.resource_type_id = $2
            and not exists (select 1 from resource_type_resources m where m.resource_type_id = sr.resource_type_id and m.resource_id = sr.resource_id)`,
        [w.ctx.companyId, id],
      );
    },
    async afterRead(records, r) {
      const members = await membersOf(r.db, r.ctx, records.map((t) => t.Id));
      for (const t of records) t.Resources = members.get(t.Id) ?? [];
    },
    async beforeDelete(record, w) {
      const users = await w.db.query<{ name: string }>(
        `select s.name from service_resource_types srt join services s on s.id = srt.service_id
          where srt.company_id = $1 and srt.resource_type_id = $2 order by s.name`,
        [w.ctx.companyId, record.Id],
      );
      if (users.length > 0) {
        throw ApiError.conflict('Id', schedulingKey('ResourceTypeInUse'), { name: record.Name, services: users.map((u) => u.name).join(', ') });
      }
    },
  },
});

export const resources = defineResource<ResourceDetails, ResourceInput, ResourceQuery>({
  entity: 'Resource',
  path: '/resource',
  table: 'resources',
  fields: {
    ...RECORD_FIELDS,
    Name: 'name',
    Description: 'description',
    Active: { column: 'active', kind: 'bool' },
    Color: 'color',
    Email: 'email',
    MobilePhone: 'mobile_phone',
    ImageUrl: 'image_url',
    Priority: { column: 'priority', kind: 'int' },
    EmailNotification: { column: 'email_notification', kind: 'bool' },
    SMSNotification: { column: 'sms_notification', kind: 'bool' },
  },
  search: ['name', 'description', 'email', 'mobile_phone'],
  sort: ['Id', 'Name', 'Priority', 'Active', 'Created', 'Updated'],
  defaultSort: 'Priority,Name',
  filters: {
    Id: 'Id',
    Active: 'Active',
    ResourceTypeId: (value, p) => {
      const ids = (Array.isArray(value) ? value : [value]).map(Number);
      return `exists (select 1 from resource_type_resources m where m.resource_id = t.id and m.resource_type_id = any(${p.add(ids)}::int[]))`;
    },
  },
  schemas: { query: 'ResourceQuery', input: 'ResourceInput', item: 'ResourceDetails' },
  hooks: {
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      const name = input.Name.trim();
      if (!name) errors.add('Name', 'NotEmpty');
      if (input.ResourceTypeIds) await checkOwnIds(w.db, w.ctx, 'resource_types', input.ResourceTypeIds, (i) => `ResourceTypeIds[${i}]`, errors);
      errors.throwIfAny();
      const color = input.Color ?? (w.existing && input.Color === undefined ? undefined : await nextColor(w.db, w.ctx.companyId));
      return {
        input: {
          ...input,
          Name: name,
          Color: color,
          Email: input.Email?.trim() || (input.Email === undefined ? undefined : null),
          Priority: input.Priority ?? (w.existing ? undefined : DEFAULT_PRIORITY),
        },
      };
    },
    async afterWrite(id, input, w) {
      if (!input.ResourceTypeIds) return;
      await w.db.query('delete from resource_type_resources where resource_id = $1 and company_id = $2 and resource_type_id <> all($3::int[])', [
        id,
        w.ctx.companyId,
        input.ResourceTypeIds,
      ]);
      await w.db.query(
        `insert into resource_type_resources (company_id, resource_type_id, resource_id)
         select $1, unnest($2::int[]), $3 on conflict do nothing`,
        [w.ctx.companyId, input.ResourceTypeIds, id],
      );
      await w.db.query(
        `delete from service_resources sr where sr.resource_id = $1 and sr.company_id = $2
            and not exists (select 1 from resource_type_resources m where m.resource_type_id = sr.resource_type_id and m.resource_id = sr.resource_id)`,
        [id, w.ctx.companyId],
      );
    },
    async afterRead(records, r) {
      const types = await linkedNames(r.db, r.ctx, 'resource_type_resources', 'resource_id', 'resource_type_id', 'resource_types', records.map((x) => x.Id));
      for (const x of records) x.ResourceTypes = types.get(x.Id) ?? [];
    },
    async beforeDelete(record, w) {
      const booked = await w.db.one<{ n: number }>(
        `select count(*)::int as n from booking_resources br join bookings b on b.id = br.booking_id
          where br.company_id = $1 and br.resource_id = $2 and b.ends_at > now() and b.status_id <> all($3::int[])`,
        [w.ctx.companyId, record.Id, PAST_OR_FREEING],
      );
      if (booked && booked.n > 0) throw ApiError.conflict('Id', schedulingKey('ResourceHasBookings'), { name: record.Name });
    },
  },
});

/** GET, POST /resourcetypes; PUT, DELETE /resourcetypes/{Id}; GET, POST /resource; PUT, DELETE /resource/{Id}. */
export default async function resourcesArea(app: FastifyInstance): Promise<void> {
  registerResource(app, resourceTypes);
  registerResource(app, resources);
}
