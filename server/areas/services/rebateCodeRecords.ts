import type { IdName } from '../../../schema/common';
import type { RebateCode, RebateCodeCustomer, RebateCodeInput, RebateCodeQuery } from '../../../schema/rebatecodes';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { defineResource, RECORD_FIELDS, type SqlParams } from '../../autoquery/index';
import {
  generateSign,
  hasBalance,
  initialBalance,
  normaliseSign,
  rebateCodeTypeName,
  resolveDefaults,
  STATUS_ACTIVE,
  toMinor,
  validateRebateCodeInput,
} from '../../../domain/pricing';
import { catalogKey } from './messages';
import { dayOfWeek } from '../../shared/dayOfWeek';
import { replaceLinks } from '../../shared/links';
import { rebateKey, rebateWords } from './rebateCodeMessages';

/** An id list as one PostgreSQL array parameter (`= any($n::text::int[])`), which both drivers accept. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** A date filter value ('yyyy-MM-dd' or a date-time) as a date parameter. */
function dateParam(value: unknown, p: SqlParams): string {
  return `${p.add(String(value).slice(0, 10))}::date`;
}

interface RelationsRow {
  id: number;
  services: IdName[] | null;
  customers: RebateCodeCustomer[] | null;
}

/** Fills the derived fields and the connected services and customers of a page of codes (one query). */
async function attachRelations(records: RebateCode[], db: Db, companyId: number): Promise<void> {
  const rows = await db.query<RelationsRow>(
    `select r.id,
            (select json_agg(json_build_object('Id', s.id, 'Name', s.name) order by s.name, s.id)
               from rebate_code_services rs join services s on s.id = rs.service_id
              where rs.company_id = $1 and rs.rebate_code_id = r.id) as services,
            (select json_agg(json_build_object('Id', c.id, 'Firstname', c.firstname, 'Lastname', c.lastname, 'Email', c.email)
                             order by c.lastname, c.firstname, c.id)
               from rebate_code_customers rc join customers c on c.id = rc.customer_id
              where rc.company_id = $1 and rc.rebate_code_id = r.id) as customers
       from unnest($2::text::int[]) as r(id)`,
    [companyId, intArray(records.map((r) => r.Id))],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const r of records) {
    const row = byId.get(r.Id);
    r.RebateCodeTypeName = rebateCodeTypeName(r.RebateCodeTypeId);
    r.StatusName = r.RebateCodeStatusId === STATUS_ACTIVE ? 'Active' : 'Off';
    r.DaysOfWeek = (r.DaysOfWeek as unknown as number[]).map(dayOfWeek);
    r.Services = row?.services ?? [];
    r.Customers = row?.customers ?? [];
    r.Name = r.Name ?? '';
  }
}

/** 400 naming the field unless every id is one of the company's rows in `table`. */
async function assertOwn(db: Db, ctx: CallerContext, table: 'services' | 'customers', ids: readonly number[], field: string, errors: ValidationErrors): Promise<void> {
  if (!ids.length) return;
  const rows = await db.query<{ id: number }>(`select id from ${table} where company_id = $1 and id = any($2::text::int[])`, [ctx.companyId, intArray(ids)]);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) {
    const what = table === 'services' ? rebateWords.service : rebateWords.customer;
    errors.add(`${field}[${missing}]`, catalogKey('UnknownReference'), { what: what[ctx.lang] });
  }
}

/** Another active code of the company with this sign (any case), if there is one. */
async function activeCodeWithSign(db: Db, companyId: number, sign: string, exceptId?: number): Promise<number | undefined> {
  const row = await db.one<{ id: number }>(
    'select id from rebate_codes where company_id = $1 and upper(sign) = upper($2) and status_id = 1 and id <> $3 limit 1',
    [companyId, sign, exceptId ?? 0],
  );
  return row?.id;
}

/** Serialises writers of one sign in one company until the transaction ends. */
async function lockSign(db: Db, companyId: number, sign: string): Promise<void> {
  await db.query('select pg_advisory_xact_lock(hashtext($1))', [`rebate-sign:${companyId}:${sign.toUpperCase()}`]);
}

async function freeGeneratedSign(db: Db, companyId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const sign = generateSign();
    const taken = await db.one('select 1 from rebate_codes where company_id = $1 and upper(sign) = $2 limit 1', [companyId, sign]);
    if (!taken) return sign;
  }
  throw ApiError.conflict('RebateCodeSign', rebateKey('SignNotGenerated'));
}

/** Number of transactions a code has. */
export async function transactionCount(db: Db, companyId: number, codeId: number): Promise<number> {
  const row = await db.one<{ n: number }>('select count(*)::int as n from rebate_code_transactions where company_id = $1 and rebate_code_id = $2', [companyId, codeId]);
  return row?.n ?? 0;
}

/** The hundredths a code's value is stored in, and its balance unit: öre for cards, punches for tickets. */
function balanceUnits(typeId: RebateCode['RebateCodeTypeId'], value: number): number {
  return typeId === 3 ? value : toMinor(value);
}

/** What has been used of a ticket's punches or a card's value, as the wire writes it. */
function usedOf(code: RebateCode): number {
  if (code.RebateCodeTypeId === 3) return code.RebateCodeValue - (code.RemainingUsage ?? 0);
  return (toMinor(code.RebateCodeValue) - toMinor(code.RemainingAmount ?? 0)) / 100;
}

/** Balance changes an update must make after the row is written (kept between the two hooks of one request). */
const pendingBalanceChange = new WeakMap<RebateCodeInput, number>();

/**
 * The rebate codes: list with filters, create (with a generated sign when none is given), update and
 * delete, each scoped to the caller's company. The sign rule (more than four characters, unique among
 * the company's active codes whatever the case) is checked here and enforced by a partial unique index.
 * @example
 * const page = await listRecords(app.db, request.ctx, rebateCodes, { RebateCodeTypeId: 4, Take: 25 });
 */
export const rebateCodes = defineResource<RebateCode, RebateCodeInput, RebateCodeQuery>({
  entity: 'RebateCode',
  path: '/rebatecodes',
  table: 'rebate_codes',
  fields: {
    ...RECORD_FIELDS,
    CompanyId: { column: 'company_id', kind: 'int', readOnly: true },
    RebateCodeSign: 'sign',
    Name: 'name',
    RebateCodeTypeId: { column: 'type_id', kind: 'int' },
    RebateCodeValue: { column: 'value_hundredths', kind: 'money' },
    ValidFrom: { column: 'valid_from', kind: 'date' },
    ValidTo: { column: 'valid_to', kind: 'date' },
    FromTime: { column: 'from_time', kind: 'time' },
    ToTime: { column: 'to_time', kind: 'time' },
    MaxNumberOfUses: { column: 'max_uses', kind: 'int' },
    MaxNumberOfUsesPerCustomer: { column: 'max_uses_per_customer', kind: 'int' },
    NumberOfUsesUsed: { column: 'uses_used', kind: 'int', readOnly: true },
    RemainingAmount: { column: 'remaining_amount_minor', kind: 'money', readOnly: true },
    RemainingUsage: { column: 'remaining_usage', kind: 'int', readOnly: true },
    RebateCodeStatusId: { column: 'status_id', kind: 'int' },
    DaysOfWeek: { column: 'days_of_week', kind: 'json' },
    PersonalNote: 'personal_note',
  },
  search: ['sign', 'name'],
  sort: [
    'Id',
    'RebateCodeSign',
    'Name',
    'RebateCodeTypeId',
    'RebateCodeValue',
    'ValidFrom',
    'ValidTo',
    'NumberOfUsesUsed',
    'RemainingAmount',
    'RemainingUsage',
    'RebateCodeStatusId',
    'Created',
    'Updated',
  ],
  defaultSort: '-Created',
  filters: {
    Id: 'Id',
    RebateCodeTypeId: 'RebateCodeTypeId',
    RebateCodeTypeIds: 'RebateCodeTypeId',
    RebateCodeStatusId: 'RebateCodeStatusId',
    RebateCodeSign: (value, p) => `upper(t.sign) = upper(${p.add(normaliseSign(String(value)))})`,
    ServiceId: (value, p) => {
      const id = p.add(Number(value));
      return `(not exists (select 1 from rebate_code_services rs where rs.rebate_code_id = t.id)
               or exists (select 1 from rebate_code_services rs where rs.rebate_code_id = t.id and rs.service_id = ${id}))`;
    },
    CustomerId: (value, p) => `exists (select 1 from rebate_code_customers rc where rc.rebate_code_id = t.id and rc.customer_id = ${p.add(Number(value))})`,
    ValidFrom: (value, p) => `(t.valid_to is null or t.valid_to >= ${dateParam(value, p)})`,
    ValidTo: (value, p) => `(t.valid_from is null or t.valid_from <= ${dateParam(value, p)})`,
  },
  schemas: { query: 'RebateCodeQuery', input: 'RebateCodeInput', item: 'RebateCode' },
  hooks: {
    async beforeWrite(input, w) {
      const { ctx, db, existing } = w;
      const errors = new ValidationErrors();
      const merged: RebateCodeInput = {
        ...input,
        ValidFrom: input.ValidFrom === undefined ? existing?.ValidFrom : input.ValidFrom,
        ValidTo: input.ValidTo === undefined ? existing?.ValidTo : input.ValidTo,
        FromTime: input.FromTime === undefined ? existing?.FromTime : input.FromTime,
        ToTime: input.ToTime === undefined ? existing?.ToTime : input.ToTime,
      };
      for (const problem of validateRebateCodeInput(merged)) errors.add(problem.field, rebateKey(problem.code), problem.params);
      await assertOwn(db, ctx, 'services', input.Services ?? [], 'Services', errors);
      await assertOwn(db, ctx, 'customers', input.Customers ?? [], 'Customers', errors);
      errors.throwIfAny();

      const out: RebateCodeInput = {
        ...input,
        Name: input.Name === null ? '' : input.Name?.trim(),
        PersonalNote: input.PersonalNote?.trim() || (input.PersonalNote === undefined ? undefined : null),
        ValidFrom: input.ValidFrom ? input.ValidFrom.slice(0, 10) : input.ValidFrom,
        ValidTo: input.ValidTo ? input.ValidTo.slice(0, 10) : input.ValidTo,
        DaysOfWeek: input.DaysOfWeek ? [...new Set(input.DaysOfWeek)].sort((a, b) => a - b) : undefined,
      };
      const givenSign = input.RebateCodeSign?.trim() ? normaliseSign(input.RebateCodeSign) : undefined;
      const columns: Record<string, number | null> = {};

      if (!existing) {
        const defaults = resolveDefaults(input);
        Object.assign(out, defaults);
        out.RebateCodeSign = givenSign ?? (await freeGeneratedSign(db, ctx.companyId));
        const balance = initialBalance(input.RebateCodeTypeId, input.RebateCodeValue);
        columns.remaining_amount_minor = balance.RemainingAmount === null ? null : toMinor(balance.RemainingAmount);
        columns.remaining_usage = balance.RemainingUsage;
      } else {
        out.RebateCodeSign = givenSign ?? existing.RebateCodeSign;
        // A limit sent as null is the default, as on create (the contract's nullable field), not "no limit".
        const defaults = resolveDefaults(input);
        if (input.MaxNumberOfUses === null) out.MaxNumberOfUses = defaults.MaxNumberOfUses;
        if (input.MaxNumberOfUsesPerCustomer === null) out.MaxNumberOfUsesPerCustomer = defaults.MaxNumberOfUsesPerCustomer;
        if (input.RebateCodeTypeId !== existing.RebateCodeTypeId) {
          if ((await transactionCount(db, ctx.companyId, existing.Id)) > 0) throw ApiError.conflict('RebateCodeTypeId', rebateKey('TypeLocked'));
          const balance = initialBalance(input.RebateCodeTypeId, input.RebateCodeValue);
          columns.remaining_amount_minor = balance.RemainingAmount === null ? null : toMinor(balance.RemainingAmount);
          columns.remaining_usage = balance.RemainingUsage;
        } else if (hasBalance(input.RebateCodeTypeId)) {
          const change = balanceUnits(input.RebateCodeTypeId, input.RebateCodeValue) - balanceUnits(existing.RebateCodeTypeId, existing.RebateCodeValue);
          if (change !== 0) pendingBalanceChange.set(out, change);
        }
      }

      const status = out.RebateCodeStatusId ?? existing?.RebateCodeStatusId ?? STATUS_ACTIVE;
      if (status === STATUS_ACTIVE) {
        await lockSign(db, ctx.companyId, out.RebateCodeSign);
        if (await activeCodeWithSign(db, ctx.companyId, out.RebateCodeSign, existing?.Id)) {
          throw ApiError.conflict('RebateCodeSign', 'Unique', { value: out.RebateCodeSign });
        }
      }
      return { input: out, columns };
    },
    async afterWrite(id, input, w) {
      const { db, ctx } = w;
      const change = pendingBalanceChange.get(input);
      if (change !== undefined) {
        const column = input.RebateCodeTypeId === 3 ? 'remaining_usage' : 'remaining_amount_minor';
        const row = await db.one(
          `update rebate_codes set ${column} = ${column} + $3 where id = $1 and company_id = $2 and ${column} + $3 >= 0 returning id`,
          [id, ctx.companyId, change],
        );
        if (!row) throw ApiError.field(400, 'RebateCodeValue', rebateKey('ValueBelowUsed'), { used: w.existing ? usedOf(w.existing) : 0 });
      }
      if (input.Services) await replaceLinks(db, ctx, 'rebate_code_services', 'rebate_code_id', id, 'service_id', input.Services);
      if (input.Customers) await replaceLinks(db, ctx, 'rebate_code_customers', 'rebate_code_id', id, 'customer_id', input.Customers);
    },
    async afterRead(records, r) {
      await attachRelations(records, r.db, r.ctx.companyId);
    },
  },
  routes: { create: false, update: false, delete: false },
});
