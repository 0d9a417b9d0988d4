import { deref, type SchemaNode } from './shapes';

/**
 * The record fields a list route answers with, by lower-cased name, when its query takes `Fields`
 * and its answer is a page (`{ Offset, Total, Results: T[] }`); undefined for other routes.
 */
export function listFieldsOf(querystring: SchemaNode | undefined, response: SchemaNode | undefined): Map<string, string> | undefined {
  if (!deref(querystring)?.properties?.Fields) return undefined;
  const results = deref(response)?.properties?.Results;
  const item = deref(deref(results)?.items);
  if (!item?.properties) return undefined;
  return new Map(Object.keys(item.properties).map((name) => [name.toLowerCase(), name]));
}

/**
 * The fields a `Fields` parameter names (a comma list, any case), with `Id` always kept so records can
 * be told apart; `unknown` lists the names the record does not have. Empty when the parameter is.
 * @example
 * selectFields('id,NAME', new Map([['id', 'Id'], ['name', 'Name'], ['active', 'Active']]));
 * // { fields: ['Id', 'Name'], unknown: [] }
 */
export function selectFields(param: string, known: ReadonlyMap<string, string>): { fields: string[]; unknown: string[] } {
  const fields = new Set<string>();
  const unknown: string[] = [];
  for (const raw of param.split(',')) {
    const name = raw.trim();
    if (!name) continue;
    const wire = known.get(name.toLowerCase());
    if (wire) fields.add(wire);
    else unknown.push(name);
  }
  if (fields.size && known.has('id')) fields.add('Id');
  return { fields: [...fields], unknown };
}
