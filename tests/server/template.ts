import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDb, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { seedDemo, seedOtherCompany } from '../../server/db/seed';
import { dumpPglite } from '../../server/db/pglite';

export const TMP = resolve('.tmp');
/**
 * Each test run builds its own templates (named after the run) so that two runs at once on one
 * machine never overwrite each other's; globalSetup passes the names to the workers by environment.
 */
const RUN = process.env.BOOKING_TEST_RUN ?? String(process.pid);
export const PGLITE_TEMPLATE = join(TMP, `pglite-template-${RUN}.tar`);
export const PG_TEMPLATE_DB = `booking_test_template_${RUN}`;

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function seedAll(db: Db): Promise<void> {
  await migrate(db);
  await seedDemo(db);
  await seedOtherCompany(db);
}

/**
 * Builds the migrated and seeded template every server test starts from: a PGlite tarball, and,
 * when DATABASE_URL is set, a template database on that server.
 */
export async function buildTemplates(): Promise<void> {
  mkdirSync(TMP, { recursive: true });
  const dir = join(TMP, `pglite-template-${RUN}`);
  rmSync(dir, { recursive: true, force: true });
  const db = await openDb({ dataDir: dir });
  await seedAll(db);
  await db.close();
  const dump = await dumpPglite(dir);
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  rmSync(dir, { recursive: true, force: true });

  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.exec(`create database ${PG_TEMPLATE_DB}`);
    await admin.close();
    const tdb = await openDb({ databaseUrl: withDatabase(url, PG_TEMPLATE_DB) });
    await seedAll(tdb);
    await tdb.close();
  }
}

let counter = 0;

/** A fresh database loaded from the template: PGlite in memory, or a new database on DATABASE_URL. */
export async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    if (!existsSync(PGLITE_TEMPLATE)) await buildTemplates();
    const db = await openDb({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
    return { db, drop: () => db.close() };
  }
  const name = `booking_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = await openDb({ databaseUrl: url });
  await admin.exec(`create database ${name} template ${PG_TEMPLATE_DB}`);
  const db = await openDb({ databaseUrl: withDatabase(url, name) });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

/** Removes this run's templates. */
export async function dropTemplates(): Promise<void> {
  rmSync(PGLITE_TEMPLATE, { force: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = await openDb({ databaseUrl: url });
    await admin.exec(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.close();
  }
}
