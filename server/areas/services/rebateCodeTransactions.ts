import { DateTime } from 'luxon';
import type { RebateCodeTransaction, RebateCodeTransactionInput, RebateCodeTransactionQuery } from '../../../schema/rebatecodes';
import type { CallerContext } from '../../shared/context';
import type { Db } from '../../db/db';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { defineResource, ID_FIELD, readRecord, type FilterFn, type SqlParams } from '../../autoquery/index';
import { isCard, toMinor, validateManualTransaction, type NotApplicableReason, type TransactionDraft } from '../../../domain/pricing';
import { catalogKey } from './messages';
import { rebateKey, rebateWords } from './rebateCodeMessages';

/** A Created bound: a date means the whole day in the caller's zone (From: its start, To: its end). */
function createdBound(value: unknown, edge: 'from' | 'to', p: SqlParams, ctx: CallerContext): string {
  const text = String(value);
  const field = edge === 'from' ? 'CreatedFrom' : 'CreatedTo';
  let moment = DateTime.fromISO(text, { zone: ctx.timeZone });
  if (!moment.isValid) throw ApiError.field(400, field, 'InvalidFormat');
  if (text.length <= 10 && edge === 'to') moment = moment.plus({ days: 1 });
  return `t.created ${edge === 'from' ? '>=' : text.length <= 10 ? '<' : '<='} ${p.add(moment.toISO())}::timestamptz`;
}

const createdFrom: FilterFn<RebateCodeTransactionQuery> = (value, p, _q, ctx) => createdBound(value, 'from', p, ctx);
const createdTo: FilterFn<RebateCodeTransactionQuery> = (value, p, _q, ctx) => createdBound(value, 'to', p, ctx);

function declaration(path: string, usagesOnly: boolean) {
  return defineResource<RebateCodeTransaction, RebateCodeTransactionInput, RebateCodeTransactionQuery>({
    entity: 'RebateCodeTransaction',
    path,
    table: usagesOnly ? 'rebate_code_usages_view' : 'rebate_code_transactions_view',
    fields: {
      ...ID_FIELD,
      RebateCodeId: { column: 'rebate_code_id', kind: 'int' },
      RebateCodeSign: 'rebate_code_sign',
      RebateCodeTypeId: { column: 'rebate_code_type_id', kind: 'int' },
      Amount: { column: 'amount_minor', kind: 'money' },
      Usage: { column: 'usage', kind: 'int' },
      ChangeType: 'change_type',
      BookingId: { column: 'booking_id', kind: 'int' },
      CustomerId: { column: 'customer_id', kind: 'int' },
      CustomerName: 'customer_name',
      ServiceId: { column: 'service_id', kind: 'int' },
      ServiceName: 'service_name',
      Comment: 'comment',
      Created: { column: 'created', kind: 'datetime', readOnly: true },
    },
    search: ['rebate_code_sign', 'customer_name', 'service_name'],
    sort: ['Id', 'Created', 'RebateCodeId', 'RebateCodeSign', 'Amount', 'Usage', 'ChangeType', 'BookingId', 'CustomerName', 'ServiceName'],
    defaultSort: '-Created',
    filters: {
      RebateCodeId: 'RebateCodeId',
      CustomerId: 'CustomerId',
      ServiceId: 'ServiceId',
      ChangeType: usagesOnly ? undefined : 'ChangeType',
      CreatedFrom: createdFrom,
      CreatedTo: createdTo,
    },
    schemas: { query: usagesOnly ? 'RebateCodeUsageQuery' : 'RebateCodeTransactionQuery', input: 'RebateCodeTransactionInput', item: 'RebateCodeTransaction' },
    routes: { list: false, create: false, update: false, delete: false },
  });
}

/**
 * Every balance change of the company's codes with customer and service names:
 * GET /rebatecodes/transactions {RebateCodeId, CustomerId, ServiceId, CreatedFrom, CreatedTo, ChangeType, Take, Skip/Offset}.
 * @example
 * const page = await listRecords(db, ctx, rebateCodeTransactions, { CustomerId: 7, Take: 300 });
 */
export const rebateCodeTransactions = declaration('/rebatecodes/transactions', false);

/**
 * The bookings codes were used in (their booking Decrease transactions): GET /rebatecodes/usages and
 * GET /rebatecodes/{Id}/usages.
 * @example
 * const page = await listRecords(db, ctx, rebateCodeUsages, { RebateCodeId: 3, Take: 50 });
 */
export const rebateCodeUsages = declaration('/rebatecodes/usages', true);

/** Who and what a booking's transactions are recorded for. */
export interface ConsumptionContext {
  customerId?: number | null;
  serviceId?: number | null;
  /** The administrator who made the change, when one did. */
  userId?: number | null;
  comment?: string | null;
}

interface CodeState {
  type_id: number;
  uses_used: number;
  max_uses: number;
  max_uses_per_customer: number;
  remaining_usage: number | null;
  remaining_amount: number | null;
}

async function insertTransaction(tx: Db, companyId: number, draft: TransactionDraft, context: ConsumptionContext): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `insert into rebate_code_transactions (company_id, rebate_code_id, amount_minor, usage, change_type, booking_id, customer_id, service_id, comment, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      companyId,
      draft.RebateCodeId,
      toMinor(draft.Amount),
      draft.Usage,
      draft.ChangeType,
      draft.BookingId,
      context.customerId ?? null,
      context.serviceId ?? null,
      context.comment ?? null,
      context.userId ?? null,
    ],
  );
  return row!.id;
}

/**
 * Moves a code's balance by one transaction in a single guarded statement, so two transactions can
 * never both take the last punch or the last krona: the row is only changed when the balance stays
 * at or above zero (and, for a booking's use, the code has uses left). False when it would not.
 */
async function moveBalance(tx: Db, companyId: number, draft: TransactionDraft): Promise<boolean> {
  const sign = draft.ChangeType === 'Decrease' ? -1 : 1;
  const uses = draft.BookingId === null ? 0 : -sign;
  const row = await tx.one(
    `update rebate_codes
        set uses_used = greatest(0, uses_used + $3),
            remaining_usage = case when type_id = 3 then remaining_usage + $4 else remaining_usage end,
            remaining_amount_minor = case when type_id in (4, 5) then remaining_amount_minor + $5 else remaining_amount_minor end,
            updated = now()
      where id = $1 and company_id = $2
        and (type_id <> 3 or remaining_usage + $4 >= 0)
        and (type_id not in (4, 5) or remaining_amount_minor + $5 >= 0)
        and ($3 <= 0 or uses_used < max_uses)
      returning id`,
    [draft.RebateCodeId, companyId, uses, sign * draft.Usage, sign * toMinor(draft.Amount)],
  );
  return Boolean(row);
}

async function codeState(tx: Db, companyId: number, codeId: number): Promise<CodeState | undefined> {
  return tx.one<CodeState>(
    `select type_id, uses_used, max_uses, max_uses_per_customer, remaining_usage, remaining_amount_minor::float8 as remaining_amount
       from rebate_codes where id = $1 and company_id = $2`,
    [codeId, companyId],
  );
}

/** Bookings a customer has used a code in (uses minus those given back). */
export async function customerUses(db: Db, companyId: number, customerId: number, codeIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!codeIds.length) return out;
  const rows = await db.query<{ code_id: number; n: number }>(
    `select rebate_code_id as code_id, sum(case when change_type = 'Decrease' then 1 else -1 end)::int as n
       from rebate_code_transactions
      where company_id = $1 and customer_id = $2 and booking_id is not null and rebate_code_id = any($3::text::int[])
      group by rebate_code_id`,
    [companyId, customerId, `{${codeIds.join(',')}}`],
  );
  for (const r of rows) out.set(r.code_id, r.n);
  return out;
}

function notApplicable(reason: NotApplicableReason, codeId: number): ApiError {
  return ApiError.field(409, 'RebateCodeIds', rebateKey(reason), { id: codeId });
}

/**
 * Records what a booking used of its codes (the Decrease transactions of planConsumption) and moves
 * the codes' balances, inside the caller's transaction. Each balance moves in one guarded UPDATE, so a
 * punch ticket with one punch left is used once even by concurrent bookings; the loser gets 409
 * naming RebateCodeIds (UsedUp, NoRemainingAmount or UsedUpForCustomer) and its transaction rolls
 * back. Increase drafts (reverseConsumption) give balances back. Returns the transaction ids.
 * @example
 * await db.tx(async (tx) => {
 *   const bookingId = await insertBooking(tx, …);
 *   await consumeCodes(tx, ctx.companyId, planConsumption(calculation.applied, bookingId), { customerId, serviceId });
 * });
 */
export async function consumeCodes(
  tx: Db,
  companyId: number,
  plan: readonly TransactionDraft[],
  context: ConsumptionContext = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const draft of plan) {
    if (!(await moveBalance(tx, companyId, draft))) {
      const state = await codeState(tx, companyId, draft.RebateCodeId);
      if (!state) throw ApiError.field(404, 'RebateCodeIds', 'NotFound', { what: rebateWords.rebateCode.en, id: draft.RebateCodeId });
      const cardEmpty = isCard(state.type_id as 1 | 2 | 3 | 4 | 5) && state.uses_used < state.max_uses;
      throw notApplicable(cardEmpty ? 'NoRemainingAmount' : 'UsedUp', draft.RebateCodeId);
    }
    if (draft.ChangeType === 'Decrease' && draft.BookingId !== null && context.customerId != null) {
      const state = await codeState(tx, companyId, draft.RebateCodeId);
      const used = (await customerUses(tx, companyId, context.customerId, [draft.RebateCodeId])).get(draft.RebateCodeId) ?? 0;
      if (state && used >= state.max_uses_per_customer) throw notApplicable('UsedUpForCustomer', draft.RebateCodeId);
    }
    ids.push(await insertTransaction(tx, companyId, draft, context));
  }
  return ids;
}

/**
 * POST /rebatecodes/transactions: a manual increase or decrease of a value or gift card's amount or a
 * punch ticket's punches. 404 naming RebateCodeId for a code that is not the caller's; 400 naming
 * the field for a problem (never below zero); the balance moves in the same guarded statement as a
 * booking's use. Answers the recorded transaction.
 * @example
 * await recordManualTransaction(app.db, ctx, { RebateCodeId: 4, Amount: 100, ChangeType: 'Increase' });
 */
export async function recordManualTransaction(db: Db, ctx: CallerContext, input: RebateCodeTransactionInput): Promise<RebateCodeTransaction> {
  return db.tx(async (tx) => {
    const state = await codeState(tx, ctx.companyId, input.RebateCodeId);
    if (!state) throw ApiError.field(404, 'RebateCodeId', 'NotFound', { what: rebateWords.rebateCode[ctx.lang], id: input.RebateCodeId });
    const balance = {
      RebateCodeTypeId: state.type_id as 1 | 2 | 3 | 4 | 5,
      NumberOfUsesUsed: state.uses_used,
      RemainingAmount: state.remaining_amount === null ? null : state.remaining_amount / 100,
      RemainingUsage: state.remaining_usage,
    };
    const errors = new ValidationErrors();
    for (const problem of validateManualTransaction(balance, input)) errors.add(problem.field, rebateKey(problem.code), problem.params);
    if (input.CustomerId != null) {
      const customer = await tx.one('select 1 from customers where id = $1 and company_id = $2', [input.CustomerId, ctx.companyId]);
      if (!customer) errors.add('CustomerId', catalogKey('UnknownReference'), { what: rebateWords.customer[ctx.lang] });
    }
    errors.throwIfAny();
    const punch = balance.RebateCodeTypeId === 3;
    const draft: TransactionDraft = {
      RebateCodeId: input.RebateCodeId,
      Amount: punch ? 0 : (input.Amount ?? 0),
      Usage: punch ? (input.Usage ?? 0) : 0,
      ChangeType: input.ChangeType,
      BookingId: null,
    };
    if (!(await moveBalance(tx, ctx.companyId, draft))) {
      const left = (await codeState(tx, ctx.companyId, input.RebateCodeId))!;
      throw ApiError.field(400, punch ? 'Usage' : 'Amount', rebateKey('InsufficientBalance'), {
        left: punch ? (left.remaining_usage ?? 0) : (left.remaining_amount ?? 0) / 100,
      });
    }
    const id = await insertTransaction(tx, ctx.companyId, draft, {
      customerId: input.CustomerId ?? null,
      comment: input.Comment?.trim() || null,
      userId: ctx.userId,
    });
    return readRecord(tx, ctx, rebateCodeTransactions, id);
  });
}
