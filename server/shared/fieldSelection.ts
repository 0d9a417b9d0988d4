import type { FastifyRequest } from 'fastify';

/**
 * The `Fields` selection of a list request (ServiceStack's convention, server/serviceStack), from the
 * moment it is checked until the answer is cut down to it. Whoever cuts the answer takes it, so it is
 * applied once: the route's onSend hook does, unless the route kept its answer (server/shared/
 * responseCache.ts), which projects before it keeps and compresses, so a kept or compressed answer
 * is always the projected one.
 */
const selections = new WeakMap<FastifyRequest, readonly string[]>();

/** Records the fields this request's answer is to be cut down to. */
export function setFieldSelection(request: FastifyRequest, fields: readonly string[]): void {
  selections.set(request, fields);
}

/** The fields this request's answer is to be cut down to, if any; taken, so nobody projects twice. */
export function takeFieldSelection(request: FastifyRequest): readonly string[] | undefined {
  const fields = selections.get(request);
  selections.delete(request);
  return fields;
}

/**
 * A serialised page with each record cut down to the selected fields (in the record's own order);
 * the text as it was when it is not a page.
 * @example projectPage('{"Offset":0,"Total":1,"Results":[{"Id":1,"Name":"Yoga","Active":true}]}', ['Id', 'Name'])
 * // '{"Offset":0,"Total":1,"Results":[{"Id":1,"Name":"Yoga"}]}'
 */
export function projectPage(json: string, fields: readonly string[]): string {
  let page: unknown;
  try {
    page = JSON.parse(json);
  } catch {
    return json;
  }
  if (!page || typeof page !== 'object' || !Array.isArray((page as { Results?: unknown }).Results)) return json;
  const keep = new Set(fields);
  const results = (page as { Results: unknown[] }).Results.map((record) =>
    record && typeof record === 'object' ? Object.fromEntries(Object.entries(record).filter(([name]) => keep.has(name))) : record,
  );
  return JSON.stringify({ ...page, Results: results });
}
