import type { RaRecord } from 'react-admin';
import { kindOf, propertyOf, type Contract } from './schema';
import type { ColumnSpec, ResourceDeclaration } from './types';

/**
 * The record fields a declared list shows, for the API's `Fields` parameter, so a list screen fetches
 * only its columns: each column's source (a nested source's top field), what its cell reads besides
 * (`reads`; a money cell also reads PriceSign) and the id. Undefined, so every field comes, when a
 * column renders with its own function and does not say what it reads.
 * @example
 * listFieldsOf(customers, defs); // ['Id', 'Firstname', 'Lastname', 'Email', 'Phone', 'SubscribedToNewsletter', 'Created']
 */
export function listFieldsOf(declaration: ResourceDeclaration, defs: Contract['definitions']): string[] | undefined {
  const list = declaration.list;
  if (!list || typeof list === 'function' || !('columns' in list)) return undefined;
  const definition = declaration.recordSchema ?? declaration.schema;
  const fields = new Set<string>([declaration.api.idField ?? 'Id']);
  for (const column of list.columns) {
    const spec: ColumnSpec<RaRecord> = typeof column === 'string' ? { source: column } : column;
    const field = declaration.fields?.[spec.source];
    const render = spec.render ?? field?.render;
    const reads = spec.reads ?? field?.reads;
    if (render && !reads) return undefined;
    for (const name of reads ?? [spec.source]) fields.add(name.split('.')[0]);
    const property = definition ? propertyOf(defs, definition, spec.source) : undefined;
    if ((field?.kind ?? kindOf(spec.source, property)) === 'money') fields.add('PriceSign');
  }
  return [...fields];
}
