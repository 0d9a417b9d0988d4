/**
 * docs/architecture.md's area map is complete and true: every server area folder, every /api route,
 * every admin folder and every table of a migrated database is in exactly one row, and every name in
 * the map still exists. A new area, route, screen or table fails here until its row says where it is.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { AREAS } from '../../server/areas/index';
import { createTestServer, type TestServer } from './harness';

interface Row {
  area: string;
  /** The folder under server/areas/, or undefined for the parts outside it (identity, shared). */
  folder?: string;
  routes: string[];
  admin: string[];
  tables: string[];
}

const words = (cell: string): string[] => cell.trim().split(/\s+/).filter(Boolean);

function areaMap(): Row[] {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const section = doc.slice(doc.indexOf('## The area map'), doc.indexOf('\n## ', doc.indexOf('## The area map') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| area ') && !line.startsWith('|---'))
    .map((line) => {
      const [area, server, routes, admin, tables] = line.split('|').slice(1, -1);
      return {
        area: area.trim(),
        folder: /^`areas\/([a-zA-Z]+)`$/.exec(server.trim())?.[1],
        routes: words(routes),
        admin: words(admin),
        tables: words(tables),
      };
    });
}

const directories = (path: string): string[] => readdirSync(path).filter((name) => statSync(join(path, name)).isDirectory());

/** Each value in exactly one row: answers the values in none and in more than one. */
function placement(rows: Row[], pick: (row: Row) => string[], all: string[]): { missing: string[]; twice: string[]; gone: string[] } {
  const count = new Map<string, number>();
  for (const row of rows) for (const value of pick(row)) count.set(value, (count.get(value) ?? 0) + 1);
  return {
    missing: all.filter((value) => !count.has(value)),
    twice: [...count].filter(([, n]) => n > 1).map(([value]) => value),
    gone: [...count.keys()].filter((value) => !all.includes(value)),
  };
}

describe('the area map in docs/architecture.md', () => {
  const rows = areaMap();
  let server: TestServer;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    server = await createTestServer({}, { onRoute: (route) => void routes.push(route) });
  });
  afterAll(() => server?.close());

  it('has a row for every area folder and every registered area, and no other folder', () => {
    expect(rows.length).toBeGreaterThan(10);
    const folders = directories('server/areas').sort();
    expect(rows.flatMap((row) => (row.folder ? [row.folder] : [])).sort()).toEqual(folders);
    expect([...new Set(AREAS.map(([area]) => area))].sort()).toEqual(folders);
    for (const row of rows) if (row.folder) expect(row.area).toBe(row.folder);
  });

  it("lists the first path segment of every /api route in its area's row, and no segment that no route of the area has", () => {
    // A route the areas did not register (config.area unset) is identity's (server/identity: /api/users).
    const used = new Map<string, Set<string>>();
    for (const route of routes) {
      if (!route.url.startsWith('/api/')) continue;
      const area = (route.config as { area?: string } | undefined)?.area ?? 'identity';
      const segment = `/${route.url.slice('/api/'.length).split('/')[0]}`;
      used.set(area, (used.get(area) ?? new Set()).add(segment));
    }
    expect(used.size).toBeGreaterThan(10);
    const mapped = Object.fromEntries(rows.map((row) => [row.area, [...row.routes].sort()]));
    const actual = Object.fromEntries(rows.map((row) => [row.area, [...(used.get(row.area) ?? [])].sort()]));
    expect(mapped).toEqual(actual);
    expect([...used.keys()].filter((area) => !(area in mapped))).toEqual([]);
  });

  it('puts every admin folder (src/resources/<entity>, src/custom/<page>) in exactly one row', () => {
    const all = [...directories('src/resources').map((d) => `resources/${d}`), ...directories('src/custom').map((d) => `custom/${d}`)];
    expect(all.length).toBeGreaterThan(20);
    expect(placement(rows, (row) => row.admin, all)).toEqual({ missing: [], twice: [], gone: [] });
  });

  it('puts every table of a migrated database in exactly one row', async () => {
    const tables = (
      await server.db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")
    ).map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(50);
    expect(placement(rows, (row) => row.tables, tables)).toEqual({ missing: [], twice: [], gone: [] });
  });
});
