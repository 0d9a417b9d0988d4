/**
 * Generic list / create / update / delete routes from a declaration: the server's twin of the
 * admin's resource declarations. A declaration names the table, how wire fields map to columns,
 * what can be searched, sorted and filtered, the contract schemas, and hooks for the rules and
 * side tables an area needs. Everything is scoped to the caller's company; every write runs in
 * one transaction; an id of another company answers 404 exactly like an unknown one.
 *
 * @example
 * const services = defineResource<Service, ServiceInput, ServiceQuery>({
 *   entity: 'Service',                 // names the record in 404 messages
 *   path: '/services',                 // GET /services, POST /services, PUT|DELETE /services/:Id
 *   table: 'services',
 *   fields: {                          // wire field -> column (a bare string is a text column)
 *     ...RECORD_FIELDS,                 // Id, Created, Updated (company-local yyyy-MM-ddTHH:mm:ss)
 *     Name: { column: 'name', required: true },   // trimmed; blank answers 400 'NotEmpty'
 *     Active: { column: 'active', kind: 'bool' },
 *     Duration: { column: 'duration', kind: 'int' },
 *     GroupBooking: { column: 'group_booking', kind: 'json' },
 *   },
 *   search: ['name', 'description'],    // Search= is a case-insensitive "contains" over these columns
 *   sort: ['Id', 'Name', 'SortOrder', 'Created'],   // OrderBy=SortOrder,-Created; Id is the implicit last key
 *   defaultSort: 'SortOrder,Name',
 *   filters: {                          // query parameter -> wire field (equality; arrays become IN)
 *     Id: 'Id',
 *     Active: 'Active',
 *     Group: (value, p) => `t.group_name = ${p.add(String(value))}`,   // or any SQL condition
 *   },
 *   schemas: { query: 'ServiceQuery', input: 'ServiceInput', item: 'Service' },   // the default from entity
 *   readBack: { IncludeCustomFieldValues: true },   // the query a create/update/delete answer is read with
 *   count: async (db, ctx, q) => (q.Search ? undefined : cachedTotal(ctx.companyId)),   // optional cheaper total
 *   hooks: {
 *     async beforeWrite(input, w) {     // inside the write transaction; w.existing on update
 *       if (input.Duration < 1) throw ApiError.field(400, 'Duration', 'GreaterThanOrEqual', { limit: 1 });
 *       return { input, columns: { max_duration: input.Duration * 3 } };   // changed body, extra columns
 *     },
 *     async afterWrite(id, input, w) { await saveSideTable(w.db, w.ctx.companyId, id, input) },
 *     async afterRead(records, r) {     // ONE extra query per page to attach children
 *       if (r.query.IncludePrices) await attachPrices(r.db, r.ctx, records);
 *     },
 *     async beforeDelete(record, w) { await assertNotBooked(w.db, record.Id) },
 *   },
 * });
 * registerResource(app, services);                            // the four routes
 * const page = await listRecords(app.db, ctx, services, { Take: 10 });   // for hand-written routes
 * const one = await readRecord(app.db, ctx, services, 12, { IncludePrices: true });
 * // also: createRecord / updateRecord / deleteRecord (the routes' work, for hand-written routes),
 * // selectWhere (all matching rows, e.g. the children of a page, in one query), findRecord,
 * // pageSchema('Item') and idParams for hand-written route schemas, assertInt4 for id guards.
 *
 * // GET /api/services?Skip=0&Take=25&OrderBy=-Created&Search=yoga&Active=true&Id=1&Id=2
 * // → { Offset: 0, Total: 2, Results: [...] }   (Take defaults to 50, at most 1000)
 */
export {
  defineResource,
  DEFAULT_TAKE,
  ID_FIELD,
  MAX_TAKE,
  RECORD_FIELDS,
  schemasOf,
  SqlParams,
  type FieldKind,
  type FieldSpec,
  type FilterFn,
  type Page,
  type ReadContext,
  type ResourceDeclaration,
  type ResourceHooks,
  type WriteContext,
  type WriteResult,
} from './declare';
export { assertInt4 } from './columns';
export { containsPattern, listRecords, orderClause, selectWhere, unknownSortNames } from './list';
export { createRecord, deleteRecord, findRecord, readRecord, updateRecord } from './records';
export { idParams, pageSchema, registerResource } from './routes';
