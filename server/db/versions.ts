import type { Db } from './db';

/**
 * The scopes of data that table data_versions (migration 021) keeps a per-company counter of; the
 * migration names the tables whose writes move each one.
 */
export type DataScope = 'availability' | 'customers';

/** The channel migration 021's trigger announces each new version on, as `company:scope:version`. */
const CHANNEL = 'data_versions';

interface Slot {
  /** The read under way, if any. */
  running?: Promise<bigint>;
  /** The read that starts when the running one ends, shared by everyone who asked meanwhile. */
  queued?: Promise<bigint>;
}

/**
 * A company's data version per scope, for caches that keep what they loaded while it stays the
 * same. Every answer is at least as new as every write committed before the call, so a client
 * always reads its own writes and anyone else's that finished first:
 * - on PGlite (one session in this process) the versions arrive with each commit's notification,
 *   before the writer's call returns, so a known version is answered from memory;
 * - on a PostgreSQL server (possibly several processes) each answer comes from a read that started
 *   after the call; callers who ask while a read is under way share the next one, so 32 concurrent
 *   requests cost two indexed reads, not 32.
 * Outside transactions only; a writer must read inside its own transaction.
 * @example
 * const versions = await DataVersions.open(db);
 * const version = await versions.read(companyId, 'customers');
 */
export class DataVersions {
  private readonly slots = new Map<string, Slot>();
  /** Versions known from commits in this process; only kept when every commit is heard (`live`). */
  private readonly known = new Map<string, bigint>();
  private live = false;

  private constructor(private readonly db: Db) {}

  static async open(db: Db): Promise<DataVersions> {
    const versions = new DataVersions(db);
    if (db.listenAtCommit) {
      await db.listenAtCommit(CHANNEL, (payload) => versions.heard(payload));
      versions.live = true;
    }
    return versions;
  }

  async read(companyId: number, scope: DataScope): Promise<string> {
    const key = `${companyId}:${scope}`;
    const known = this.live ? this.known.get(key) : undefined;
    return String(known ?? (await this.fetch(key, companyId, scope)));
  }

  private heard(payload: string): void {
    const at = payload.lastIndexOf(':');
    if (at > 0) this.raise(payload.slice(0, at), BigInt(payload.slice(at + 1)));
  }

  /** Versions only grow: a read that raced a commit cannot take the map back. */
  private raise(key: string, version: bigint): bigint {
    const before = this.known.get(key);
    if (before !== undefined && before >= version) return before;
    this.known.set(key, version);
    return version;
  }

  private fetch(key: string, companyId: number, scope: DataScope): Promise<bigint> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = {};
      this.slots.set(key, slot);
    }
    const running = slot.running;
    if (!running) return this.start(slot, key, companyId, scope);
    const s = slot;
    s.queued ??= running
      .catch(() => undefined)
      .then(() => {
        s.queued = undefined;
        return this.start(s, key, companyId, scope);
      });
    return s.queued;
  }

  private start(slot: Slot, key: string, companyId: number, scope: DataScope): Promise<bigint> {
    const running: Promise<bigint> = this.db
      .one<{ version: string | number }>('select version from data_versions where company_id = $1 and scope = $2', [companyId, scope])
      .then((row) => {
        const version = BigInt(row?.version ?? 0);
        return this.live ? this.raise(key, version) : version;
      })
      .finally(() => {
        if (slot.running === running) slot.running = undefined;
      });
    slot.running = running;
    return running;
  }
}
