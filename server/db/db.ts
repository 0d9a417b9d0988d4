import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** A SQL parameter as both drivers accept it. */
export type SqlParam = string | number | boolean | null | Date | readonly unknown[] | Record<string, unknown>;

/**
 * The one database interface the server uses. PGlite (in-process) and node-postgres
 * (DATABASE_URL) both implement it; SQL is PostgreSQL with $1 placeholders.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** Rows of one statement. */
  query<T = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** The first row, or undefined. */
  one<T = Record<string, unknown>>(text: string, params?: readonly SqlParam[]): Promise<T | undefined>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Several statements without parameters, with the rows every one of them returns (the job queue's
   * `BEGIN; …; SELECT …; COMMIT` blocks). On PGlite a block that fails is rolled back before anyone
   * else's statement runs.
   */
  execRows(text: string): Promise<Record<string, unknown>[]>;
  /**
   * Runs fn in one transaction; commits on success, rolls back on throw.
   * Serialization failures (40001) and deadlocks (40P01) are retried a few times,
   * so fn must be safe to run again.
   */
  tx<T>(fn: (db: Db) => Promise<T>, options?: { serializable?: boolean }): Promise<T>;
  /**
   * Only where every write goes through this one session (PGlite): calls `onPayload` with each
   * NOTIFY on the channel as its transaction commits, before the writer's call returns.
   */
  listenAtCommit?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /**
   * Only on a PostgreSQL server: LISTENs on a connection of its own (outside the pool, reconnecting
   * when it drops) and calls `onPayload` with each NOTIFY on the channel from any process; `onReconnect`
   * is called after a dropped connection is back (notifications in between are lost). Answers a stop function.
   */
  listen?(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres:// URL; when set, node-postgres is used. */
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PGlite: start from this dump (a tarball made by dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob | File;
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** Runs fn, retrying on serialization failures and deadlocks. */
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Opens the database the configuration names.
 * @example
 * const db = await openDb({ dataDir: '.data/pglite' });
 * const rows = await db.query<{ id: number }>('select id from companies where id = $1', [1]);
 */
export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl);
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dirname(dataDir), { recursive: true });
  const { openPglite } = await import('./pglite');
  return openPglite(dataDir, options.loadDataDir);
}
