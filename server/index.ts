import cluster from 'node:cluster';
import { join } from 'node:path';
import { loadConfig, type ServerConfig } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { buildApp } from './app';

/** Migrations and the demo company, once, before any process serves. */
async function prepare(config: ServerConfig): Promise<boolean> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await migrate(db);
    return config.seedDemo ? await seedDemo(db, { bookings: true }) : false;
  } finally {
    await db.close();
  }
}

/** One serving process: database, identity, API and admin on the configured port. */
async function serve(config: ServerConfig): Promise<void> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  const app = await buildApp({ db, config, logger: true });
  const close = async (): Promise<void> => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ host: config.host, port: config.port });
}

function announce(config: ServerConfig, seeded: boolean): void {
  const where = config.databaseUrl ? `PostgreSQL (DATABASE_URL, ${config.workers} process${config.workers > 1 ? 'es' : ''})` : `PGlite in ${join(config.dataDir, 'pglite')}`;
  console.log(`\n  Booking admin:  ${config.publicUrl}/`);
  console.log(`  API:            ${config.publicUrl}/api`);
  console.log(`  Identity:       ${config.keycloakUrl ?? config.publicUrl}/realms/${config.realm}`);
  console.log(`  Database:       ${where}${seeded ? ' (demo company created)' : ''}`);
  console.log(`  Sign in as:     demo@example.com / demo\n`);
}

/**
 * Starts the whole product. With DATABASE_URL and WORKERS > 1 the primary prepares the database
 * and forks that many serving processes sharing the port (the API is stateless between requests).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isWorker) return serve(config);
  const seeded = await prepare(config);
  if (config.workers > 1) {
    let ready = 0;
    for (let i = 0; i < config.workers; i++) {
      cluster.fork().once('listening', () => {
        if (++ready === config.workers) announce(config, seeded);
      });
    }
    const stop = (): void => {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  await serve(config);
  announce(config, seeded);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
