import type { LazyResource, ResourceDeclaration, ResourceEntry, ResourceMeta, ResourceScreens, TypedViews, WireRecord } from './types';

/**
 * The full declaration of a lazy resource: its meta (from the folder's meta.ts) with its views, so
 * `declaration.tsx` does not name the resource a second time (see {@link LazyResource}).
 * @example export const articles = withViews(articlesMeta, { schema: 'ArticleInput', list: { columns: ['Name'] } });
 */
export function withViews<R>(meta: ResourceMeta<R> | LazyResource<R>, views: TypedViews<R>): ResourceDeclaration<R> {
  const { name, api, group, icon, area, recordRepresentation } = meta;
  return { name, api, group, icon, area, recordRepresentation, ...views };
}

/**
 * The registry entry of a plain declared entity at API `path`: its records named by their `Name` and
 * fetched many at a time by `Id` (`?Id=1&Id=2`); `entry` gives the rest (group, icon, `load`, …).
 * @example
 * // annotated, as every entry: its `load` refers back to it
 * export const articlesMeta: LazyResource<WireRecord<Article>> = plainEntity('articles', '/articles', {
 *   group: 'services',
 *   icon: ShoppingBasketIcon,
 *   load: () => import('./declaration').then((m) => m.articles),
 * });
 */
export function plainEntity<T>(name: string, path: string, entry: Omit<LazyResource<WireRecord<T>>, 'name' | 'api'>): LazyResource<WireRecord<T>> {
  return { name, api: { path, manyIdsParam: 'Id' }, recordRepresentation: 'Name', ...entry };
}

/** Whether an entry's views still have to be loaded. */
export function isLazy(entry: ResourceEntry): entry is LazyResource {
  return 'load' in entry && typeof entry.load === 'function';
}

const DEFAULT_SCREENS: ResourceScreens = { list: true, create: true, edit: true };

/**
 * The screens an entry has: declared by a lazy resource (default list, create, edit), derived from the
 * views of a full declaration (a form gives create and edit unless they are `false`).
 * @example screensOf(customersMeta) // { list: true, create: true, edit: true, routes: ['inactive'] }
 */
export function screensOf(entry: ResourceEntry): Required<ResourceScreens> {
  if (isLazy(entry)) {
    const s = { ...DEFAULT_SCREENS, ...entry.screens };
    return { list: !!s.list, create: !!s.create, edit: !!s.edit, routes: s.routes ?? [] };
  }
  const has = (own: ResourceDeclaration['create']) => own !== false && !!(own ?? entry.form);
  return { list: !!entry.list, create: has(entry.create), edit: has(entry.edit), routes: entry.routes?.map((r) => r.path) ?? [] };
}
