import type { Db } from './db';

/**
 * The scopes of data a company's version is kept of; migration 021 names the tables whose writes
 * move each one.
 */
export type DataScope = 'availability' | 'customers' | 'calendar' | `bookings:${string}`;

/** The channel migration 023's trigger announces `company:scope` on (PGlite only). */
const CHANNEL = 'data_versions';

/** Change rows a process lets gather for one company and scope before it folds them into the total. */
const FOLD_AT = 512;
/** The same for the many small scopes `readMany` reads (a booking day gathers few rows). */
const FOLD_MANY_AT = 32;

/**
 * Versions of a company's scopes read in a statement that also read something else (the caller's,
 * server/shared/context.ts), for `readMany` to answer the same scopes without a statement of its own.
 */
export interface VersionsReadAlong {
  companyId: number;
  scopes: readonly DataScope[];
  values: readonly string[];
}

/** The folded total and the pending change rows of each scope, in order, as a jsonb array of pairs (one snapshot). */
const versionsSql = (company: string, scopes: string): string =>
  `(select coalesce(jsonb_agg(jsonb_build_array(coalesce(t.folded, 0), (select count(*) from data_changes d where d.company_id = ${company} and d.scope = s.scope)) order by s.n), '[]'::jsonb)
      from unnest(${scopes}::text[]) with ordinality as s(scope, n)
      left join data_change_totals t on t.company_id = ${company} and t.scope = s.scope)`;

interface Slot {
  /** The read under way, if any. */
  running?: Promise<bigint>;
  /** The read that starts when the running one ends, shared by everyone who asked meanwhile. */
  queued?: Promise<bigint>;
  /** A fold under way (PostgreSQL). */
  folding?: boolean;
}

/**
 * A company's data version per scope, for caches that keep what they loaded while it stays the
 * same. Every answer is at least as new as every write committed before the call, so a client
 * always reads its own writes and anyone else's that finished first, whichever process wrote.
 *
 * On a PostgreSQL server (possibly several processes) the version is the number of committed
 * change rows of the company and scope (migration 023): writers only append rows, so no writer
 * waits for another. Why it is exact:
 * - the count is read in one statement, so from one snapshot, and a later snapshot sees every
 *   commit an earlier one saw; the count therefore only grows, and grows exactly when a commit that
 *   changed the scope becomes visible, including one that started before others and commits after
 *   them (a maximum of sequence numbers would miss it; a count cannot);
 * - callers read the version before they read the data, so the data is at least as new as the
 *   version it is kept under: a commit the version did not see makes the next version differ,
 *   never the other way round (at worst an answer is loaded once more than needed);
 * - each answer comes from a read that started after the call (callers who ask while a read is
 *   under way share the next one, so 32 concurrent requests cost two indexed reads, not 32), so a
 *   write acknowledged before the call is counted;
 * - the rows are folded into data_change_totals now and then, deleting them and adding their number
 *   in one transaction, so every snapshot sees the same sum.
 * On PGlite (one session, every write made in this process) each commit that changes a scope
 * announces it before the writer's call returns, and the version is a counter of those
 * announcements kept in memory: no read at all.
 * Outside transactions only; a writer must read inside its own transaction.
 * @example
 * const versions = await DataVersions.open(db);
 * const version = await versions.read(companyId, 'customers');
 */
export class DataVersions {
  private readonly slots = new Map<string, Slot>();
  /** PGlite: commits heard per company and scope. */
  private readonly heardCount = new Map<string, bigint>();
  private live = false;

  private constructor(private readonly db: Db) {}

  static async open(db: Db): Promise<DataVersions> {
    const versions = new DataVersions(db);
    if (db.listenAtCommit) {
      await db.listenAtCommit(CHANNEL, (payload) => versions.heard(payload));
      await db.exec("set booking.data_changes = 'notify'");
      versions.live = true;
      // Rows written before this session announced (migrations, the demo seed) are counted once.
      const gathered = await db.query<{ company_id: number; scope: string }>('select company_id, scope from data_changes group by 1, 2');
      for (const r of gathered) await versions.fold(r.company_id, r.scope);
    }
    return versions;
  }

  async read(companyId: number, scope: DataScope): Promise<string> {
    const key = `${companyId}:${scope}`;
    if (this.live) return `h${this.heardCount.get(key) ?? 0n}`;
    return String(await this.fetch(key, companyId, scope));
  }

  /**
   * The versions of several scopes of a company (e.g. the booking days of a window), in the order
   * asked, from one statement, so from one snapshot. Same guarantees as `read`, without sharing a
   * read between concurrent callers. `along` answers instead when it read exactly these scopes of
   * this company (in a statement that started after the call's request arrived).
   * @example const [monday, tuesday] = await versions.readMany(7, ['bookings:2026-03-02', 'bookings:2026-03-03']);
   */
  async readMany(companyId: number, scopes: readonly DataScope[], along?: VersionsReadAlong): Promise<string[]> {
    if (this.live) return scopes.map((scope) => `h${this.heardCount.get(`${companyId}:${scope}`) ?? 0n}`);
    if (along && along.companyId === companyId && along.scopes.length === scopes.length && along.scopes.every((scope, i) => scope === scopes[i])) return [...along.values];
    const row = await this.db.one<{ read: [string | number, string | number][] }>(`select ${versionsSql('$1::int', '$2')} as read`, [companyId, [...scopes]]);
    return this.settle(companyId, scopes, row!.read);
  }

  /**
   * A SQL expression for another statement that reads, in the same snapshot, the versions of the
   * scopes in parameter `scopes` (text[]) of the company in SQL expression `company`, as jsonb for
   * `readAlong`; undefined on PGlite, whose versions are heard, not read.
   * @example `select u.id, ${versions.alongSql('u.company_id', '$4')} as versions from users u …`
   */
  alongSql(company: string, scopes: string): string | undefined {
    return this.live ? undefined : versionsSql(company, scopes);
  }

  /** What `alongSql` read for these scopes, as readMany answers them (folding scopes whose change rows have gathered). */
  readAlong(companyId: number, scopes: readonly DataScope[], read: readonly [string | number, string | number][]): VersionsReadAlong {
    return { companyId, scopes, values: this.settle(companyId, scopes, read) };
  }

  /** Versions from read totals and pending change rows, folding a scope whose rows have gathered. */
  private settle(companyId: number, scopes: readonly DataScope[], rows: readonly (readonly [string | number, string | number])[]): string[] {
    return rows.map(([folded, pendingRows], i) => {
      const pending = BigInt(pendingRows);
      const slot = this.slots.get(`${companyId}:${scopes[i]}`);
      if (pending >= FOLD_MANY_AT && !slot?.folding) {
        const s: Slot = slot ?? {};
        this.slots.set(`${companyId}:${scopes[i]}`, s);
        s.folding = true;
        void this.fold(companyId, scopes[i])
          .catch(() => undefined)
          .finally(() => {
            s.folding = false;
            if (!s.running && !s.queued) this.slots.delete(`${companyId}:${scopes[i]}`);
          });
      }
      return String(BigInt(folded) + pending);
    });
  }

  private heard(payload: string): void {
    this.heardCount.set(payload, (this.heardCount.get(payload) ?? 0n) + 1n);
  }

  private fetch(key: string, companyId: number, scope: DataScope): Promise<bigint> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = {};
      this.slots.set(key, slot);
    }
    const running = slot.running;
    if (!running) return this.start(slot, companyId, scope);
    const s = slot;
    s.queued ??= running
      .catch(() => undefined)
      .then(() => {
        s.queued = undefined;
        return this.start(s, companyId, scope);
      });
    return s.queued;
  }

  private start(slot: Slot, companyId: number, scope: DataScope): Promise<bigint> {
    const running: Promise<bigint> = this.db
      .one<{ folded: string | number; pending: string | number }>(
        `select coalesce((select folded from data_change_totals where company_id = $1 and scope = $2), 0) as folded,
                (select count(*) from data_changes where company_id = $1 and scope = $2) as pending`,
        [companyId, scope],
      )
      .then((row) => {
        const pending = BigInt(row?.pending ?? 0);
        if (pending >= FOLD_AT && !slot.folding) {
          slot.folding = true;
          void this.fold(companyId, scope)
            .catch(() => undefined)
            .finally(() => (slot.folding = false));
        }
        return BigInt(row?.folded ?? 0) + pending;
      })
      .finally(() => {
        if (slot.running === running) slot.running = undefined;
      });
    slot.running = running;
    return running;
  }

  /** Moves the committed change rows into the totals (migration 023's fold_data_changes). */
  private async fold(companyId: number, scope: string): Promise<void> {
    await this.db.query('select fold_data_changes($1, $2)', [companyId, scope]);
  }
}
