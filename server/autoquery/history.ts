/**
 * The history of records written through declarations (issue 39): each create, update and delete
 * writes one entry, in the write's own transaction, with the caller and the fields that changed.
 * The record before and after is what the write reads anyway (to check it exists, to answer it),
 * so history costs one insert. Compared are the fields a body may write: the declaration's writable
 * columns and whatever else the body carried (links, custom field values, addresses); readOnly and
 * derived fields are left out, and so are sensitive ones, by name or by the declaration's `history.omit`.
 */
import type { CallerContext } from '../shared/context';
import type { Db } from '../db/db';
import type { HistoryAction, HistoryChange } from '../../schema/history';
import { columnsOf } from './columns';
import type { ResourceDeclaration } from './declare';

/** Field names never kept in a history, whatever the declaration says. */
const SENSITIVE = /password|secret|token|apikey|api_key|privatekey/i;

/** The fields a history compares for a declaration and a body. */
function trackedFields<T, In, Q>(d: ResourceDeclaration<T, In, Q>, body: unknown): string[] {
  const omit = new Set(d.history ? (d.history.omit ?? []) : []);
  const fields = new Set(columnsOf(d).filter((c) => !c.readOnly && c.column !== 'id').map((c) => c.wire));
  if (body && typeof body === 'object') for (const key of Object.keys(body)) fields.add(key);
  for (const never of ['Id', 'CompanyId']) fields.delete(never);
  return [...fields].filter((f) => !omit.has(f) && !SENSITIVE.test(f));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changes between two versions of a record: every tracked field on create (Before null) and
 * delete (After null), the ones whose value differs on update.
 * @example
 * changesOf(customers, { Firstname: 'Ada' }, { Firstname: 'Ada', Lastname: 'Berg' }, { Firstname: 'Eva', Lastname: 'Berg' })
 * // [{ Field: 'Firstname', Before: 'Ada', After: 'Eva' }]
 */
export function changesOf<T, In, Q>(d: ResourceDeclaration<T, In, Q>, body: unknown, before: T | undefined, after: T | undefined): HistoryChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: HistoryChange[] = [];
  for (const field of trackedFields(d, body)) {
    if (!(field in a) && !(field in b)) continue;
    // An update compares what both versions carry (the answer may read more than the check did).
    if (before && after && (!(field in a) || !(field in b) || same(b[field], a[field]))) continue;
    changes.push({ Field: field, Before: before ? (b[field] ?? null) : null, After: after ? (a[field] ?? null) : null });
  }
  return changes;
}

/**
 * Writes one history entry in the caller's transaction; an update that changed nothing writes none.
 * @example
 * await recordHistory(tx, ctx, customers, 'update', id, body, existing, saved);
 */
export async function recordHistory<T, In, Q>(tx: Db, ctx: CallerContext, d: ResourceDeclaration<T, In, Q>, action: HistoryAction, id: number, body: unknown, before: T | undefined, after: T | undefined): Promise<void> {
  if (d.history === false) return;
  const changes = changesOf(d, body, before, after);
  if (action === 'update' && !changes.length) return;
  await tx.query(
    'insert into record_history (company_id, resource, record_id, action, user_id, actor, changes) values ($1, $2, $3, $4, $5, $6, $7::jsonb)',
    [ctx.companyId, d.path, id, action, ctx.userId > 0 ? ctx.userId : null, ctx.email ?? '', JSON.stringify(changes)],
  );
}
