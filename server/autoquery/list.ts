import type { CallerContext } from '../shared/context';
import type { Db, SqlParam } from '../db/db';
import { ApiError } from '../shared/errors';
import { DEFAULT_TAKE, MAX_TAKE, SqlParams, type FilterFn, type Page, type ResourceDeclaration } from './declare';
import { INT4_MAX } from '../shared/constants';
import { assertInt4, columnsOf, quoteIdent, rowsToRecords, selectList, type Column } from './columns';

/** A LIKE pattern matching the text anywhere, lower-cased, with LIKE's wildcards escaped (use with ilike or lower(col) like). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The names of an OrderBy / OrderByDesc comma list ('-' reverses one) that `known` (lower-cased
 * wire fields) lacks: what orderClause refuses, for checks made before the schema.
 * @example
 * unknownSortNames('-Created,1.5', new Set(['created'])); // ['1.5']
 */
export function unknownSortNames(param: string, known: ReadonlyMap<string, string> | ReadonlySet<string>): string[] {
  return param
    .split(',')
    .map((raw) => raw.trim())
    .filter((name) => name && !known.has(name.replace(/^-/, '').toLowerCase()));
}

/**
 * ORDER BY terms from the contract's OrderBy / OrderByDesc (comma lists, '-' reverses one field),
 * with the primary key as the implicit last key. `sorts` maps a lower-cased wire field to its SQL
 * column. An unknown field answers 400 naming the parameter. The engine and hand-written lists share it.
 * @example
 * orderClause({ OrderBy: '-Created,Lastname' }, { created: 'c.created', lastname: 'c.lastname' }, 'c.id', 'Lastname')
 * // 'c.created desc, c.lastname asc, c.id desc'
 */
export function orderClause(query: { OrderBy?: unknown; OrderByDesc?: unknown }, sorts: Record<string, string>, idColumn: string, defaultSort = ''): string {
  const terms: string[] = [];
  const seen = new Set<string>();
  const read = (param: 'OrderBy' | 'OrderByDesc', list: string, reverse: boolean): void => {
    for (const raw of list.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      const desc = name.startsWith('-') !== reverse;
      const key = name.replace(/^-/, '').toLowerCase();
      const column = Object.hasOwn(sorts, key) ? sorts[key] : undefined;
      if (!column) throw ApiError.field(400, param, 'InvalidValue');
      if (seen.has(column)) continue;
      seen.add(column);
      terms.push(`${column} ${desc ? 'desc' : 'asc'}`);
    }
  };
  const orderBy = typeof query.OrderBy === 'string' ? query.OrderBy : '';
  const orderByDesc = typeof query.OrderByDesc === 'string' ? query.OrderByDesc : '';
  read('OrderBy', orderBy, false);
  read('OrderByDesc', orderByDesc, true);
  if (!orderBy && !orderByDesc) read('OrderBy', defaultSort, false);
  // Following the last term's direction lets one (…, id) index serve both directions and keeps pages stable.
  if (!seen.has(idColumn)) terms.push(`${idColumn} ${terms.at(-1)?.endsWith(' desc') ? 'desc' : 'asc'}`);
  return terms.join(', ');
}

/** The engine's ORDER BY: the declaration's sortable fields on alias t, then t.id. */
function orderTerms<T, In, Q>(d: ResourceDeclaration<T, In, Q>, cols: Map<string, Column>, query: Record<string, unknown>): string {
  const sorts: Record<string, string> = {};
  for (const field of d.sort) {
    const col = cols.get(field);
    if (col) sorts[field.toLowerCase()] = `t.${quoteIdent(col.column)}`;
  }
  return orderClause(query, sorts, `t.${quoteIdent('id')}`, d.defaultSort);
}

export function whereClause<T, In, Q>(d: ResourceDeclaration<T, In, Q>, cols: Map<string, Column>, ctx: CallerContext, query: Q, p: SqlParams): string {
  const q = query as Record<string, unknown>;
  const conds = [`t.company_id = ${p.add(ctx.companyId)}`];
  for (const [param, filter] of Object.entries((d.filters ?? {}) as Record<string, string | FilterFn<Q> | undefined>)) {
    const value = q[param];
    // An empty list filters nothing, as an empty query parameter does (a JSON body may send []).
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || !filter) continue;
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
    // A number is also a record's own number ("83" finds booking 83 besides the texts holding 83); "#83" is only that.
    const number = /^(#?)(\d{1,9})$/.exec(search);
    const id = cols.get('Id');
    const byId = number && id && Number(number[2]) <= INT4_MAX ? `t.${quoteIdent(id.column)} = ${p.add(Number(number[2]))}` : null;
    const ph = byId && number?.[1] === '#' ? null : p.add(containsPattern(search));
    const matches = [...(ph ? d.search.map((c) => `t.${quoteIdent(c)} ilike ${ph}`) : []), ...(byId ? [byId] : [])];
    conds.push(`(${matches.join(' or ')})`);
  }
  return conds.join(' and ');
}

/**
 * One page of records: one statement for the rows, then side by side the count (unless the first
 * page already holds everything) and the declaration's afterRead. `db` must be the pool, not a
 * transaction's connection.
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
  const orderBy = orderTerms(d, byWire, q);
  const countParams = [...p.values];
  // The page is picked first and converted after, so conversions run for the page only.
  const rows = await db.query<Record<string, unknown>>(
    `with page as (select * from ${quoteIdent(d.table)} t where ${where} order by ${orderBy} limit ${p.add(take)} offset ${p.add(skip)})
     select ${selectList(cols)} from page t order by ${orderBy}`,
    p.values,
  );
  const counted = async (): Promise<number> => {
    if (rows.length < take && !(rows.length === 0 && skip > 0)) return skip + rows.length;
    const cheap = d.count ? await d.count(db, ctx, query) : undefined;
    return cheap ?? (await db.one<{ n: number }>(`select count(*)::int as n from ${quoteIdent(d.table)} t where ${where}`, countParams))?.n ?? 0;
  };
  const records = rowsToRecords<T>(rows, cols, ctx.timeZone);
  // The count and the page's children are read side by side (db is the pool: two connections).
  const [total] = await Promise.all([counted(), records.length && d.hooks?.afterRead ? d.hooks.afterRead(records, { ctx, db, query }) : undefined]);
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
  const rows = await db.query<Record<string, unknown>>(`select ${selectList(cols)} from ${quoteIdent(d.table)} t where ${where} order by ${order}`, p.values);
  const records = rowsToRecords<T>(rows, cols, ctx.timeZone);
  if (records.length && d.hooks?.afterRead) await d.hooks.afterRead(records, { ctx, db, query: query as Q });
  return records;
}
