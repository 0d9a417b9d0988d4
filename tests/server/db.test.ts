/**
 * The database layer as the areas use it: a transaction's statements asked for side by side (code
 * shared with pool reads loads with Promise.all) run one after the other on its one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { freshDb } from './template';

let plain: { db: Db; drop: () => Promise<void> };
beforeAll(async () => {
  plain = await freshDb();
});
afterAll(async () => plain?.drop());

describe('transactions', () => {
  it('answer statements asked side by side, each its own, without node-postgres warning of a second statement while one runs', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const answers = await plain.db.tx((tx) =>
        Promise.all([
          tx.one<{ n: number }>('select 1 as n from pg_sleep(0.05)'),
          tx.one<{ n: number }>('select $1::int as n', [2]),
          tx.query<{ n: number }>('select generate_series(3, 4) as n'),
        ]),
      );
      expect(answers).toEqual([{ n: 1 }, { n: 2 }, [{ n: 3 }, { n: 4 }]]);
      // One that fails rolls the transaction back, and the connection serves the next one.
      await expect(plain.db.tx((tx) => Promise.all([tx.one('select 1/0'), tx.one('select 1')]))).rejects.toThrow();
      expect(await plain.db.tx((tx) => tx.one<{ n: number }>('select 5 as n'))).toEqual({ n: 5 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((m) => m.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
