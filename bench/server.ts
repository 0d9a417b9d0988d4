import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../server/db/db';
import { migrate } from '../server/db/migrate';
import { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/seed';

/** Server processes with DATABASE_URL: BENCH_WORKERS, default 1 like the server's WORKERS. */
export const BENCH_WORKERS = process.env.BENCH_WORKERS ?? '1';

export interface BenchServer {
  baseUrl: string;
  token: string;
  /** The bench's own database on the DATABASE_URL server, when there is one. */
  databaseUrl?: string;
  /** The server's process id (with BENCH_WORKERS > 1, the primary that forked the workers). */
  pid(): number | undefined;
  /** Starts the server again on the same data with these extra environment settings (same port, same token). */
  restart(env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Prepares a database (a fresh PGlite folder, or a new database on the DATABASE_URL server), lets
 * `prepare` load data into it, then starts the real server in its own process on a loopback port
 * (with DATABASE_URL: BENCH_WORKERS processes, default 1 like the server's WORKERS) and signs in.
 */
export async function startBenchServer(prepare: (db: Db, companyId: number) => Promise<void>): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-bench-'));
  // With DATABASE_URL the bench makes (and afterwards drops) a database of its own on that server.
  const serverUrl = process.env.DATABASE_URL;
  const benchDb = `booking_bench_${process.pid}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const admin = await openDb({ databaseUrl: serverUrl });
    await admin.exec(`drop database if exists ${benchDb} with (force)`);
    await admin.exec(`create database ${benchDb}`);
    await admin.close();
    const u = new URL(serverUrl);
    u.pathname = `/${benchDb}`;
    databaseUrl = u.toString();
  }
  const db = await openDb({ databaseUrl, dataDir: join(dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db);
  const company = await db.one<{ id: number }>('select company_id as id from users where lower(email) = $1', [DEMO_EMAIL]);
  await prepare(db, company!.id);
  await db.close();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnServer = async (extraEnv: Record<string, string>): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, WORKERS: BENCH_WORKERS } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_DIST: join(dataDir, 'no-admin'),
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60000;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/healthz`)).ok) return child;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('bench server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const kill = async (c: ChildProcess): Promise<void> => {
    if (c.exitCode !== null || c.signalCode !== null) return;
    c.kill('SIGTERM');
    await new Promise((r) => c.once('exit', r));
  };
  let child = await spawnServer({});
  const res = await fetch(`${baseUrl}/realms/booking-admin/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'api-users', username: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return {
    baseUrl,
    token,
    databaseUrl,
    pid: () => child.pid,
    async restart(env) {
      await kill(child);
      child = await spawnServer(env);
    },
    async stop() {
      await kill(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl) {
        const admin = await openDb({ databaseUrl: serverUrl });
        await admin.exec(`drop database if exists ${benchDb} with (force)`);
        await admin.close();
      }
    },
  };
}
