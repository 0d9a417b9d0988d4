import type { Lang } from './messages';
import { fieldError } from './fieldErrors';

/**
 * ORDER BY terms from the contract's OrderBy / OrderByDesc (comma lists, '-' reverses one field),
 * with the primary key as the implicit last key. An unknown field answers 400 naming the parameter.
 * @example
 * orderClause(lang, { OrderBy: '-Created,Lastname' }, { created: 'c.created', lastname: 'c.lastname' }, 'c.id', 'Lastname')
 * // 'c.created desc, c.lastname asc, c.id desc'
 */
export function orderClause(
  lang: Lang,
  query: { OrderBy?: string; OrderByDesc?: string },
  sorts: Record<string, string>,
  idColumn: string,
  defaultSort = '',
): string {
  const terms: string[] = [];
  const seen = new Set<string>();
  const read = (param: 'OrderBy' | 'OrderByDesc', list: string | undefined, reverse: boolean): void => {
    for (const raw of (list ?? '').split(',')) {
      const name = raw.trim();
      if (!name) continue;
      const desc = name.startsWith('-') !== reverse;
      const column = sorts[name.replace(/^-/, '').toLowerCase()];
      if (!column) throw fieldError(lang, 400, param, 'InvalidValue');
      if (seen.has(column)) continue;
      seen.add(column);
      terms.push(`${column} ${desc ? 'desc' : 'asc'}`);
    }
  };
  read('OrderBy', query.OrderBy, false);
  read('OrderByDesc', query.OrderByDesc, true);
  if (!query.OrderBy && !query.OrderByDesc) read('OrderBy', defaultSort, false);
  // Following the last term's direction lets one (…, id) index serve both directions.
  if (!seen.has(idColumn)) terms.push(`${idColumn} ${terms.at(-1)?.endsWith(' desc') ? 'desc' : 'asc'}`);
  return terms.join(', ');
}

/** A LIKE pattern matching the text anywhere, lower-cased, with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
