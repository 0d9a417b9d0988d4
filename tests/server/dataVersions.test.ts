import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { DataVersions } from '../../server/db/versions';
import { createTestServer, type TestServer } from './harness';
import { freshDb } from './template';

let server: TestServer;
let companyId: number;
/**
 * A database no server runs on: its writes go to the change log on PGlite as on PostgreSQL, so the
 * reads that PostgreSQL servers make are tested on both.
 */
let plain: { db: Db; drop: () => Promise<void> };

beforeAll(async () => {
  server = await createTestServer();
  plain = await freshDb();
  companyId = (await server.db.one<{ id: number }>("select company_id as id from users where email = 'demo@example.com'"))!.id;
});
afterAll(async () => {
  await plain?.drop();
  await server?.close();
});

/** The server's database, counting version reads; `hold` keeps each answer back until released. */
function counting(db: Db, { live }: { live: boolean }) {
  let reads = 0;
  let release: () => void = () => {};
  let held: Promise<void> | undefined;
  const wrapped: Db = {
    ...db,
    listenAtCommit: live ? db.listenAtCommit : undefined,
    async one<T>(text: string, params?: readonly unknown[]) {
      if (text.includes('from data_change_totals')) reads++;
      const row = await db.one<T>(text, params as never);
      if (held) await held;
      return row;
    },
  };
  return {
    db: wrapped,
    reads: () => reads,
    hold() {
      held = new Promise((r) => (release = r));
    },
    release() {
      held = undefined;
      release();
    },
  };
}

async function renameFirstCustomer(name: string, db: Db = server.db): Promise<void> {
  await db.query('update customers set firstname = $2 where id = (select min(id) from customers where company_id = $1)', [companyId, name]);
}

describe('data versions', () => {
  it('move when a table of the scope is written, and only for that company and scope', async () => {
    const versions = await DataVersions.open(server.db);
    const before = await versions.read(companyId, 'customers');
    const availability = await versions.read(companyId, 'availability');
    const other = (await server.db.one<{ id: number }>("select company_id as id from users where email = 'other@example.com'"))!.id;
    const otherBefore = await versions.read(other, 'customers');
    await renameFirstCustomer('Versionsson');
    expect(await versions.read(companyId, 'customers')).not.toBe(before);
    expect(await versions.read(companyId, 'availability')).toBe(availability);
    expect(await versions.read(other, 'customers')).toBe(otherBefore);
  });

  it('never answer a caller with a read that started before a write it saw committed', async () => {
    const probe = counting(plain.db, { live: false });
    const versions = await DataVersions.open(probe.db);
    const start = await versions.read(companyId, 'customers');
    probe.hold();
    const early = versions.read(companyId, 'customers'); // read runs now, answer held back
    await new Promise((r) => setTimeout(r, 20));
    await renameFirstCustomer('Efter', plain.db);
    const late = versions.read(companyId, 'customers');
    probe.release();
    expect(await early).toBe(start);
    expect(BigInt(await late)).toBeGreaterThan(BigInt(start));
  });

  it('let callers who ask during a read share the next one', async () => {
    const probe = counting(plain.db, { live: false });
    const versions = await DataVersions.open(probe.db);
    probe.hold();
    const first = versions.read(companyId, 'customers');
    await new Promise((r) => setTimeout(r, 20));
    const waiting = Array.from({ length: 31 }, () => versions.read(companyId, 'customers'));
    probe.release();
    const answers = await Promise.all([first, ...waiting]);
    expect(new Set(answers).size).toBe(1);
    expect(probe.reads()).toBe(2);
  });

  it('count every committed write of the scope once, and nothing that rolled back', async () => {
    const versions = await DataVersions.open({ ...plain.db, listenAtCommit: undefined });
    const before = BigInt(await versions.read(companyId, 'customers'));
    await plain.db.tx(async (tx) => {
      await renameFirstCustomer('Två', tx);
      await renameFirstCustomer('Satser', tx);
    });
    await plain.db
      .tx(async (tx) => {
        await renameFirstCustomer('Ångrad', tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(BigInt(await versions.read(companyId, 'customers'))).toBe(before + 2n);
  });

  it('read along another statement the versions readMany reads, which then answers those very scopes from them', async () => {
    const probe = counting(plain.db, { live: false });
    const versions = await DataVersions.open(probe.db);
    const scopes = ['customers', 'availability'] as const;
    const readAlong = async () => {
      const row = await plain.db.one<{ caller: number; v: [string | number, string | number][] }>(`select 1 as caller, ${versions.alongSql('$1::int', '$2')} as v`, [companyId, scopes]);
      return versions.readAlong(companyId, scopes, row!.v);
    };
    const along = await readAlong();
    expect(along.values).toEqual(await versions.readMany(companyId, scopes));
    await renameFirstCustomer('Längs', plain.db);
    // The same scopes of the same company: what was read along, without a statement.
    expect(await versions.readMany(companyId, scopes, along)).toEqual(along.values);
    // Other scopes, or another company: read afresh, so the write is counted.
    const [customers] = await versions.readMany(companyId, ['customers'], along);
    expect(BigInt(customers)).toBe(BigInt(along.values[0]) + 1n);
    expect(await versions.readMany(companyId + 1, scopes, along)).not.toEqual(along.values);
    expect((await readAlong()).values[0]).toBe(customers);
  });

  it.runIf(!process.env.DATABASE_URL)('on PGlite learn each commit as it happens and answer from memory', async () => {
    const probe = counting(server.db, { live: true });
    const versions = await DataVersions.open(probe.db);
    const before = await versions.read(companyId, 'customers');
    await server.db.tx(async (tx) => {
      await tx.query("update customers set firstname = 'I' where id = (select min(id) from customers where company_id = $1)", [companyId]);
      await tx.query("update customers set firstname = 'Transaktion' where id = (select min(id) from customers where company_id = $1)", [companyId]);
    });
    const after = await versions.read(companyId, 'customers');
    expect(after).not.toBe(before);
    await server.db.tx(async (tx) => {
      await tx.query("update customers set firstname = 'Ångrad' where id = (select min(id) from customers where company_id = $1)", [companyId]);
      throw new Error('roll back');
    }).catch(() => undefined);
    expect(await versions.read(companyId, 'customers')).toBe(after);
    expect(probe.reads()).toBe(0);
  });
});
