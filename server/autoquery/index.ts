/**
 * Generic list / create / update / delete routes from a declaration: the server's twin of the
 * admin's resource declarations. A declaration names the table, how wire fields map to columns,
 * what can be searched, sorted and filtered, the contract schemas, and hooks for the rules and
 * side tables an area needs. Everything is scoped to the caller's company; every write runs in
 * one transaction; an id of another company answers 404 exactly like an unknown one.
 *
 * @example
 * const services = defineResource<Service, ServiceInput, ServiceQuery>({
 *   entity: 'Service',                 // names the record in 404 messages
 *   path: '/services',                 // GET /services, POST /services, PUT|DELETE /services/:Id
 *   table: 'services',
 *   fields: {                          // wire field -> column (a bare string is a text column)
 *     Id: { column: 'id', kind: 'int', readOnly: true },
 *     Name: 'name',
 *     Active: { column: 'active', kind: 'bool' },
 *     Duration: { column: 'duration', kind: 'int' },
 *     GroupBooking: { column: 'group_booking', kind: 'json' },
 *     Created: { column: 'created', kind: 'datetime', readOnly: true },   // company-local yyyy-MM-ddTHH:mm:ss
 *   },
 *   search: ['name', 'description'],    // Search= is a case-insensitive "contains" over these columns
 *   sort: ['Id', 'Name', 'SortOrder', 'Created'],   // OrderBy=SortOrder,-Created; Id is the implicit last key
 *   defaultSort: 'SortOrder,Name',
 *   filters: {                          // query parameter -> wire field (equality; arrays become IN)
 *     Id: 'Id',
 *     Active: 'Active',
 *     Group: (value, p) => `t.group_name = ${p.add(String(value))}`,   // or any SQL condition
 *   },
 *   schemas: { query: 'ServiceQuery', input: 'ServiceInput', item: 'Service' },
 *   readBack: { IncludeCustomFieldValues: true },   // the query a create/update/delete answer is read with
 *   count: async (db, ctx, q) => (q.Search ? undefined : cachedTotal(ctx.companyId)),   // optional cheaper total
 *   hooks: {
 *     async beforeWrite(input, w) {     // inside the write transaction; w.existing on update
 *       if (input.Duration < 1) throw ApiError.field(400, 'Duration', 'GreaterThanOrEqual', { limit: 1 });
 *       return { input, columns: { max_duration: input.Duration * 3 } };   // changed body, extra columns
 *     },
 *     async afterWrite(id, input, w) { await saveSideTable(w.db, w.ctx.companyId, id, input) },
 *     async afterRead(records, r) {     // ONE extra query per page to attach children
 *       if (r.query.IncludePrices) await attachPrices(r.db, r.ctx, records);
 *     },
 *     async beforeDelete(record, w) { await assertNotBooked(w.db, record.Id) },
 *   },
 * });
 * registerResource(app, services);                            // the four routes
 * const page = await listRecords(app.db, ctx, services, { Take: 10 });   // for hand-written routes
 * const one = await readRecord(app.db, ctx, services, 12, { IncludePrices: true });
 * // also: createRecord / updateRecord / deleteRecord (the routes' work, for hand-written routes),
 * // selectWhere (all matching rows, e.g. the children of a page, in one query), findRecord,
 * // pageSchema('Item') and idParams for hand-written route schemas, assertInt4 for id guards.
 *
 * // GET /api/services?Skip=0&Take=25&OrderBy=-Created&Search=yoga&Active=true&Id=1&Id=2
 * // → { Offset: 0, Total: 2, Results: [...] }   (Take defaults to 50, at most 1000)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { CallerContext } from '../shared/context';
import type { Db, SqlParam } from '../db/db';
import { ApiError } from '../shared/errors';
import { ref } from '../shared/schemas';
import { INT4_MAX } from '../shared/constants';

/** How a column's value is converted between the database and the wire. */
export type FieldKind =
  | 'text'
  /** int4; values outside its range answer 400 naming the field. */
  | 'int'
  | 'number'
  | 'bool'
  /** timestamptz ↔ company-local `yyyy-MM-ddTHH:mm:ss` in the caller's time zone. */
  | 'datetime'
  /** date ↔ `yyyy-MM-ddT00:00:00` (a plain `yyyy-MM-dd` is accepted). */
  | 'date'
  /** time ↔ `HH:mm:ss` (`HH:mm` accepted). */
  | 'time'
  /** jsonb ↔ any JSON value. */
  | 'json'
  /** integer minor units (öre, cent) ↔ a number in major units. */
  | 'money';

export interface FieldSpec {
  column: string;
  kind?: FieldKind;
  /** Read but never written from a body (ids, timestamps, derived columns). */
  readOnly?: boolean;
}

/** A parameter collector for hand-written SQL fragments: `p.add(value)` answers `$n`. */
export class SqlParams {
  readonly values: SqlParam[] = [];
  add(value: SqlParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A filter that is not plain equality: returns an SQL condition on alias `t`, or null for none. */
export type FilterFn<Q> = (value: unknown, p: SqlParams, query: Q, ctx: CallerContext) => string | null;

export interface ReadContext<Q> {
  ctx: CallerContext;
  db: Db;
  query: Q;
}

export interface WriteContext<T> {
  ctx: CallerContext;
  /** The request's transaction. */
  db: Db;
  /** The record as it was before an update (undefined on create). */
  existing?: T;
}

export interface WriteResult<In> {
  /** The body to store, when the hook changed it (rounded, trimmed, defaulted). */
  input?: In;
  /** Extra column values not carried by a wire field. */
  columns?: Record<string, SqlParam>;
}

export interface ResourceHooks<T, In, Q> {
  /** Rules and normalisation, inside the write transaction, before the row is written. */
  beforeWrite?(input: In, w: WriteContext<T>): Promise<WriteResult<In> | void> | WriteResult<In> | void;
  /** Side tables, inside the same transaction, after the row is written. */
  afterWrite?(id: number, input: In, w: WriteContext<T>): Promise<void>;
  /** Attaches children or derived fields to a page of records (one query per page, not per record). */
  afterRead?(records: T[], r: ReadContext<Q>): Promise<void>;
  /** Refuses or prepares a delete, inside the delete's transaction. */
  beforeDelete?(record: T, w: WriteContext<T>): Promise<void>;
}

export interface ResourceDeclaration<T, In, Q> {
  /** Names the record in messages ('Service 12 was not found'). */
  entity: string;
  /** Route path under the areas prefix, e.g. '/services/prices'. */
  path: string;
  table: string;
  /** Wire field → column; the primary key must be the wire field `Id` on column `id`. */
  fields: { [K in keyof T & string]?: FieldSpec | string };
  /** Columns Search= looks in (case-insensitive contains). */
  search?: string[];
  /** Wire fields OrderBy / OrderByDesc may name. */
  sort: (keyof T & string)[];
  /** Used when the query names no order, e.g. 'SortOrder,-Created'. */
  defaultSort?: string;
  /** Query parameter → the wire field it compares for equality, or a condition of its own. */
  filters?: { [K in keyof Q & string]?: (keyof T & string) | FilterFn<Q> };
  /** Names of definitions in the generated contract. */
  schemas: { query: string; input: string; item: string };
  hooks?: ResourceHooks<T, In, Q>;
  /** Query used to read a record back after create/update (e.g. include flags). */
  readBack?: Partial<Q>;
  /**
   * A cheaper exact total than count(*) for a query, e.g. from a per-company counter table when
   * no filter is set; undefined falls back to count(*).
   */
  count?(db: Db, ctx: CallerContext, query: Q): Promise<number | undefined>;
  /** Leave out routes an area writes by hand. */
  routes?: { list?: boolean; create?: boolean; update?: boolean; delete?: boolean };
}

/** Types a declaration; nothing more. */
export function defineResource<T, In, Q>(declaration: ResourceDeclaration<T, In, Q>): ResourceDeclaration<T, In, Q> {
  return declaration;
}

export interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 1000;
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

interface Column {
  wire: string;
  column: string;
  kind: FieldKind;
  readOnly: boolean;
}

function columnsOf<T, In, Q>(d: ResourceDeclaration<T, In, Q>): Column[] {
  return Object.entries(d.fields as Record<string, FieldSpec | string | undefined>).flatMap(([wire, spec]) => {
    if (!spec) return [];
    const s = typeof spec === 'string' ? { column: spec } : spec;
    return [{ wire, column: s.column, kind: s.kind ?? 'text', readOnly: s.readOnly ?? false }];
  });
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function selectExpr(c: Column): string {
  const col = `t.${quoteIdent(c.column)}`;
  switch (c.kind) {
    case 'datetime':
      return `(extract(epoch from ${col}) * 1000)::float8`;
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`;
    case 'time':
      return `to_char(${col}, 'HH24:MI:SS')`;
    case 'money':
      return `${col}::float8`;
    default:
      return col;
  }
}

/** A database value as the wire shows it. */
function toWire(kind: FieldKind, value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'datetime':
      return DateTime.fromMillis(Number(value), { zone: timeZone }).toFormat(LOCAL_FORMAT);
    case 'date':
      return `${String(value)}T00:00:00`;
    case 'money':
      return Number(value) / 100;
    case 'int':
    case 'number':
      return Number(value);
    default:
      return value;
  }
}

/** A wire value as a statement parameter; throws a 400 naming the field when it cannot be stored. */
function toDb(c: Column, value: unknown, timeZone: string): SqlParam {
  if (value === null || value === undefined) return null;
  switch (c.kind) {
    case 'int':
      assertInt4(c.wire, value);
      return value as number;
    case 'datetime': {
      const dt = DateTime.fromISO(String(value), { zone: timeZone });
      if (!dt.isValid) throw ApiError.field(400, c.wire, 'InvalidFormat');
      return dt.toISO();
    }
    case 'date': {
      const dt = DateTime.fromISO(String(value).slice(0, 10));
      if (!dt.isValid) throw ApiError.field(400, c.wire, 'InvalidFormat');
      return dt.toISODate();
    }
    case 'time': {
      const t = String(value);
      if (!/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(t)) throw ApiError.field(400, c.wire, 'InvalidFormat');
      return t.length === 5 ? `${t}:00` : t;
    }
    case 'json':
      return JSON.stringify(value);
    case 'money':
      return Math.round(Number(value) * 100);
    default:
      return value as SqlParam;
  }
}

/** Throws a 400 naming the field unless value is an integer that fits a PostgreSQL integer. */
export function assertInt4(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw ApiError.field(400, field, 'InvalidType', { type: 'integer' });
  if (value > INT4_MAX) throw ApiError.field(400, field, 'LessThanOrEqual', { limit: INT4_MAX });
  if (value < -INT4_MAX) throw ApiError.field(400, field, 'GreaterThanOrEqual', { limit: -INT4_MAX });
}

function placeholder(c: Column, p: SqlParams, value: SqlParam): string {
  const ph = p.add(value);
  return c.kind === 'json' ? `${ph}::text::jsonb` : ph;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** Parses OrderBy / OrderByDesc into ORDER BY terms; unknown fields answer 400 naming the parameter. */
function orderTerms<T, In, Q>(d: ResourceDeclaration<T, In, Q>, cols: Map<string, Column>, query: Record<string, unknown>): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  const sortable = new Map(d.sort.map((f) => [f.toLowerCase(), f]));
  const read = (param: 'OrderBy' | 'OrderByDesc', text: string | undefined, reverse: boolean) => {
    if (!text) return;
    for (const raw of text.split(',')) {
      const item = raw.trim();
      if (!item) continue;
      const desc = item.startsWith('-') !== reverse;
      const wire = sortable.get(item.replace(/^-/, '').toLowerCase());
      const col = wire ? cols.get(wire) : undefined;
      if (!col) throw ApiError.field(400, param, 'InvalidValue');
      if (seen.has(col.column)) continue;
      seen.add(col.column);
      terms.push(`t.${quoteIdent(col.column)} ${desc ? 'desc' : 'asc'}`);
    }
  };
  const orderBy = typeof query.OrderBy === 'string' ? query.OrderBy : undefined;
  const orderByDesc = typeof query.OrderByDesc === 'string' ? query.OrderByDesc : undefined;
  read('OrderBy', orderBy, false);
  read('OrderByDesc', orderByDesc, true);
  if (!orderBy && !orderByDesc) read('OrderBy', d.defaultSort, false);
  // The primary key keeps pages stable; following the last term's direction lets one index serve both.
  if (!seen.has('id')) terms.push(`t.id ${terms.at(-1)?.endsWith(' desc') ? 'desc' : 'asc'}`);
  return terms;
}

function whereClause<T, In, Q>(d: ResourceDeclaration<T, In, Q>, cols: Map<string, Column>, ctx: CallerContext, query: Q, p: SqlParams): string {
  const q = query as Record<string, unknown>;
  const conds = [`t.company_id = ${p.add(ctx.companyId)}`];
  for (const [param, filter] of Object.entries((d.filters ?? {}) as Record<string, string | FilterFn<Q> | undefined>)) {
    const value = q[param];
    if (value === undefined || value === null || value === '' || !filter) continue;
    if (typeof filter === 'function') {
      const cond = filter(value, p, query, ctx);
      if (cond) conds.push(cond);
      continue;
    }
    const col = cols.get(filter);
    if (!col) throw new Error(`${d.entity}: filter ${param} names unknown field ${filter}`);
    const values = Array.isArray(value) ? value : [value];
    if (col.kind === 'int') values.forEach((v) => assertInt4(param, v));
    const target = `t.${quoteIdent(col.column)}`;
    conds.push(values.length === 1 ? `${target} = ${p.add(values[0] as SqlParam)}` : `${target} in (${values.map((v) => p.add(v as SqlParam)).join(', ')})`);
  }
  const search = typeof q.Search === 'string' ? q.Search.trim() : '';
  if (search && d.search?.length) {
    const ph = p.add(`%${escapeLike(search)}%`);
    conds.push(`(${d.search.map((c) => `t.${quoteIdent(c)} ilike ${ph}`).join(' or ')})`);
  }
  return conds.join(' and ');
}

function rowsToRecords<T>(rows: Record<string, unknown>[], cols: Column[], timeZone: string): T[] {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const c of cols) record[c.wire] = toWire(c.kind, row[c.wire], timeZone);
    return record as T;
  });
}

function selectList(cols: Column[]): string {
  return cols.map((c) => `${selectExpr(c)} as ${quoteIdent(c.wire)}`).join(', ');
}

/**
 * One page of records: one statement for the rows and, unless the first page already holds
 * everything, one for the count.
 */
export async function listRecords<T, In, Q>(db: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, query: Q): Promise<Page<T>> {
  const q = query as Record<string, unknown>;
  const cols = columnsOf(d);
  const byWire = new Map(cols.map((c) => [c.wire, c]));
  const skip = typeof q.Skip === 'number' ? q.Skip : 0;
  const take = typeof q.Take === 'number' ? q.Take : DEFAULT_TAKE;
  if (!Number.isInteger(skip) || skip < 0 || skip > INT4_MAX) throw ApiError.field(400, 'Skip', 'InvalidValue');
  if (!Number.isInteger(take) || take < 1 || take > MAX_TAKE) throw ApiError.field(400, 'Take', 'LessThanOrEqual', { limit: MAX_TAKE });
  const p = new SqlParams();
  const where = whereClause(d, byWire, ctx, query, p);
  const order = orderTerms(d, byWire, q);
  const countParams = [...p.values];
  // The page is picked first and converted after, so conversions run for the page only.
  const orderBy = order.join(', ');
  const rows = await db.query<Record<string, unknown>>(
    `with page as (select * from ${quoteIdent(d.table)} t where ${where} order by ${orderBy} limit ${p.add(take)} offset ${p.add(skip)})
     select ${selectList(cols)} from page t order by ${orderBy}`,
    p.values,
  );
  let total = skip + rows.length;
  if (rows.length === take || (rows.length === 0 && skip > 0)) {
    const cheap = d.count ? await d.count(db, ctx, query) : undefined;
    const count = cheap ?? (await db.one<{ n: number }>(`select count(*)::int as n from ${quoteIdent(d.table)} t where ${where}`, countParams))?.n;
    total = count ?? 0;
  }
  const records = rowsToRecords<T>(rows, cols, ctx.timeZone);
  if (records.length && d.hooks?.afterRead) await d.hooks.afterRead(records, { ctx, db, query });
  return { Offset: skip, Total: total, Results: records };
}

/**
 * Every record of the caller's company matching a hand-written condition on alias `t`, in the
 * declaration's default order, with afterRead applied: for loading the children of a page in one query.
 * @example
 * const prices = await selectWhere(db, ctx, servicePrices, (p) => `t.service_id in (${ids.map((id) => p.add(id)).join(', ')})`);
 */
export async function selectWhere<T, In, Q>(
  db: Db,
  ctx: CallerContext,
  d: ResourceDeclaration<T, In, Q>,
  condition: (p: SqlParams) => string,
  query: Partial<Q> = {},
): Promise<T[]> {
  const cols = columnsOf(d);
  const p = new SqlParams();
  const where = `t.company_id = ${p.add(ctx.companyId)} and (${condition(p)})`;
  const order = orderTerms(d, new Map(cols.map((c) => [c.wire, c])), {});
  const rows = await db.query<Record<string, unknown>>(`select ${selectList(cols)} from ${quoteIdent(d.table)} t where ${where} order by ${order.join(', ')}`, p.values);
  const records = rowsToRecords<T>(rows, cols, ctx.timeZone);
  if (records.length && d.hooks?.afterRead) await d.hooks.afterRead(records, { ctx, db, query: query as Q });
  return records;
}

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
    const result = (await d.hooks?.beforeWrite?.(body, w)) ?? {};
    const input = result.input ?? body;
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
    return readRecord(tx, ctx, d, savedId, d.readBack ?? {});
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
      return existing;
    });
  } catch (err) {
    throw databaseError(err, d);
  }
}

/** Path parameter schema for /{Id} routes. */
export const idParams = {
  type: 'object',
  properties: { Id: { type: 'integer', minimum: 1, maximum: INT4_MAX } },
  required: ['Id'],
} as const;

/** The response schema of a list of `item`. */
export function pageSchema(item: string): object {
  return {
    type: 'object',
    properties: {
      Offset: { type: 'integer' },
      Total: { type: 'integer' },
      Results: { type: 'array', items: ref(item) },
    },
  };
}

/**
 * Registers GET path, POST path, PUT path/:Id and DELETE path/:Id for a declaration.
 * Register it inside the areas plugin (prefix /api).
 */
export function registerResource<T, In, Q>(app: FastifyInstance, d: ResourceDeclaration<T, In, Q>): void {
  const routes = { list: true, create: true, update: true, delete: true, ...d.routes };
  const item = { 200: ref(d.schemas.item) };
  const idOf = (request: FastifyRequest) => (request.params as { Id: number }).Id;
  if (routes.list) {
    app.get(d.path, { schema: { querystring: ref(d.schemas.query), response: { 200: pageSchema(d.schemas.item) } } }, (request) =>
      listRecords(app.db, request.ctx, d, request.query as Q),
    );
  }
  if (routes.create) {
    app.post(d.path, { schema: { body: ref(d.schemas.input), response: item } }, (request) => createRecord(app.db, request.ctx, d, request.body as In));
  }
  if (routes.update) {
    app.put(`${d.path}/:Id`, { schema: { params: idParams, body: ref(d.schemas.input), response: item } }, (request) =>
      updateRecord(app.db, request.ctx, d, idOf(request), request.body as In),
    );
  }
  if (routes.delete) {
    app.delete(`${d.path}/:Id`, { schema: { params: idParams, response: item } }, (request) => deleteRecord(app.db, request.ctx, d, idOf(request)));
  }
}
