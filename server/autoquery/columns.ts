import { DateTime } from 'luxon';
import type { SqlParam } from '../db/db';
import { ApiError } from '../shared/errors';
import { INT4_MAX } from '../shared/constants';
import { formatLocalMillis } from '../../domain/pricing/localTime';
import type { FieldKind, FieldSpec, ResourceDeclaration, SqlParams } from './declare';

export const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

export interface Column {
  wire: string;
  column: string;
  kind: FieldKind;
  readOnly: boolean;
  required: boolean;
}

export function columnsOf<T, In, Q>(d: ResourceDeclaration<T, In, Q>): Column[] {
  return Object.entries(d.fields as Record<string, FieldSpec | string | undefined>).flatMap(([wire, spec]) => {
    if (!spec) return [];
    const s = typeof spec === 'string' ? { column: spec } : spec;
    return [{ wire, column: s.column, kind: s.kind ?? 'text', readOnly: s.readOnly ?? false, required: s.required ?? false }];
  });
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function selectExpr(c: Column): string {
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
export function toWire(kind: FieldKind, value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'datetime':
      return formatLocalMillis(Number(value), timeZone);
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
export function toDb(c: Column, value: unknown, timeZone: string): SqlParam {
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

export function placeholder(c: Column, p: SqlParams, value: SqlParam): string {
  const ph = p.add(value);
  return c.kind === 'json' ? `${ph}::text::jsonb` : ph;
}

export function rowsToRecords<T>(rows: Record<string, unknown>[], cols: Column[], timeZone: string): T[] {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const c of cols) record[c.wire] = toWire(c.kind, row[c.wire], timeZone);
    return record as T;
  });
}

export function selectList(cols: Column[]): string {
  return cols.map((c) => `${selectExpr(c)} as ${quoteIdent(c.wire)}`).join(', ');
}
