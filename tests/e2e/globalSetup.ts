/**
 * Runs once before the browser tests: the migrated database with the demo company, as a PGlite
 * tarball every test's server starts from (an empty PGlite cluster alone takes about 6 s to create,
 * and the browser tests start about 40 servers). Named after this run; removed afterwards.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDb } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { dumpPglite } from '../../server/db/pglite';
import { seedDemo } from '../../server/db/seed';

export default async function setup(): Promise<() => void> {
  const tmp = resolve('.tmp');
  mkdirSync(tmp, { recursive: true });
  const run = `${process.pid}`;
  const dir = join(tmp, `pglite-e2e-template-${run}`);
  const tarball = `${dir}.tar`;
  rmSync(dir, { recursive: true, force: true });
  const db = await openDb({ dataDir: dir });
  await migrate(db);
  await seedDemo(db);
  await db.close();
  writeFileSync(tarball, Buffer.from(await (await dumpPglite(dir)).arrayBuffer()));
  rmSync(dir, { recursive: true, force: true });
  process.env.E2E_DB_TEMPLATE = tarball;
  return () => rmSync(tarball, { force: true });
}
