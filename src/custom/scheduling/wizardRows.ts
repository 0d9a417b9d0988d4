/** One name row of the wizard's step 2; `id` once the resource has been created. */
export interface WizardRow {
  key: number;
  name: string;
  id?: number;
}

const norm = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Whether `name` repeats a resource already created in the group.
 * @example duplicatesCreated('court 1', [{ key: 1, name: 'Court 1', id: 4 }]) // true
 */
export function duplicatesCreated(name: string, rows: readonly WizardRow[], self?: number): boolean {
  return rows.some((r) => r.id !== undefined && r.key !== self && norm(r.name) === norm(name));
}

/**
 * Spec areas.md §2: OK is disabled while a resource is being created, when the name is empty, or
 * when it duplicates an already created name (and a created row has nothing left to create).
 * @example canCreate({ key: 2, name: 'Court 2' }, rows, false) // true
 */
export function canCreate(row: WizardRow, rows: readonly WizardRow[], creating: boolean): boolean {
  return !creating && row.id === undefined && norm(row.name) !== '' && !duplicatesCreated(row.name, rows, row.key);
}

/**
 * The rows ending in an empty, not yet created row (spec: an empty row is always kept).
 * @example withEmptyRow([{ key: 1, name: 'A', id: 3 }], () => 2) // [{ key: 1, …}, { key: 2, name: '' }]
 */
export function withEmptyRow(rows: readonly WizardRow[], nextKey: () => number): WizardRow[] {
  const last = rows.at(-1);
  return last && last.id === undefined && last.name.trim() === '' ? [...rows] : [...rows, { key: nextKey(), name: '' }];
}
