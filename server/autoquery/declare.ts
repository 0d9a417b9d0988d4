import type { CallerContext } from '../shared/context';
import type { Db, SqlParam } from '../db/db';

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
  /** Text trimmed before any rule runs; blank after trimming answers 400 'NotEmpty' naming the field. */
  required?: boolean;
}

/** Every record's `Id` (column id, read-only). */
export const ID_FIELD = {
  Id: { column: 'id', kind: 'int', readOnly: true },
} as const satisfies Record<string, FieldSpec>;

/** The fields most records share: `Id` (column id) and the read-only `Created` and `Updated` timestamps. */
export const RECORD_FIELDS = {
  ...ID_FIELD,
  Created: { column: 'created', kind: 'datetime', readOnly: true },
  Updated: { column: 'updated', kind: 'datetime', readOnly: true },
} as const satisfies Record<string, FieldSpec>;

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
  /**
   * The input's rules that need no database, on the body as sent (each only where the fields it
   * reads have the schema's types: the schema refuses the rest). They run before the schema, so a
   * refusal names their fields together with the schema's own (server/validation.ts).
   */
  checkInput?(body: Record<string, unknown>, refuse: (field: string, key: string, params?: Record<string, string | number>) => void): void;
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
  /** Names of definitions in the generated contract; default `<entity>Query`, `<entity>Input`, `<entity>`. */
  schemas?: { query: string; input: string; item: string };
  hooks?: ResourceHooks<T, In, Q>;
  /** Query used to read a record back after create/update (e.g. include flags). */
  readBack?: Partial<Q>;
  /**
   * A cheaper exact total than count(*) for a query, e.g. from a per-company counter table when
   * no filter is set; undefined falls back to count(*).
   */
  count?(db: Db, ctx: CallerContext, query: Q): Promise<number | undefined>;
  /**
   * The record's history (server/autoquery/history.ts): false keeps none (a log of its own, like the
   * booking log); `omit` leaves fields out of it beside the passwords, secrets and tokens it never keeps.
   */
  history?: false | { omit?: string[] };
  /** Leave out routes an area writes by hand. */
  routes?: { list?: boolean; create?: boolean; update?: boolean; delete?: boolean };
}

/** Types a declaration; nothing more. */
export function defineResource<T, In, Q>(declaration: ResourceDeclaration<T, In, Q>): ResourceDeclaration<T, In, Q> {
  return declaration;
}

/** The contract definitions a declaration's routes validate with. */
export function schemasOf<T, In, Q>(d: ResourceDeclaration<T, In, Q>): { query: string; input: string; item: string } {
  return d.schemas ?? { query: `${d.entity}Query`, input: `${d.entity}Input`, item: d.entity };
}

export interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 1000;
