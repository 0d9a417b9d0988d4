import type { CallerContext } from '../shared/context';
import type { Db, SqlParam } from '../db/db';
import { ApiError, ValidationErrors } from '../shared/errors';
import { SqlParams, type ResourceDeclaration, type WriteContext } from './declare';
import { recordHistory } from './history';
import { assertInt4, columnsOf, placeholder, quoteIdent, rowsToRecords, selectList, toDb, type Column } from './columns';

/** One record of the caller's company, or undefined. */
export async function findRecord<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, id: number, query: Partial<Q> = {}): Promise<T | undefined> {
  assertInt4('Id', id);
  const cols = columnsOf(d);
  const rows = await db.query<Record<string, unknown>>(
    `select ${selectList(cols)} from ${quoteIdent(d.table)} t where t.id = $1 and t.company_id = $2`,
    [id, ctx.companyId],
  );
  const records = rowsToRecords<T>(rows, cols, ctx.timeZone);
  if (records.length && d.hooks?.afterRead) await d.hooks.afterRead(records, { ctx, db, query: query as Q });
  return records[0];
}

/** One record of the caller's company; 404 naming the entity when it is not there. */
export async function readRecord<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, id: number, query: Partial<Q> = {}): Promise<T> {
  const record = await findRecord(db, ctx, d, id, query);
  if (!record) throw ApiError.notFound(d.entity, id);
  return record;
}

/** Column values from a body: only the writable fields the body carries. */
function columnValues<In>(cols: Column[], input: In, timeZone: string): Map<string, { col: Column; value: SqlParam }> {
  const body = input as Record<string, unknown>;
  const out = new Map<string, { col: Column; value: SqlParam }>();
  for (const c of cols) {
    if (c.readOnly || c.column === 'id' || body[c.wire] === undefined) continue;
    out.set(c.column, { col: c, value: toDb(c, body[c.wire], timeZone) });
  }
  return out;
}

/** The body with its `required` text fields trimmed; 400 'NotEmpty' for each one left blank. */
function trimRequired<In>(cols: Column[], body: In): In {
  const out = { ...body } as Record<string, unknown>;
  const errors = new ValidationErrors();
  for (const c of cols) {
    const value = out[c.wire];
    if (!c.required || typeof value !== 'string') continue;
    out[c.wire] = value.trim();
    if (!value.trim()) errors.add(c.wire, 'NotEmpty');
  }
  errors.throwIfAny();
  return out as In;
}

/**
 * A constraint the database enforced that the rules above did not catch, as the client's error:
 * a missing value → 400 naming its field, a duplicate → 409, a value out of range → 400.
 */
function databaseError<T, In, Q>(err: unknown, d: ResourceDeclaration<T, In, Q>): unknown {
  const e = err as { code?: string; column?: string };
  if (typeof e.code !== 'string') return err;
  const wire = columnsOf(d).find((c) => c.column === e.column)?.wire ?? e.column ?? 'body';
  if (e.code === '23502') return ApiError.field(400, wire, 'NotEmpty');
  if (e.code === '23505') return ApiError.conflict(wire, 'Unique', { value: '' });
  if (e.code === '23503') return ApiError.conflict('Id', 'InUse', { what: d.entity });
  if (e.code.startsWith('22')) return ApiError.field(400, wire, 'InvalidValue');
  return err;
}

async function write<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, body: In, id?: number): Promise<T> {
  try {
    return await writeTx(db, ctx, d, body, id);
  } catch (err) {
    throw databaseError(err, d);
  }
}

async function writeTx<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, body: In, id?: number): Promise<T> {
  return db.tx(async (tx) => {
    const existing = id === undefined ? undefined : await readRecord(tx, ctx, d, id);
    const w: WriteContext<T> = { ctx, db: tx, existing };
    const cols = columnsOf(d);
    columnValues(cols, body, ctx.timeZone); // type and range errors answer 400 before any rule runs
    const trimmed = trimRequired(cols, body);
    const result = (await d.hooks?.beforeWrite?.(trimmed, w)) ?? {};
    const input = result.input ?? trimmed;
    const values = columnValues(cols, input, ctx.timeZone);
    const p = new SqlParams();
    const names: string[] = [];
    const placeholders: string[] = [];
    for (const { col, value } of values.values()) {
      names.push(quoteIdent(col.column));
      placeholders.push(placeholder(col, p, value));
    }
    for (const [column, value] of Object.entries(result.columns ?? {})) {
      names.push(quoteIdent(column));
      placeholders.push(p.add(value));
    }
    let savedId: number;
    if (id === undefined) {
      names.push('company_id');
      placeholders.push(p.add(ctx.companyId));
      const row = await tx.one<{ id: number }>(
        `insert into ${quoteIdent(d.table)} (${names.join(', ')}) values (${placeholders.join(', ')}) returning id`,
        p.values,
      );
      savedId = row!.id;
    } else {
      const sets = names.map((n, i) => `${n} = ${placeholders[i]}`);
      if (cols.some((c) => c.column === 'updated')) sets.push('updated = now()');
      if (sets.length) {
        await tx.query(`update ${quoteIdent(d.table)} set ${sets.join(', ')} where id = ${p.add(id)} and company_id = ${p.add(ctx.companyId)}`, p.values);
      }
      savedId = id;
    }
    if (d.hooks?.afterWrite) await d.hooks.afterWrite(savedId, input, w);
    const saved = await readRecord(tx, ctx, d, savedId, d.readBack ?? {});
    await recordHistory(tx, ctx, d, existing ? 'update' : 'create', savedId, body, existing, saved);
    return saved;
  });
}

/** Creates a record of the caller's company in one transaction; answers it as a list would. */
export function createRecord<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, body: In): Promise<T> {
  return write(db, ctx, d, body);
}

/** Updates the fields a body carries; 404 when the id is not the caller's. */
export function updateRecord<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, id: number, body: In): Promise<T> {
  return write(db, ctx, d, body, id);
}

/** Deletes and answers the deleted record; 404 when the id is not the caller's. */
export async function deleteRecord<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, id: number): Promise<T> {
  try {
    return await db.tx(async (tx) => {
      const existing = await readRecord(tx, ctx, d, id, d.readBack ?? {});
      await d.hooks?.beforeDelete?.(existing, { ctx, db: tx, existing });
      await tx.query(`delete from ${quoteIdent(d.table)} where id = $1 and company_id = $2`, [id, ctx.companyId]);
      await recordHistory(tx, ctx, d, 'delete', id, undefined, existing, undefined);
      return existing;
    });
  } catch (err) {
    throw databaseError(err, d);
  }
}
