/**
 * History on every declared entity (issue 39), walked generically: each update route that the
 * engine registers from a declaration (config.declaration) is sent the company's first record with
 * one text field changed, and must write exactly one history entry naming that field, with no
 * password, secret or token in it. A new declaration is covered without a line here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../schema/generated/contract.json' with { type: 'json' };
import type { HistoryEntry } from '../../schema/history';
import type { QueryResponse } from '../../schema/common';
import { createTestServer, type TestServer } from './harness';

type Declared = { path: string; input: string; history: boolean };
type PropertySchema = { type?: string | string[]; enum?: unknown[]; format?: string; pattern?: string; minLength?: number; maxLength?: number; $ref?: string; items?: PropertySchema };
const definitions = (contract as unknown as { definitions: Record<string, PropertySchema & { properties?: Record<string, PropertySchema> }> }).definitions;
const resolved = (schema: PropertySchema | undefined): PropertySchema | undefined => (schema?.$ref ? definitions[schema.$ref.replace('#/definitions/', '')] : schema);

let server: TestServer;
const declared: Declared[] = [];

beforeAll(async () => {
  server = await createTestServer({}, {
    onRoute: (route) => {
      const declaration = route.config?.declaration;
      if (declaration && declaration.history && !declared.some((d) => d.path === declaration.path)) declared.push(declaration);
    },
  });
});
afterAll(async () => server?.close());

/** A plain text property (no enum, format or pattern) that the record has as a string. */
function textField(input: string, record: Record<string, unknown>): { field: string; value: string } | undefined {
  for (const [field, schema] of Object.entries(definitions[input]?.properties ?? {})) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.includes('string') || schema.enum || schema.format || schema.pattern || /password|secret|token/i.test(field)) continue;
    if (typeof record[field] !== 'string' || record[field] === '') continue;
    const value = `Ändrad ${Date.now() % 100000}`.slice(0, schema.maxLength ?? 50);
    if (value.length < (schema.minLength ?? 0)) continue;
    return { field, value };
  }
  return undefined;
}

/** A read value as the input takes it: the contract reads references as objects and writes their ids. */
function asWritten(value: unknown, schema: PropertySchema): unknown {
  const wantsIds = schema.type === 'array' && resolved(schema.items)?.type === 'integer';
  // An object of the list gives its id: `Id`, or the one field named …Id (DaysOfWeek: DayOfWeekId).
  const idOf = (v: Record<string, unknown>) => ('Id' in v ? v.Id : Object.entries(v).find(([k, x]) => /^[A-Z]\w*Id$/.test(k) && typeof x === 'number')?.[1]);
  if (wantsIds && Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? idOf(v as Record<string, unknown>) : v));
  return value;
}

async function entries(path: string, id: number): Promise<HistoryEntry[]> {
  const res = await server.api({ method: 'GET', url: `/api/history?Resource=${encodeURIComponent(path)}&RecordId=${id}&Take=100` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as QueryResponse<HistoryEntry>).Results;
}

describe('history of every declared update route', () => {
  it('writes exactly one entry with the changed field and no secret, for every declaration with a record to change', async () => {
    const walked: string[] = [];
    const empty: string[] = [];
    for (const d of declared) {
      const list = await server.api({ method: 'GET', url: `/api${d.path}?Take=1` });
      expect(list.statusCode, `${d.path}: ${list.body}`).toBe(200);
      const record = (list.json() as QueryResponse<Record<string, unknown>>).Results[0];
      if (!record) {
        empty.push(d.path);
        continue;
      }
      const properties = Object.keys(definitions[d.input]?.properties ?? {});
      const body = Object.fromEntries(properties.filter((p) => record[p] !== undefined && record[p] !== null).map((p) => [p, asWritten(record[p], definitions[d.input]!.properties![p]!)]));
      const change = textField(d.input, record);
      expect(change, `${d.path} has no plain text field to change`).toBeDefined();
      if (!change) continue;
      body[change.field] = change.value;
      const id = Number(record.Id);
      const before = await entries(d.path, id);
      const res = await server.api({ method: 'PUT', url: `/api${d.path}/${id}`, payload: body });
      expect(res.statusCode, `${d.path}: ${res.body}`).toBe(200);
      const after = await entries(d.path, id);
      expect(after.length, d.path).toBe(before.length + 1);
      const [entry] = after;
      expect(entry, d.path).toMatchObject({ Action: 'update', Resource: d.path, RecordId: id });
      expect(entry!.Changes, d.path).toEqual(expect.arrayContaining([expect.objectContaining({ Field: change.field, After: change.value })]));
      expect(entry!.Changes.map((c) => c.Field).filter((f) => /password|secret|token/i.test(f)), d.path).toEqual([]);
      walked.push(d.path);
    }
    // Every declaration was walked, except those the demo company has no record of yet.
    expect([...walked, ...empty].sort()).toEqual(declared.map((d) => d.path).sort());
    expect(walked.length, `walked ${walked.join(', ')}; no record: ${empty.join(', ')}`).toBeGreaterThanOrEqual(9);
  });
});
