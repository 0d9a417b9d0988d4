import { ApiError, ValidationErrors } from '../../shared/errors';
import type { FastifyInstance } from 'fastify';
import { companyContext, companyCountry, type CallerContext } from '../../shared/context';
import { mayBePhone, phoneSearchDigits, storedPhone } from '../../../domain/phoneNumbers';
import type { Db, SqlParam } from '../../db/db';
import { ref } from '../../shared/schemas';
import { containsPattern, createRecord, defineResource, RECORD_FIELDS, deleteRecord, idParams, orderClause, pageSchema, updateRecord, type Page } from '../../autoquery/index';
import type { AccessKey, Customer, CustomerInput, CustomerQuery, InvoiceAddress } from '../../../schema/customers';
import { loadCustomFieldValues, saveCustomFieldValues } from '../../shared/customFieldValues';
import { checkCustomer, CUSTOM_FIELD_TABLE, customerRulesEarly } from './customerRules';
import { localTime, pgCode } from '../../shared/fieldErrors';
import { ResponseCache } from '../../shared/responseCache';
import type { RecordEventType } from '../../shared/recordEvents';


interface DetailRow {
  id: number;
  invoice_address: InvoiceAddress;
  access_keys: AccessKey[] | null;
}

/** SQL for the parts of a customer that are not plain fields (alias c), each built as the wire shows it. */
const DETAIL_COLUMNS = `json_build_object('CorporateIdentityNumber', c.corporate_identity_number, 'InvoiceAddress1', c.invoice_address1,
    'InvoiceAddress2', c.invoice_address2, 'InvoiceCity', c.invoice_city, 'InvoicePostalCode', c.invoice_postal_code,
    'InvoiceCountryCode', c.invoice_country_code) as invoice_address,
  (select json_agg(json_build_object('Id', k.id, 'AccessKeyTypeId', k.access_key_type_id, 'Value', k.value, 'Description', k.description) order by k.id)
     from customer_access_keys k where k.company_id = c.company_id and k.customer_id = c.id) as access_keys`;

/**
 * The customer's custom field values for the list query (one statement per page). Reads the
 * catalogue's generic custom_field_values table the way loadCustomFieldValues does.
 */
const LIST_CUSTOM_FIELD_VALUES = `(select json_agg(json_build_object('Id', f.id, 'Name', f.name, 'Value', v.value) order by f.sort_order, f.id)
     from custom_field_values v join custom_fields f on f.id = v.custom_field_id
    where v.company_id = c.company_id and v.entity_type = '${CUSTOM_FIELD_TABLE}' and v.entity_id = c.id) as custom_field_values`;

/** Fills InvoiceAddress, AccessKeys and CustomFieldValues of records read through the declaration (two queries). */
async function attachDetails(db: Db, companyId: number, records: Customer[]): Promise<void> {
  if (!records.length) return;
  const ids = `{${records.map((r) => Number(r.Id)).join(',')}}`;
  const [rows, values] = await Promise.all([
    db
      .query<DetailRow>(`select c.id, ${DETAIL_COLUMNS} from customers c where c.company_id = $1 and c.id = any($2::text::int[])`, [companyId, ids])
      .then((list) => new Map(list.map((r) => [r.id, r]))),
    loadCustomFieldValues(db, companyId, CUSTOM_FIELD_TABLE, records.map((r) => r.Id)),
  ]);
  for (const record of records) {
    const row = rows.get(record.Id);
    record.InvoiceAddress = row?.invoice_address ?? {};
    record.AccessKeys = row?.access_keys ?? [];
    record.CustomFieldValues = values.get(record.Id) ?? [];
  }
}

/**
 * The customer declaration: plain fields through the autoquery engine; invoice address columns,
 * access keys and custom field values (table RegisteredUsers) through its hooks.
 */
export const customers = defineResource<Customer, CustomerInput, CustomerQuery>({
  entity: 'Customer',
  path: '/customers',
  table: 'customers',
  fields: {
    ...RECORD_FIELDS,
    Firstname: 'firstname',
    Lastname: 'lastname',
    Email: 'email',
    Phone: 'phone',
    PersonalIdentityNumber: 'personal_identity_number',
    ImageUrl: 'image_url',
    SubscribedToNewsletter: { column: 'subscribed_to_newsletter', kind: 'bool' },
    Visible: { column: 'visible', kind: 'bool' },
    LastActivity: { column: 'last_activity', kind: 'datetime', readOnly: true },
    Erased: { column: 'erased', kind: 'datetime', readOnly: true },
  },
  search: ['firstname', 'lastname', 'email', 'phone'],
  sort: ['Id', 'Firstname', 'Lastname', 'Email', 'Phone', 'Created', 'Updated', 'LastActivity', 'Visible'],
  defaultSort: 'Lastname,Firstname',
  filters: { Id: 'Id', Visible: 'Visible' },
  schemas: { query: 'CustomerQuery', input: 'CustomerInput', item: 'Customer' },
  routes: { list: false, create: false, update: false, delete: false },
  hooks: {
    async beforeWrite(input, w) {
      const errors = new ValidationErrors();
      await checkCustomer(w.db, w.ctx.companyId, w.existing?.Id, input as unknown as Record<string, unknown>, errors);
      errors.throwIfAny();
      const firstname = input.Firstname.trim();
      const lastname = input.Lastname.trim();
      const columns: Record<string, SqlParam> = {};
      if (input.InvoiceAddress !== undefined) {
        const a = input.InvoiceAddress;
        Object.assign(columns, {
          corporate_identity_number: a.CorporateIdentityNumber?.trim() || null,
          invoice_address1: a.InvoiceAddress1?.trim() || null,
          invoice_address2: a.InvoiceAddress2?.trim() || null,
          invoice_city: a.InvoiceCity?.trim() || null,
          invoice_postal_code: a.InvoicePostalCode?.trim() || null,
          invoice_country_code: a.InvoiceCountryCode?.trim().toUpperCase() || null,
        });
      }
      const cleaned: CustomerInput = { ...input, Firstname: firstname, Lastname: lastname };
      for (const key of ['Email', 'PersonalIdentityNumber', 'ImageUrl'] as const) {
        if (key in input) cleaned[key] = input[key]?.trim() || null;
      }
      // One number typed two ways is one number: stored in E.164 when it is a valid one.
      if ('Phone' in input) cleaned.Phone = input.Phone?.trim() ? storedPhone(input.Phone, await companyCountry(w.db, w.ctx.companyId)) : null;
      return { input: cleaned, columns };
    },
    async afterWrite(id, input, w) {
      if (input.AccessKeys !== undefined) {
        await w.db.query('delete from customer_access_keys where company_id = $1 and customer_id = $2', [w.ctx.companyId, id]);
        for (const k of input.AccessKeys) {
          await w.db.query(
            'insert into customer_access_keys (company_id, customer_id, access_key_type_id, value, description) values ($1, $2, $3, $4, $5)',
            [w.ctx.companyId, id, k.AccessKeyTypeId, k.Value.trim(), k.Description ?? null],
          );
        }
      }
      if (input.CustomFieldValues !== undefined) {
        await saveCustomFieldValues(w.db, w.ctx.companyId, CUSTOM_FIELD_TABLE, id, input.CustomFieldValues);
      }
    },
    async afterRead(records, r) {
      await attachDetails(r.db, r.ctx.companyId, records);
    },
    async beforeDelete(record, w) {
      await w.db.query('delete from custom_field_values where company_id = $1 and entity_type = $2 and entity_id = $3', [
        w.ctx.companyId,
        CUSTOM_FIELD_TABLE,
        record.Id,
      ]);
    },
  },
});

const SORTS: Record<string, string> = {
  id: 'c.id',
  firstname: 'c.firstname',
  lastname: 'c.lastname',
  email: 'c.email',
  phone: 'c.phone',
  created: 'c.created',
  updated: 'c.updated',
  lastactivity: 'c.last_activity',
  visible: 'c.visible',
};

/** Extra conditions a caller (the GDPR tools) adds to a customer list. */
export interface CustomerCondition {
  sql: (p: (value: SqlParam) => string) => string;
}

type ListQuery = Pick<CustomerQuery, 'Skip' | 'Take' | 'OrderBy' | 'OrderByDesc' | 'Id' | 'Search' | 'Visible'>;

/**
 * One page of the caller's customers. Search matches first name, last name, e-mail, phone and the
 * values of the customer custom fields (a member number) anywhere (case-insensitive). Without Search, Id or an extra condition the Total comes from the
 * per-company counter the triggers keep, so a page of 100,000 customers costs an index scan of 25.
 * @example
 * const page = await listCustomers(app.db, request.ctx, { Take: 25, OrderBy: 'Lastname' });
 */
export async function listCustomers(db: Db, ctx: CallerContext, query: ListQuery, extra?: CustomerCondition): Promise<Page<Customer>> {
  const skip = query.Skip ?? 0;
  const take = query.Take ?? 50;
  const params: SqlParam[] = [ctx.companyId];
  const p = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const conds = ['c.company_id = $1'];
  if (query.Id !== undefined) conds.push(`c.id = any(${p(`{${query.Id.map(Number).join(',')}}`)}::text::int[])`);
  if (query.Visible !== undefined) conds.push(`c.visible = ${p(query.Visible)}`);
  const search = query.Search?.trim();
  if (search) {
    const pattern = p(containsPattern(search));
    // A phone number finds its customer however either was typed, by digits: '0733764821' finds
    // '+46733764821' and a number stored before numbers were normalised ('+46 73 376 48 21').
    const digits = mayBePhone(search) ? phoneSearchDigits(search, await companyCountry(db, ctx.companyId)) : [];
    const byPhone = digits.length
      ? `union select s.id from customers s where s.company_id = $1 and s.phone is not null
           and regexp_replace(s.phone, '[^0-9]', '', 'g') like any(${p(`{${digits.map((d) => `%${d}%`).join(',')}}`)}::text[])`
      : '';
    conds.push(`c.id in (select s.id from customers s where s.company_id = $1 and s.search_text like ${pattern}
      union select v.entity_id from custom_field_values v
       where v.company_id = $1 and v.entity_type = '${CUSTOM_FIELD_TABLE}' and lower(v.value) like ${pattern} ${byPhone})`);
  }
  if (extra) conds.push(`(${extra.sql(p)})`);
  const where = conds.join(' and ');
  const order = orderClause(query, SORTS, 'c.id', 'Lastname,Firstname');
  const countParams = [...params];
  const tz = p(ctx.timeZone);
  const cheapCount = !search && query.Id === undefined && !extra;
  // The company's counts plus the changes not yet folded into them (migration 023), from one snapshot.
  const counter = `(select ${query.Visible === undefined ? 'total' : query.Visible ? 'visible' : 'total - visible'} from (
      select sum(total)::int as total, sum(visible)::int as visible from (
        select total, visible from customer_counts where company_id = $1
        union all select total, visible from customer_count_changes where company_id = $1) parts) counts)`;
  const rows = await db.query<Customer & DetailRow & { custom_field_values: Customer['CustomFieldValues'] | null; counted: number | null }>(
    `select c.id as "Id", c.firstname as "Firstname", c.lastname as "Lastname", c.email as "Email", c.phone as "Phone",
        c.personal_identity_number as "PersonalIdentityNumber", c.image_url as "ImageUrl",
        c.subscribed_to_newsletter as "SubscribedToNewsletter", c.visible as "Visible",
        ${localTime('c.last_activity', tz)} as "LastActivity", ${localTime('c.erased', tz)} as "Erased", ${localTime('c.created', tz)} as "Created", ${localTime('c.updated', tz)} as "Updated",
        c.id, ${DETAIL_COLUMNS}, ${LIST_CUSTOM_FIELD_VALUES}, ${cheapCount ? counter : 'null::int'} as counted
      from customers c where ${where} order by ${order} limit ${p(take)} offset ${p(skip)}`,
    params,
  );
  let total = skip + rows.length;
  if (cheapCount) {
    total = rows.length ? (rows[0].counted ?? 0) : ((await db.one<{ n: number | null }>(`select ${counter} as n`, [ctx.companyId]))?.n ?? 0);
  } else if (rows.length === take || (rows.length === 0 && skip > 0)) {
    total = (await db.one<{ n: number }>(`select count(*)::int as n from customers c where ${where}`, countParams))?.n ?? 0;
  }
  const records = rows.map(
    (row): Customer => ({
      Id: row.Id,
      Firstname: row.Firstname,
      Lastname: row.Lastname,
      Email: row.Email,
      Phone: row.Phone,
      PersonalIdentityNumber: row.PersonalIdentityNumber,
      ImageUrl: row.ImageUrl,
      SubscribedToNewsletter: row.SubscribedToNewsletter,
      Visible: row.Visible,
      CustomFieldValues: row.custom_field_values ?? [],
      InvoiceAddress: row.invoice_address,
      AccessKeys: row.access_keys ?? [],
      LastActivity: row.LastActivity,
      Erased: row.Erased,
      Created: row.Created,
      Updated: row.Updated,
    }),
  );
  return { Offset: skip, Total: total, Results: records };
}

/**
 * GET /customers (Search, Visible, Id; sort by Firstname, Lastname, Email, Phone, Created, Updated, Id),
 * POST /customers, PUT and DELETE /customers/{Id}.
 */
export default async function customerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const item = { 200: ref('Customer') };
  const pages = new ResponseCache(app.versions, 'customers', app.config.responseCache);
  // A customer another area created (a booking for a new customer) is handed on as GET answers it.
  app.recordEvents.describe('customer', async (tx, companyId, id) => (await listCustomers(tx, await companyContext(tx, companyId), { Id: [id], Take: 1 })).Results[0]);

  app.get<{ Querystring: CustomerQuery }>(
    '/customers',
    { schema: { querystring: ref('CustomerQuery'), response: { 200: pageSchema('Customer') } } },
    (request, reply) => pages.answer(request, reply, () => listCustomers(db, request.ctx, request.query)),
  );

  /** A change and its event (webhooks hear it) in one transaction: the record as the change answers it. */
  const told = (type: RecordEventType, ctx: CallerContext, change: (tx: Db) => Promise<Customer>) =>
    db.tx(async (tx) => {
      const record = await change(tx);
      await app.recordEvents.emit(tx, { type, companyId: ctx.companyId, id: record.Id, record: async () => record });
      return record;
    });

  app.post<{ Body: CustomerInput }>('/customers', { preValidation: customerRulesEarly, schema: { body: ref('CustomerInput'), response: item } }, (request) =>
    told('customer.created', request.ctx, (tx) => createRecord(tx, request.ctx, customers, request.body)),
  );

  app.put<{ Params: { Id: number }; Body: CustomerInput }>(
    '/customers/:Id',
    { preValidation: customerRulesEarly, schema: { params: idParams, body: ref('CustomerInput'), response: item } },
    (request) => told('customer.updated', request.ctx, (tx) => updateRecord(tx, request.ctx, customers, request.params.Id, request.body)),
  );

  app.delete<{ Params: { Id: number } }>('/customers/:Id', { schema: { params: idParams, response: item } }, async (request) => {
    try {
      return await told('customer.deleted', request.ctx, (tx) => deleteRecord(tx, request.ctx, customers, request.params.Id));
    } catch (err) {
      if (pgCode(err) === '23503') throw ApiError.field(409, 'Id', 'CustomerHasBookings');
      throw err;
    }
  });
}
