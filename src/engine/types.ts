import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Identifier, RaRecord, SortPayload, Validator } from 'react-admin';
import type { ResourceApi } from '../dataProvider/types';

import type { MenuGroup } from '../common/registry';

export type { MenuGroup };

/**
 * A field of the record type `R`, so that a declaration naming a renamed field is a type error.
 * Untyped declarations (RaRecord, whose keys are any string) take any string.
 */
export type FieldOf<R> = keyof R & string;

/** A wire record as react-admin sees it: the contract type plus react-admin's `id`. */
export type WireRecord<T> = T & { id: Identifier };

/** How the engine shows and edits one field; inferred from the JSON Schema unless declared. */
export type FieldKind =
  | 'string'
  | 'text'
  | 'number'
  | 'money'
  | 'boolean'
  | 'enum'
  | 'datetime'
  | 'date'
  | 'time'
  | 'image'
  | 'phone'
  | 'richtext'
  | 'reference'
  | 'references'
  | 'multiselect'
  | 'strings'
  | 'object'
  | 'unknown';

/** A callback on a record, bivariant so that typed declarations fit in one list (React's own hack). */
export type RecordFn<R, T> = { bivarianceHack(record: R): T }['bivarianceHack'];

export interface Choice {
  id: string | number;
  /** A message key or plain text. */
  name: string;
}

/** What a declaration may say about one field (list column, filter or input). */
export interface FieldSpec<R = RaRecord> {
  kind?: FieldKind;
  /** Target resource of a 'reference' / 'references' field. */
  reference?: string;
  /** Field of the referenced record shown as its name (default: the target's recordRepresentation). */
  optionText?: string;
  choices?: readonly Choice[];
  /** Extra validators after the schema's. */
  validate?: Validator[];
  /** Replaces the generated input; as a function it receives the schema's validators. */
  input?: ReactElement | ((props: { source: string; validate: Validator[] }) => ReactElement);
  /** Replaces the generated list cell. */
  render?: RecordFn<R, ReactNode>;
  /** The record fields `render` reads; without it a list with this column asks the API for every field. */
  reads?: readonly string[];
  /** Hidden unless the form values match. */
  showWhen?: RecordFn<Record<string, unknown>, boolean>;
  helperText?: string;
  fullWidth?: boolean;
}

export interface ColumnSpec<R = RaRecord> {
  source: string;
  /** Default: every declared column sorts; set false for computed ones. */
  sortable?: boolean;
  render?: RecordFn<R, ReactNode>;
  /** The record fields `render` reads; without it the list asks the API for every field. */
  reads?: readonly string[];
  label?: string;
}

export type FilterSpec =
  | { source: 'q'; kind: 'search' }
  | { source: string; kind: 'boolean' | 'select' | 'reference' | 'text'; choices?: readonly Choice[]; reference?: string; alwaysOn?: boolean }
  | RangeFilterSpec
  | ReactElement;

// --- Lists (issue 39): range filters. ---
/**
 * A range of dates or numbers: two inputs, `source` (from) and `toSource` (to), each sent as the
 * query parameter of its name (e.g. From and To of GET /timeexceptions).
 */
export interface RangeFilterSpec {
  source: string;
  toSource: string;
  kind: 'dateRange' | 'numberRange';
  alwaysOn?: boolean;
}

export interface ListSpec<R = RaRecord> {
  columns: readonly (string | ColumnSpec<R>)[];
  sort?: SortPayload;
  filters?: readonly FilterSpec[];
  perPage?: number;
  /** Extra buttons in the list's top toolbar. */
  actions?: ReactElement;
  /** Where a row click goes; default 'edit'. */
  rowClick?: 'edit' | false;
  title?: string;
  // --- Lists (issue 39): bulk actions declared per entity. ---
  /** Bulk actions on the rows picked (only for roles that may write the resource). */
  bulk?: BulkSpec;
}

/** One field a bulk action sets on every picked record (e.g. Active), with the values to choose from. */
export interface BulkSetFieldSpec {
  source: string;
  /** Values offered; default yes/no for a boolean field. */
  choices?: readonly Choice[];
}

/**
 * A list's bulk actions: delete (one DELETE per record; the server cannot restore, so no undo) and
 * set a field (one PUT per record with the field changed; undo puts the previous values back).
 */
export interface BulkSpec {
  delete?: boolean;
  setField?: readonly BulkSetFieldSpec[];
}

export interface FormSection {
  /** Message key of the section heading (resources.<name>.sections.<id> by convention). */
  id?: string;
  fields: readonly (string | ReactElement)[];
}

export interface FormSpec<R = RaRecord> {
  sections: readonly FormSection[];
  /** Record → form values (e.g. DayOfWeek objects → ids). */
  toForm?: RecordFn<R, Record<string, unknown>>;
  /** Form values → request body, after the engine keeps only the input schema's properties. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Defaults on create. */
  defaults?: Record<string, unknown>;
  /** Extra toolbar actions on the edit screen (e.g. copy). */
  editActions?: ReactElement;
  /** Extra tabs beside the form on the edit screen; the form is the first tab ('general'). */
  editTabs?: readonly { id: string; label: string; content: ReactElement }[];
}

/** A view is either declared (the engine builds it) or a hand-written component. */
export type ViewSpec<S> = S | ComponentType;

/**
 * What the shell needs of a resource before any of its screens: the route table, the menu, the data
 * provider and the references of other resources (recordRepresentation).
 */
export interface ResourceMeta<R = RaRecord> {
  /** react-admin resource name and route path (/<name>). */
  name: string;
  api: ResourceApi;
  /** Sidebar group ('top' above the groups); null keeps the resource out of the sidebar. */
  group: MenuGroup | 'top' | null;
  icon?: ComponentType;
  /** Area of the permission matrix (schema/access/permissions.ts) that decides who sees it; default: the area of /<name>. */
  area?: string;
  recordRepresentation?: string | RecordFn<R, string>;
}

/** The screens of a resource: schema, fields, list, form, hand-written create/edit, extra routes. */
export interface ResourceViews<R = RaRecord> {
  /** Definition in schema/generated/contract.json of the create/update body. */
  schema?: string;
  /** Definition of the record as read (list column kinds); default: `schema`. */
  recordSchema?: string;
  fields?: Record<string, FieldSpec<R>>;
  list?: ViewSpec<ListSpec<R>>;
  /** The form used for create and edit, unless `create`/`edit` replace one. */
  form?: FormSpec<R>;
  create?: ComponentType | false;
  edit?: ComponentType | false;
  /** Extra routes under /<name>/ (e.g. 'inactive'). */
  routes?: readonly { path: string; element: ReactElement }[];
}

/** A list column that names a field of the record type. */
export interface TypedColumn<R> extends ColumnSpec<R> {
  source: FieldOf<R>;
}

/** A filter that names a field of the record type (or is the search box, or an element). */
export type TypedFilter<R> = { source: 'q'; kind: 'search' } | (Exclude<FilterSpec, ReactElement | { kind: 'search' }> & { source: FieldOf<R> }) | ReactElement;

/** A list whose columns and filters name fields of the record type. */
export interface TypedList<R> extends Omit<ListSpec<R>, 'columns' | 'filters'> {
  columns: readonly (FieldOf<R> | TypedColumn<R>)[];
  filters?: readonly TypedFilter<R>[];
}

/**
 * The views as a declaration writes them (withViews): list columns, filters and field settings name
 * fields of the record type `R`, so a renamed field is a type error where it is declared.
 */
export interface TypedViews<R> extends Omit<ResourceViews<R>, 'list'> {
  list?: ViewSpec<TypedList<R>>;
}

/**
 * Everything that names a resource: API, schema, list, form, menu entry.
 * @example
 * const articles: ResourceDeclaration<Article> = {
 *   name: 'articles', api: { path: '/articles' }, schema: 'ArticleInput', group: 'services',
 *   recordRepresentation: 'Name', list: { columns: ['Name', 'Price'] },
 *   form: { sections: [{ fields: ['Name', 'Price'] }] },
 * };
 */
export interface ResourceDeclaration<R = RaRecord> extends ResourceMeta<R>, ResourceViews<R> {}

/**
 * Which screens a lazily loaded declaration provides, known before it loads. Default: list, create
 * and edit, no extra routes. The engine checks it against the declaration once loaded.
 */
export interface ResourceScreens {
  list?: boolean;
  create?: boolean;
  edit?: boolean;
  /** Paths of the declaration's extra `routes`, e.g. ['inactive']. */
  routes?: readonly string[];
}

/**
 * A resource whose screens load on first visit: its meta now (menu, route table, data provider), the
 * declaration (a chunk of its own, with the engine's list and form code) when one of its screens opens.
 * A folder under src/resources/ has `meta.ts` (this, the only file src/resources/index.ts imports) and
 * `declaration.tsx` (`withViews(meta, views)`), so the resource is named in one place. Annotate the
 * constant: its `load` refers back to it.
 * @example
 * // services/meta.ts
 * export const servicesMeta: LazyResource<WireRecord<Service>> = {
 *   name: 'services', api: { path: '/services' }, group: 'services', icon: EventIcon, recordRepresentation: 'Name',
 *   load: () => import('./declaration').then((m) => m.services),
 * };
 * // services/declaration.tsx
 * export const services = withViews(servicesMeta, { schema: 'ServiceInput', list: { columns: ['Name'] }, form: { sections: [...] } });
 */
export interface LazyResource<R = RaRecord> extends ResourceMeta<R> {
  screens?: ResourceScreens;
  load: () => Promise<ResourceDeclaration<R>>;
}

/** What src/resources/index.ts lists: a lazy resource, or a declaration given in full (data-only resources, tests). */
export type ResourceEntry = ResourceDeclaration | LazyResource;
