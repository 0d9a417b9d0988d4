import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture.md, proved against the real eslint.config.js: each case
 * lints a few lines as if they were a file at `file`, and expects the boundary rule to fail (or not).
 * Targets are real files, because a path rule resolves the import to a file first.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'import-x/no-nodejs-modules']);

interface Case {
  name: string;
  file: string;
  code: string;
  /** Files (from the repository root) that the import must reach; checked to exist so a case cannot pass by resolving nothing. */
  targets?: string[];
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(c: Case): Promise<string[]> {
  for (const target of c.targets ?? []) expect(existsSync(join(root, target)), `${target} exists`).toBe(true);
  const [result] = await eslint.lintText(c.code, { filePath: join(root, c.file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, 'the code parses').toEqual([]);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message);
}

const violations: Case[] = [
  // src/ never imports server/
  { name: 'src imports server (static)', file: 'src/common/zz.ts', code: "import { x } from '../../server/shared/errors';\nexport { x };", targets: ['server/shared/errors.ts'] },
  { name: 'src imports server (dynamic)', file: 'src/resources/customers/zz.ts', code: "export const load = () => import('../../../server/config');", targets: ['server/config.ts'] },
  { name: 'src re-exports server', file: 'src/registry2.ts', code: "export * from '../server/shared/errors';", targets: ['server/shared/errors.ts'] },
  { name: 'src imports server (odd spelling)', file: 'src/shell/zz.ts', code: "import '.././../server/app';", targets: ['server/app.ts'] },
  // domain/ is pure
  { name: 'domain imports server', file: 'domain/zz.ts', code: "import { x } from '../server/shared/errors';\nexport { x };", targets: ['server/shared/errors.ts'] },
  { name: 'domain imports src (dynamic)', file: 'domain/pricing/zz.ts', code: "export const load = () => import('../../src/registry');", targets: ['src/registry.ts'] },
  { name: 'domain imports node:fs', file: 'domain/zz.ts', code: "import { readFileSync } from 'node:fs';\nexport { readFileSync };" },
  { name: 'domain imports dns', file: 'domain/zz.ts', code: "import dns from 'dns';\nexport { dns };" },
  { name: 'domain imports os (dynamic)', file: 'domain/zz.ts', code: "export const load = () => import('node:os');" },
  { name: 'domain re-exports net', file: 'domain/zz.ts', code: "export * from 'node:net';" },
  { name: 'domain imports http', file: 'domain/zz.ts', code: "import http from 'node:http';\nexport { http };" },
  { name: 'domain imports node:crypto (the browser has no such module)', file: 'domain/zz.ts', code: "import { randomInt } from 'node:crypto';\nexport { randomInt };" },
  { name: 'domain imports the database driver', file: 'domain/zz.ts', code: "import pg from 'pg';\nexport { pg };", targets: ['node_modules/pg'] },
  { name: 'domain imports fastify (dynamic)', file: 'domain/zz.ts', code: "export const load = () => import('fastify');", targets: ['node_modules/fastify'] },
  { name: 'domain imports react', file: 'domain/bookings/zz.ts', code: "import { useState } from 'react';\nexport { useState };", targets: ['node_modules/react'] },
  { name: 'domain imports pglite', file: 'domain/zz.ts', code: "export * from '@electric-sql/pglite';", targets: ['node_modules/@electric-sql/pglite'] },
  // a server area imports no other area, and of server/ only shared, db, autoquery, integrations, identity/public
  { name: 'area imports another area (static)', file: 'server/areas/customers/zz.ts', code: "import x from '../bookings/index';\nexport { x };", targets: ['server/areas/bookings/index.ts'] },
  { name: 'area imports another area (dynamic)', file: 'server/areas/customers/zz.ts', code: "export const load = () => import('../bookings/index');", targets: ['server/areas/bookings/index.ts'] },
  { name: 'area re-exports another area', file: 'server/areas/bookings/zz.ts', code: "export { default } from '../customers/index';", targets: ['server/areas/customers/index.ts'] },
  { name: 'area imports another area (detour)', file: 'server/areas/customers/zz.ts', code: "import '../../shared/../areas/bookings/index';", targets: ['server/areas/bookings/index.ts'] },
  { name: 'area imports the areas registry', file: 'server/areas/customers/zz.ts', code: "import '../index';", targets: ['server/areas/index.ts'] },
  { name: 'area imports identity internals', file: 'server/areas/customers/zz.ts', code: "import '../../identity/accounts';", targets: ['server/identity/accounts.ts'] },
  { name: 'area imports the app', file: 'server/areas/customers/zz.ts', code: "export const load = () => import('./../../app');", targets: ['server/app.ts'] },
  { name: 'area imports the admin', file: 'server/areas/customers/zz.ts', code: "import '../../../src/registry';", targets: ['src/registry.ts'] },
  // server/shared and server/db never import an area
  { name: 'shared imports an area (static)', file: 'server/shared/zz.ts', code: "import x from '../areas/customers/index';\nexport { x };", targets: ['server/areas/customers/index.ts'] },
  { name: 'shared imports an area (dynamic)', file: 'server/shared/outbox/zz.ts', code: "export const load = () => import('./../../areas/bookings/index');", targets: ['server/areas/bookings/index.ts'] },
  { name: 'db re-exports an area', file: 'server/db/zz.ts', code: "export * from '../areas/customers/customers';", targets: ['server/areas/customers/customers.ts'] },
  { name: 'db imports identity internals', file: 'server/db/zz.ts', code: "import '../identity/accounts';", targets: ['server/identity/accounts.ts'] },
  // src/resources and src/custom never import each other
  { name: 'resource imports a custom page', file: 'src/resources/prices/zz.ts', code: "import x from '../../custom/scheduler/index';\nexport { x };", targets: ['src/custom/scheduler/index.ts'] },
  { name: 'resource imports a custom page (dynamic)', file: 'src/resources/customers/zz.tsx', code: "export const load = () => import('../../custom/promoCodes/index');", targets: ['src/custom/promoCodes/index.ts'] },
  { name: 'custom page imports a resource', file: 'src/custom/scheduler/zz.ts', code: "import x from '../../resources/prices/index';\nexport { x };", targets: ['src/resources/prices/index.ts'] },
  { name: 'custom page re-exports a resource', file: 'src/custom/promoCodes/zz.ts', code: "export * from './../../resources/customers/index';", targets: ['src/resources/customers/index.ts'] },
  // src/common and src/engine import neither
  { name: 'common imports a resource', file: 'src/common/zz.ts', code: "import '../resources/prices/index';", targets: ['src/resources/prices/index.ts'] },
  { name: 'common imports a custom page (dynamic)', file: 'src/common/zz.ts', code: "export const load = () => import('../custom/scheduler/index');", targets: ['src/custom/scheduler/index.ts'] },
  { name: 'engine imports a resource', file: 'src/engine/zz.ts', code: "export * from '../resources/customers/index';", targets: ['src/resources/customers/index.ts'] },
  { name: 'engine imports a custom page', file: 'src/engine/zz.ts', code: "import '../custom/promoCodes/index';", targets: ['src/custom/promoCodes/index.ts'] },
  // src/shell reads pages only through the registry
  { name: 'shell imports a resource', file: 'src/shell/zz.tsx', code: "import x from '../resources/customers/index';\nexport { x };", targets: ['src/resources/customers/index.ts'] },
  { name: 'shell imports a custom page (dynamic)', file: 'src/shell/zz.tsx', code: "export const load = () => import('../custom/scheduler/index');", targets: ['src/custom/scheduler/index.ts'] },
];

const allowed: Case[] = [
  { name: 'area imports its own folder, shared, db, autoquery, integrations, identity/public, domain and schema', file: 'server/areas/customers/zz.ts', code: ["import './customers';", "import '../../shared/errors';", "import '../../db/db';", "import '../../autoquery/index';", "import '../../integrations/index';", "import '../../identity/public';", "import '../../../domain/durations';", "import '../../../schema/customers';", "export const load = () => import('./comments');"].join('\n'), targets: ['server/areas/customers/customers.ts', 'server/db/db.ts', 'server/identity/public.ts'] },
  { name: 'shared imports db and domain', file: 'server/shared/zz.ts', code: "import '../db/db';\nimport '../../domain/durations';", targets: ['server/db/db.ts'] },
  { name: 'db imports identity/public', file: 'server/db/zz.ts', code: "import '../identity/public';", targets: ['server/identity/public.ts'] },
  { name: 'domain imports domain and libraries without I/O', file: 'domain/zz.ts', code: "import './durations';\nimport { RE2JS } from 're2js';\nexport { RE2JS };", targets: ['domain/durations.ts'] },
  { name: 'resources and custom pages import the engine and common', file: 'src/custom/scheduler/zz.ts', code: "import '../../engine/types';\nimport '../../common/PageHeading';\nexport const load = () => import('../../../domain/durations');", targets: ['src/engine/types.ts', 'src/common/PageHeading.tsx'] },
  { name: 'a resource imports the engine, common and schema', file: 'src/resources/prices/zz.ts', code: "export * from '../../engine/types';\nimport '../../common/PageHeading';\nimport '../../../schema/customers';" },
  { name: 'the shell imports the registry', file: 'src/shell/zz.tsx', code: "import '../registry';\nexport const load = () => import('../engine/types');", targets: ['src/registry.ts'] },
  { name: 'the registry imports resources and custom pages', file: 'src/registry2.ts', code: "import './resources/prices/index';\nimport './custom/scheduler/index';" },
];

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('has a case for every boundary and enough of them', () => {
    expect(violations.length).toBeGreaterThanOrEqual(30);
  });

  it.each(violations)('fails: $name', async (c) => {
    const errors = await boundaryErrors(c);
    expect(errors.length, `${c.file}: ${c.code}`).toBeGreaterThan(0);
  });

  it.each(allowed)('passes: $name', async (c) => {
    expect(await boundaryErrors(c)).toEqual([]);
  });

  it('names the boundary in its message', async () => {
    const [message] = await boundaryErrors(violations.find((c) => c.name === 'shared imports an area (static)')!);
    expect(message).toContain('server/shared and server/db never import an area');
  });
});
