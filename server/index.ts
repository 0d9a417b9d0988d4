import { join } from 'node:path';
import { loadConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { buildApp } from './app';

/** Starts the whole product: database, migrations, demo data, identity, API and admin. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  await migrate(db);
  const seeded = config.seedDemo ? await seedDemo(db) : null;
  const app = await buildApp({ db, config, logger: true });
  const close = async (): Promise<void> => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(config.dataDir, 'pglite')}`;
  console.log(`\n  Booking admin:  ${config.publicUrl}/`);
  console.log(`  API:            ${config.publicUrl}/api`);
  console.log(`  Identity:       ${config.keycloakUrl ?? config.publicUrl}/realms/${config.realm}`);
  console.log(`  Database:       ${where}${seeded ? ' (demo company created)' : ''}`);
  console.log(`  Sign in as:     demo@example.com / demo\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
