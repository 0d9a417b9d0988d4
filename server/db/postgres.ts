import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, SqlParam } from './db';
import { withRetry } from './db';

// Dates and timestamps come back as strings; the server formats them itself.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(1114, (v) => v); // timestamp
pg.types.setTypeParser(1184, (v) => v); // timestamptz
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (counts)
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric

type Queryable = pg.Pool | pg.PoolClient;

/**
 * Statements with parameters run as named prepared statements, so PostgreSQL plans each distinct
 * SQL text once per connection instead of on every call (planning the customer list took longer
 * than running it). The names come from a hash of the text; the set of texts is bounded by the code.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

function toQuery(text: string, params: readonly SqlParam[]): pg.QueryConfig {
  return params.length > 0 ? { name: statementName(text), text, values: params as unknown[] } : { text };
}

/** The Db, and (in a transaction) a promise that settles once every statement asked for has run. */
function wrap(runner: Queryable, pool: pg.Pool, inTx: boolean, url: string): Db & { idle: () => Promise<unknown> } {
  // A transaction's connection takes one statement at a time: statements asked for side by side
  // (Promise.all in code shared with pool reads) wait their turn here, as node-postgres would
  // queue them itself (deprecated; pg 9 refuses a second statement while one runs).
  let last: Promise<unknown> = Promise.resolve();
  const send = (q: pg.QueryConfig | string): Promise<pg.QueryResult> => {
    if (!inTx) return runner.query(q);
    const next = last.then(() => runner.query(q));
    last = next.catch(() => undefined);
    return next;
  };
  const db: Db & { idle: () => Promise<unknown> } = {
    kind: 'postgres',
    idle: () => last,
    async query<T>(text: string, params: readonly SqlParam[] = []) {
      const res = await send(toQuery(text, params));
      return res.rows as T[];
    },
    async one<T>(text: string, params: readonly SqlParam[] = []) {
      const res = await send(toQuery(text, params));
      return res.rows[0] as T | undefined;
    },
    async exec(text: string) {
      await send(text);
    },
    async execRows(text: string) {
      const res: pg.QueryResult | pg.QueryResult[] = await send(text);
      return (Array.isArray(res) ? res : [res]).flatMap((r) => r.rows as Record<string, unknown>[]);
    },
    async tx<T>(fn: (db: Db) => Promise<T>, options?: { serializable?: boolean }) {
      if (inTx) return fn(db);
      return withRetry(async () => {
        const client = await pool.connect();
        let inner: ReturnType<typeof wrap> | undefined;
        try {
          await client.query(options?.serializable ? 'begin isolation level serializable' : 'begin');
          inner = wrap(client, pool, true, url);
          const result = await fn(inner);
          await inner.idle();
          await client.query('commit');
          return result;
        } catch (err) {
          // A statement that failed inside Promise.all ends fn while its siblings are still queued:
          // let them run out (they fail on the aborted transaction) before the rollback is sent.
          await inner?.idle();
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      });
    },
    listen: (channel, onPayload, onReconnect) => listenOn(url, channel, onPayload, onReconnect),
    async close() {
      await pool.end();
    },
  };
  return db;
}

/** LISTEN on a dedicated connection that comes back (after a second) when it drops. */
async function listenOn(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (first: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      if (!stopped && !first) retry = setTimeout(() => void connect(false).then(onReconnect, () => undefined), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      first = false;
    } catch (err) {
      lost();
      throw err;
    }
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle client whose server connection ends (restart, dropped database) must not crash the process;
  // the pool discards it and the next query gets a fresh connection.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return wrap(pool, pool, false, url);
}
