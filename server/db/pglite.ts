import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { Db, SqlParam } from './db';
import { withRetry } from './db';

type Runner = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(runner: Runner, root: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(text: string, params: readonly SqlParam[] = []) {
      const res = await runner.query<T>(text, params as unknown[]);
      return res.rows;
    },
    async one<T>(text: string, params: readonly SqlParam[] = []) {
      const res = await runner.query<T>(text, params as unknown[]);
      return res.rows[0];
    },
    async exec(text: string) {
      await runner.exec(text);
    },
    async execRows(text: string) {
      const rowsOf = (results: { rows: Record<string, unknown>[] }[]) => results.flatMap((r) => r.rows);
      if (runner !== root) return rowsOf(await runner.exec(text));
      // Inside a PGlite transaction, so a block that fails part-way is rolled back while no other
      // statement can run (the one session would otherwise be left in an aborted transaction).
      return root.transaction(async (t) => rowsOf(await t.exec(text)));
    },
    async tx<T>(fn: (db: Db) => Promise<T>) {
      // PGlite is a single session: a nested tx joins the outer one.
      if (runner !== root) return fn(db);
      return withRetry(() => root.transaction((t) => fn(wrap(t, root))));
    },
    async listenAtCommit(channel: string, onPayload: (payload: string) => void) {
      // PGlite hands a commit's notifications to its listeners before the commit's query resolves.
      await root.listen(channel, onPayload);
    },
    async close() {
      await root.close();
    },
  };
  return db;
}

/** Contrib extensions the migrations create (`create extension`): btree_gist for the bookings' exclusion constraint. */
const EXTENSIONS = { btree_gist };

/** Opens (or creates) a PGlite cluster in dataDir. */
export async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Db> {
  const pg = await PGlite.create(dataDir, { extensions: EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  return wrap(pg, pg);
}

/** A tarball of a PGlite cluster, for fast test templates. */
export async function dumpPglite(dataDir: string): Promise<File | Blob> {
  const pg = await PGlite.create(dataDir, { extensions: EXTENSIONS });
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  return dump;
}
