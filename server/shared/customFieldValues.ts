import type { CustomField, CustomFieldTable, CustomFieldValue, CustomFieldValueInput } from '../../schema/customfields';
import type { Db } from '../db/db';
import { ValidationErrors } from './errors';
import { validateCustomFieldValues, type CustomFieldDefinition } from '../../domain/customFields';
import { extendMessages, type Lang } from './messages';

/** Messages of the custom-field rules (domain/customFields.ts), used by every area whose records carry custom fields. */
const customFieldMessages = {
  CustomFieldMessage: { en: '{message}', sv: '{message}', fi: '{message}', no: '{message}' },
  CustomFieldNotAnOption: {
    en: "'{field}' must be one of the options in the list.",
    sv: "'{field}' måste vara ett av alternativen i listan.",
    fi: "'{field}' on oltava jokin listan vaihtoehdoista.",
    no: "'{field}' må være ett av alternativene i listen.",
  },
  CustomFieldUnknown: {
    en: 'Custom field {id} does not exist or does not apply here.',
    sv: 'Det anpassade fältet {id} finns inte eller gäller inte här.',
    fi: 'Mukautettua kenttää {id} ei ole tai se ei koske tätä.',
    no: 'Det egendefinerte feltet {id} finnes ikke eller gjelder ikke her.',
  },
} satisfies Record<string, Record<Lang, string>>;

/** Loads the custom-field messages into the server catalogue (the areas plugin calls it). */
export function registerCustomFieldMessages(): void {
  extendMessages(customFieldMessages);
}

/** A custom field definition as DEFINITION_COLUMNS select it: the wire record without its services and timestamps. */
type DefinitionRow = Omit<CustomField, 'Services' | 'Created' | 'Updated'>;

const DEFINITION_COLUMNS = `f.id as "Id", f.name as "Name", f.description as "Description", f.width as "Width",
  f.data_type as "DataType", f.default_value as "DefaultValue", f.is_mandatory as "IsMandatory",
  f.mandatory_error_message as "MandatoryErrorMessage", f.max_length as "MaxLength",
  f.multiple_line_text as "MultipleLineText", f.reg_ex as "RegExId", f.reg_ex_error_message as "RegExErrorMessage",
  f.is_public as "IsPublic", f.is_hidden as "IsHidden", f.sort_order as "SortOrder", f.table_name as "Table",
  f.active as "Active", f."values" as "Values"`;

/**
 * The active custom fields of one table of a company, in SortOrder. For Event and BookedEvent
 * fields pass serviceId to get only those that apply to that service (connected to it, or to none).
 * @example
 * const defs = await loadCustomFieldDefinitions(db, ctx.companyId, 'RegisteredUsers');
 */
export async function loadCustomFieldDefinitions(
  db: Db,
  companyId: number,
  table: CustomFieldTable,
  serviceId?: number,
  alsoIds: readonly number[] = [],
): Promise<DefinitionRow[]> {
  const params: (string | number)[] = [companyId, table];
  let serviceCond = '';
  if (serviceId !== undefined) {
    params.push(serviceId, `{${alsoIds.map(Number).join(',')}}`);
    serviceCond = `and (not exists (select 1 from custom_field_services s where s.custom_field_id = f.id)
      or exists (select 1 from custom_field_services s where s.custom_field_id = f.id and s.service_id = $3)
      or f.id = any($4::text::int[]))`;
  }
  return db.query<DefinitionRow>(
    `select ${DEFINITION_COLUMNS} from custom_fields f
      where f.company_id = $1 and f.table_name = $2 and f.active ${serviceCond}
      order by f.sort_order, f.id`,
    params,
  );
}

/**
 * The filled-in values of many records at once (one query), keyed by record id, in the fields'
 * SortOrder. entityType is the custom field table the records belong to.
 * @example
 * const values = await loadCustomFieldValues(db, ctx.companyId, 'RegisteredUsers', customers.map((c) => c.Id));
 * for (const c of customers) c.CustomFieldValues = values.get(c.Id) ?? [];
 */
export async function loadCustomFieldValues(db: Db, companyId: number, entityType: CustomFieldTable, ids: readonly number[]): Promise<Map<number, CustomFieldValue[]>> {
  const out = new Map<number, CustomFieldValue[]>();
  if (!ids.length) return out;
  const rows = await db.query<{ entity_id: number; Id: number; Name: string; Value: string }>(
    `select v.entity_id, f.id as "Id", f.name as "Name", v.value as "Value"
       from custom_field_values v join custom_fields f on f.id = v.custom_field_id
      where v.company_id = $1 and v.entity_type = $2 and v.entity_id = any($3::text::int[])
      order by f.sort_order, f.id`,
    [companyId, entityType, `{${ids.map(Number).join(',')}}`],
  );
  for (const r of rows) {
    const list = out.get(r.entity_id) ?? [];
    list.push({ Id: r.Id, Name: r.Name, Value: r.Value });
    out.set(r.entity_id, list);
  }
  return out;
}

/**
 * Stores submitted values of one record inside the caller's transaction: a value replaces the
 * stored one, an empty value removes it; fields not submitted keep their values.
 * Call checkCustomFieldValues first.
 * @example
 * await saveCustomFieldValues(tx, ctx.companyId, 'RegisteredUsers', customerId, body.CustomFieldValues ?? []);
 */
export async function saveCustomFieldValues(
  tx: Db,
  companyId: number,
  entityType: CustomFieldTable,
  entityId: number,
  values: readonly CustomFieldValueInput[],
): Promise<void> {
  for (const v of values) {
    if ((v.Value ?? '').trim() === '') {
      await tx.query(
        'delete from custom_field_values where company_id = $1 and entity_type = $2 and entity_id = $3 and custom_field_id = $4',
        [companyId, entityType, entityId, v.Id],
      );
    } else {
      await tx.query(
        `insert into custom_field_values (company_id, custom_field_id, entity_type, entity_id, value) values ($1, $4, $2, $3, $5)
         on conflict (company_id, entity_type, entity_id, custom_field_id) do update set value = excluded.value`,
        [companyId, entityType, entityId, v.Id, v.Value],
      );
    }
  }
}

/**
 * Validates the values a create or update submits, merged with those already stored for the record
 * (entityId undefined on create), and throws one 400 naming every bad field
 * (`CustomFieldValues.{field Id}`). With `submitted` undefined on an update nothing is checked.
 * With connectFilled (a service's own fields), a field that is given a value applies even if it is
 * connected only to other services: connectFilledFields then connects it to this service.
 * @example
 * await checkCustomFieldValues(tx, ctx.companyId, 'RegisteredUsers', existing?.Id, body.CustomFieldValues);
 */
export async function checkCustomFieldValues(
  db: Db,
  companyId: number,
  table: CustomFieldTable,
  entityId: number | undefined,
  submitted: readonly CustomFieldValueInput[] | undefined,
  options: { serviceId?: number; fieldPrefix?: string; errors?: ValidationErrors; connectFilled?: boolean } = {},
): Promise<void> {
  if (submitted === undefined && entityId !== undefined) return;
  const filled = options.connectFilled ? filledIds(submitted) : [];
  const definitions: CustomFieldDefinition[] = await loadCustomFieldDefinitions(db, companyId, table, options.serviceId, filled);
  const merged = new Map<number, CustomFieldValueInput>();
  if (entityId !== undefined) {
    const stored = (await loadCustomFieldValues(db, companyId, table, [entityId])).get(entityId) ?? [];
    const known = new Set(definitions.map((d) => d.Id));
    for (const v of stored) if (known.has(v.Id)) merged.set(v.Id, { Id: v.Id, Value: v.Value });
  }
  for (const v of submitted ?? []) merged.set(v.Id, v);
  const errors = options.errors ?? new ValidationErrors();
  validateCustomFieldValues(definitions, [...merged.values()], errors, options.fieldPrefix ?? 'CustomFieldValues');
  if (!options.errors) errors.throwIfAny();
}

function filledIds(values: readonly CustomFieldValueInput[] | undefined): number[] {
  return (values ?? []).filter((v) => (v.Value ?? '').trim() !== '').map((v) => v.Id);
}

/**
 * A service that is given a value for one of its own (Event) fields that is connected only to other
 * services becomes one of that field's services, so that the value shows where the field applies:
 * what lets a new service, or a copy, carry a field such as "Nivå".
 * @example
 * await connectFilledFields(tx, ctx.companyId, serviceId, input.CustomFieldValues);
 */
export async function connectFilledFields(tx: Db, companyId: number, serviceId: number, values: readonly CustomFieldValueInput[] | undefined): Promise<void> {
  const ids = filledIds(values);
  if (!ids.length) return;
  await tx.query(
    `insert into custom_field_services (company_id, custom_field_id, service_id)
     select $1, f.id, $2 from custom_fields f
      where f.company_id = $1 and f.table_name = 'Event' and f.id = any($3::text::int[])
        and exists (select 1 from custom_field_services s where s.custom_field_id = f.id)
        and not exists (select 1 from custom_field_services s where s.custom_field_id = f.id and s.service_id = $2)`,
    [companyId, serviceId, `{${ids.map(Number).join(',')}}`],
  );
}
