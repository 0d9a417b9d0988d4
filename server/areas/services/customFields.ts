import type { FastifyInstance } from 'fastify';
import type { CustomField, CustomFieldInput, CustomFieldQuery, CustomFieldSlot, CustomFieldSlotQuery, CustomFieldTable } from '../../../schema/customfields';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { defineResource, RECORD_FIELDS, pageSchema, registerResource, selectWhere } from '../../autoquery/index';
import { MAX_PATTERN_PROGRAM, patternProblem, type PatternProblem } from '../../../domain/patterns';
import { CUSTOM_FIELD_NOT_AN_OPTION } from '../../../domain/customFields';
import { ref } from '../../shared/schemas';
import { catalogKey, catalogWords } from './messages';
import { validationList } from './catalogReference';

/** How many custom fields a company may have per table (what GET /customfields/slots counts). */
export const MAX_CUSTOM_FIELDS_PER_TABLE = 50;
const PATTERN_MESSAGES = { invalid: 'InvalidRegex', unsupported: 'UnsupportedRegex', tooComplex: 'RegexTooComplex' } as const satisfies Record<PatternProblem, string>;
const TABLES: CustomFieldTable[] = ['Event', 'RegisteredUsers', 'BookedEvent'];

async function attachServices(db: Db, ctx: CallerContext, fields: CustomField[]): Promise<void> {
  const rows = await db.query<{ custom_field_id: number; Id: number; Name: string }>(
    `select cs.custom_field_id, s.id as "Id", s.name as "Name"
       from custom_field_services cs join services s on s.id = cs.service_id
      where cs.company_id = $1 and cs.custom_field_id = any($2::text::int[])
      order by s.sort_order, s.name, s.id`,
    [ctx.companyId, `{${fields.map((f) => f.Id).join(',')}}`],
  );
  for (const f of fields) f.Services = rows.filter((r) => r.custom_field_id === f.Id).map((r) => ({ Id: r.Id, Name: r.Name }));
}

/**
 * A custom field's rules that need no database, on the body as sent (the declaration's checkInput,
 * before the schema) and again on the validated input: each only where the fields it reads have
 * the schema's types.
 */
function checkFieldRules(body: Record<string, unknown>, refuse: (field: string, key: string, params?: Record<string, string | number>) => void): void {
  if (typeof body.Name === 'string' && !body.Name.trim()) refuse('Name', 'NotEmpty');
  const values = body.Values;
  if (body.DataType === 'DropDown' && (values === undefined || values === null || Array.isArray(values))) {
    const options = (values ?? []) as unknown[];
    if (!options.length) refuse('Values', catalogKey('DropDownNeedsValues'));
    else if (typeof body.DefaultValue === 'string' && body.DefaultValue && !options.some((v) => (v as { Value?: unknown } | null)?.Value === body.DefaultValue)) {
      refuse('DefaultValue', CUSTOM_FIELD_NOT_AN_OPTION);
    }
  }
  const problem = typeof body.RegExId === 'string' && body.RegExId.trim() ? patternProblem(body.RegExId) : null;
  if (problem) refuse('RegExId', catalogKey(PATTERN_MESSAGES[problem]), { limit: MAX_PATTERN_PROGRAM });
  if (Array.isArray(body.Services) && body.Services.length && body.Table === 'RegisteredUsers') refuse('Services', catalogKey('ServicesNotAllowed'));
}

async function checkRules(input: CustomFieldInput, db: Db, ctx: CallerContext, isCreate: boolean): Promise<CustomFieldInput> {
  const errors = new ValidationErrors();
  checkFieldRules(input as unknown as Record<string, unknown>, (field, key, params) => errors.add(field, key, params));
  const name = input.Name.trim();
  const values = input.Values ? [...input.Values].sort((a, b) => a.SortOrder - b.SortOrder) : input.Values;
  const regEx = input.RegExId?.trim() ? input.RegExId : null;
  const services = [...new Set(input.Services ?? [])];
  if (services.length && input.Table !== 'RegisteredUsers') {
    const own = await db.query<{ id: number }>(`select id from services where company_id = $1 and id = any($2::text::int[])`, [
      ctx.companyId,
      `{${services.join(',')}}`,
    ]);
    if (own.length !== services.length) errors.add('Services', catalogKey('UnknownReference'), { what: catalogWords.service[ctx.lang] });
  }
  errors.throwIfAny();
  if (isCreate) {
    const used = await db.one<{ n: number; next: number }>(
      'select count(*)::int as n, coalesce(max(sort_order) + 1, 0)::int as next from custom_fields where company_id = $1 and table_name = $2',
      [ctx.companyId, input.Table],
    );
    if ((used?.n ?? 0) >= MAX_CUSTOM_FIELDS_PER_TABLE) {
      throw ApiError.conflict('Table', catalogKey('NoFreeSlots'), { limit: MAX_CUSTOM_FIELDS_PER_TABLE });
    }
    if (input.SortOrder === undefined) input = { ...input, SortOrder: used?.next ?? 0 };
  }
  const keptServices = input.Services === undefined ? undefined : services;
  return { ...input, Name: name, Values: values, RegExId: regEx, Services: input.Table === 'RegisteredUsers' ? [] : keptServices };
}

export const customFields = defineResource<CustomField, CustomFieldInput, CustomFieldQuery>({
  entity: 'CustomField',
  path: '/customfields',
  table: 'custom_fields',
  fields: {
    ...RECORD_FIELDS,
    Name: 'name',
    Description: 'description',
    Width: { column: 'width', kind: 'int' },
    DataType: 'data_type',
    DefaultValue: 'default_value',
    IsMandatory: { column: 'is_mandatory', kind: 'bool' },
    MandatoryErrorMessage: 'mandatory_error_message',
    MaxLength: { column: 'max_length', kind: 'int' },
    MultipleLineText: { column: 'multiple_line_text', kind: 'bool' },
    RegExId: 'reg_ex',
    RegExErrorMessage: 'reg_ex_error_message',
    IsPublic: { column: 'is_public', kind: 'bool' },
    IsHidden: { column: 'is_hidden', kind: 'bool' },
    SortOrder: { column: 'sort_order', kind: 'int' },
    Table: 'table_name',
    Active: { column: 'active', kind: 'bool' },
    Values: { column: 'values', kind: 'json' },
  },
  search: ['name', 'description'],
  sort: ['Id', 'Name', 'SortOrder', 'Table', 'DataType', 'Active', 'Created'],
  defaultSort: 'SortOrder,Name',
  filters: {
    Id: 'Id',
    Table: 'Table',
    Active: 'Active',
    ServiceId: (value, p) => {
      const id = p.add(Number(value));
      return `(not exists (select 1 from custom_field_services s where s.custom_field_id = t.id)
        or exists (select 1 from custom_field_services s where s.custom_field_id = t.id and s.service_id = ${id}))`;
    },
  },
  schemas: { query: 'CustomFieldQuery', input: 'CustomFieldInput', item: 'CustomField' },
  hooks: {
    checkInput: checkFieldRules,
    async beforeWrite(input, w) {
      return { input: await checkRules(input, w.db, w.ctx, !w.existing) };
    },
    async afterWrite(id, input, w) {
      if (input.Services === undefined) return;
      await w.db.query('delete from custom_field_services where company_id = $1 and custom_field_id = $2', [w.ctx.companyId, id]);
      for (const serviceId of input.Services) {
        await w.db.query('insert into custom_field_services (company_id, custom_field_id, service_id) values ($1, $2, $3)', [w.ctx.companyId, id, serviceId]);
      }
    },
    async afterRead(records, r) {
      await attachServices(r.db, r.ctx, records);
    },
  },
});

/**
 * The active fields of one table with the services they apply to (two queries), for attaching
 * to a page of services.
 */
export function customFieldsOfServices(db: Db, ctx: CallerContext, table: CustomFieldTable): Promise<CustomField[]> {
  return selectWhere(db, ctx, customFields, (p) => `t.table_name = ${p.add(table)} and t.active`);
}

/** Custom fields: the standard routes, the named validation patterns and the free slots per table. */
export default async function customFieldsArea(app: FastifyInstance): Promise<void> {
  registerResource(app, customFields);

  app.get('/customfields/validations', { schema: { response: { 200: pageSchema('CustomFieldValidation') } } }, async (request) => {
    const results = validationList(request.ctx.lang);
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.get(
    '/customfields/slots',
    { schema: { querystring: ref('CustomFieldSlotQuery'), response: { 200: pageSchema('CustomFieldSlot') } } },
    async (request) => {
      const { Table } = request.query as CustomFieldSlotQuery;
      const rows = await app.db.query<{ table_name: CustomFieldTable; n: number; next: number }>(
        `select table_name, count(*)::int as n, (max(sort_order) + 1)::int as next
           from custom_fields where company_id = $1 group by table_name`,
        [request.ctx.companyId],
      );
      const results: CustomFieldSlot[] = TABLES.filter((t) => !Table || t === Table).map((table) => {
        const row = rows.find((r) => r.table_name === table);
        const used = row?.n ?? 0;
        return {
          Table: table,
          MaxSlots: MAX_CUSTOM_FIELDS_PER_TABLE,
          UsedSlots: used,
          FreeSlots: Math.max(0, MAX_CUSTOM_FIELDS_PER_TABLE - used),
          NextSortOrder: row?.next ?? 0,
        };
      });
      return { Offset: 0, Total: results.length, Results: results };
    },
  );
}
