import type { FastifyInstance } from 'fastify';
import type { CustomField } from '../../../schema/customfields';
import type { Service, ServiceInput, ServiceQuery } from '../../../schema/services';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ValidationErrors } from '../../shared/errors';
import { checkPlanLimit } from '../../shared/planLimits';
import { defineResource, RECORD_FIELDS, pageSchema, registerResource } from '../../autoquery/index';
import { normalizeDurations } from '../../../domain/durations';
import { codeList, referenceLists } from './catalogReference';
import { checkCustomFieldValues, connectFilledFields, loadCustomFieldValues, saveCustomFieldValues } from '../../shared/customFieldValues';
import { customFieldsOfServices } from './customFields';
import { pricesOfServices } from './prices';
import { resourceTypesOfServices, schedulesOfServices } from '../../shared/serviceLinks';

function checkMinMax(errors: ValidationErrors, name: 'GroupBooking' | 'MultipleResource', value: ServiceInput['GroupBooking']): void {
  if (value && value.Min > value.Max) errors.add(`${name}.Min`, 'MinAboveMax', { other: `${name}.Max` });
}

async function attachChildren(records: Service[], db: Db, ctx: CallerContext, query: ServiceQuery): Promise<void> {
  const ids = records.map((r) => r.Id);
  if (query.IncludePrices) {
    const prices = await pricesOfServices(db, ctx, ids, { date: query.PriceDate, time: query.PriceTime });
    for (const r of records) r.Prices = prices.get(r.Id) ?? [];
  }
  if (query.IncludeResources) {
    const types = await resourceTypesOfServices(db, ctx, ids);
    for (const r of records) r.ResourceTypes = types.get(r.Id) ?? [];
  }
  if (query.IncludeSchedules) {
    const schedules = await schedulesOfServices(db, ctx, ids);
    for (const r of records) r.Schedules = schedules.get(r.Id) ?? [];
  }
  if (query.IncludeCustomFieldValues) {
    const values = await loadCustomFieldValues(db, ctx.companyId, 'Event', ids);
    for (const r of records) r.CustomFieldValues = values.get(r.Id) ?? [];
  }
  const attachFields = async (table: 'Event' | 'BookedEvent', set: (r: Service, fields: CustomField[]) => void) => {
    const fields = await customFieldsOfServices(db, ctx, table);
    for (const r of records) set(r, fields.filter((f) => f.Services.length === 0 || f.Services.some((s) => s.Id === r.Id)));
  };
  if (query.IncludeCustomFields) await attachFields('Event', (r, f) => (r.CustomFields = f));
  if (query.IncludeBookingCustomFields) await attachFields('BookedEvent', (r, f) => (r.BookingCustomFields = f));
}

export const services = defineResource<Service, ServiceInput, ServiceQuery>({
  entity: 'Service',
  path: '/services',
  table: 'services',
  fields: {
    ...RECORD_FIELDS,
    Name: 'name',
    Description: 'description',
    Group: 'group_name',
    Active: { column: 'active', kind: 'bool' },
    ImageUrl: 'image_url',
    Duration: { column: 'duration', kind: 'int' },
    MinDuration: { column: 'min_duration', kind: 'int' },
    MaxDuration: { column: 'max_duration', kind: 'int' },
    DurationInterval: { column: 'duration_interval', kind: 'int' },
    DurationTypeId: { column: 'duration_type_id', kind: 'int' },
    SortOrder: { column: 'sort_order', kind: 'int' },
    TotalSpots: { column: 'total_spots', kind: 'int' },
    BookingStatusId: { column: 'booking_status_id', kind: 'int' },
    IsPaymentEnabled: { column: 'is_payment_enabled', kind: 'bool' },
    EnableBookingQueue: { column: 'enable_booking_queue', kind: 'bool' },
    GroupBooking: { column: 'group_booking', kind: 'json' },
    MultipleResource: { column: 'multiple_resource', kind: 'json' },
  },
  search: ['name', 'description', 'group_name'],
  sort: ['Id', 'Name', 'Group', 'SortOrder', 'Duration', 'Active', 'Created', 'Updated'],
  defaultSort: 'SortOrder,Name',
  filters: { Id: 'Id', Active: 'Active', Group: 'Group' },
  schemas: { query: 'ServiceQuery', input: 'ServiceInput', item: 'Service' },
  readBack: { IncludeCustomFieldValues: true },
  hooks: {
    async beforeWrite(input, w) {
      if (!w.existing) await checkPlanLimit(w.db, w.ctx, 'services');
      const errors = new ValidationErrors();
      const name = input.Name.trim();
      const description = input.Description.trim();
      if (!name) errors.add('Name', 'NotEmpty');
      if (!description) errors.add('Description', 'NotEmpty');
      const kept = <K extends 'MinDuration' | 'MaxDuration' | 'DurationInterval'>(key: K) => (key in input ? input[key] : w.existing?.[key]);
      const { durations, problems } = normalizeDurations({
        Duration: input.Duration,
        MinDuration: kept('MinDuration'),
        MaxDuration: kept('MaxDuration'),
        DurationInterval: kept('DurationInterval'),
      });
      for (const p of problems) errors.add(p.field, 'MinAboveMax', { other: p.other });
      checkMinMax(errors, 'GroupBooking', input.GroupBooking);
      checkMinMax(errors, 'MultipleResource', input.MultipleResource);
      await checkCustomFieldValues(w.db, w.ctx.companyId, 'Event', w.existing?.Id, input.CustomFieldValues, {
        serviceId: w.existing?.Id ?? 0,
        errors,
        connectFilled: true,
      });
      errors.throwIfAny();
      const group = input.Group?.trim();
      return {
        input: {
          ...input,
          Name: name,
          Description: description,
          ...('Group' in input ? { Group: group ? group : null } : {}),
          MinDuration: durations.minDuration,
          MaxDuration: durations.maxDuration,
          DurationInterval: durations.interval,
        },
      };
    },
    async afterWrite(id, input, w) {
      await connectFilledFields(w.db, w.ctx.companyId, id, input.CustomFieldValues);
      await saveCustomFieldValues(w.db, w.ctx.companyId, 'Event', id, input.CustomFieldValues ?? []);
    },
    async afterRead(records, r) {
      await attachChildren(records, r.db, r.ctx, r.query);
    },
    async beforeDelete(record, w) {
      await w.db.query(`delete from custom_field_values where company_id = $1 and entity_type = 'Event' and entity_id = $2`, [w.ctx.companyId, record.Id]);
    },
  },
});

/** Services: the standard routes, the company's groups and the code lists the editor uses. */
export default async function servicesArea(app: FastifyInstance): Promise<void> {
  registerResource(app, services);

  app.get('/services/groups', { schema: { response: { 200: pageSchema('ServiceGroup') } } }, async (request) => {
    const rows = await app.db.query<{ Name: string; Count: number }>(
      `select group_name as "Name", count(*)::int as "Count" from services
        where company_id = $1 and group_name is not null and group_name <> ''
        group by group_name order by group_name`,
      [request.ctx.companyId],
    );
    return { Offset: 0, Total: rows.length, Results: rows };
  });

  const lists = {
    '/services/durationtypes': referenceLists.durationTypes,
    '/services/scheduletypes': referenceLists.scheduleTypes,
    '/services/priceviewtypes': referenceLists.priceViewTypes,
    '/services/prices/calculationtypes': referenceLists.calculationTypes,
  };
  for (const [path, entries] of Object.entries(lists)) {
    app.get(path, { schema: { response: { 200: pageSchema('CodeName') } } }, async (request) => {
      const results = codeList(entries, request.ctx.lang);
      return { Offset: 0, Total: results.length, Results: results };
    });
  }
}
