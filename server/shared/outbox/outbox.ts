import type { Db } from '../../db/db';
import type { JobQueue, RetryPolicy } from '../../integrations/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Side effects after commit (mail, and next confirmations, reminders, webhooks); decorated by the integrations plugin. */
    outbox: Outbox;
  }
}

/**
 * Where an outbox entry is: waiting (or being retried), delivered, given up after its last attempt,
 * or canceled before delivery (the change it was for was undone: a canceled booking's reminder).
 */
export type OutboxState = 'queued' | 'sent' | 'failed' | 'canceled';

/** One side effect to carry out after the change that wrote it commits. */
export interface OutboxMessage {
  /** The company the effect belongs to (null for none). */
  companyId: number | null;
  /** Which handler delivers it, e.g. 'mail'. */
  kind: string;
  /** What the handler needs; JSON. */
  payload: Record<string, unknown>;
  /** The event's idempotency key, unique per company: a second add with the same key adds nothing. */
  key: string;
  /** Deliver no earlier than this (a reminder before a booking); default at once. */
  startAfter?: Date;
}

/** An outbox entry as a list shows it. */
export interface OutboxEntry {
  id: number;
  companyId: number | null;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  state: OutboxState;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  created: string;
  sentAt: string | null;
}

/** Delivers one entry's payload; throwing makes it retried (with backoff) until its attempts are spent. */
export type OutboxHandler = (payload: Record<string, unknown>, entry: { id: number; companyId: number | null; key: string }) => Promise<void>;

/** An outbox row as ENTRY_COLUMNS reads it: an entry but for the JSON and the times the drivers hand over as they are. */
type OutboxRow = Omit<OutboxEntry, 'payload' | 'created' | 'sentAt'> & { payload: Record<string, unknown> | string; created: string | Date; sentAt: string | Date | null };

/** The outbox columns under OutboxEntry's names (the id as a number: it is a bigint). */
const ENTRY_COLUMNS = `id::float8 as "id", company_id as "companyId", kind, key, payload, state, attempts, max_attempts as "maxAttempts",
  last_error as "lastError", created, sent_at as "sentAt"`;

const QUEUE = 'outbox';
const iso = (value: string | Date | null): string | null => (value instanceof Date ? value.toISOString() : value);

function toEntry(row: OutboxRow): OutboxEntry {
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return { ...row, payload, created: iso(row.created)!, sentAt: iso(row.sentAt) };
}

/**
 * The one outbox: `add` writes an entry in the caller's transaction together with a pg-boss job that
 * delivers it once that transaction commits. A rolled-back change leaves neither behind; a process
 * that dies after the commit leaves both, and the next process to work the queue delivers the entry.
 * Delivery is at least once towards the outside world (a crash between the handler's success and
 * the entry being marked sent repeats that one delivery); the key keeps one event to one entry.
 * @example
 * outbox.handle('webhook', async (payload) => postWebhook(payload));
 * await db.tx(async (tx) => {
 *   await tx.query('update bookings set status = 2 where id = $1', [id]);
 *   await outbox.add(tx, { companyId, kind: 'webhook', key: `booking-confirmed:${id}`, payload: { id } });
 * });
 */
export class Outbox {
  private readonly handlers = new Map<string, OutboxHandler>();
  /** Kinds with a lane of their own, and its queue. */
  private readonly lanes = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly retry: RetryPolicy = { maxAttempts: 8, retryDelaySeconds: 5 },
  ) {
    // Entries are delivered in the order they were written (their id), batch by batch.
    jobs.work(QUEUE, (payload) => this.deliver(Number(payload.id)), retry, (payload) => Number(payload.id));
  }

  /**
   * Registers the handler that delivers entries of `kind`. With `parallel`, the kind has a lane of
   * its own (its own queue, worked by that many workers one entry at a time): its entries call
   * outside services that may be slow, and a slow one then holds one worker of its lane, never the
   * other kinds' entries or the rest of its lane. Such a kind keeps whatever order it needs itself.
   * @example outbox.handle('webhook', (payload) => attempt(payload), { parallel: 8 });
   */
  handle(kind: string, handler: OutboxHandler, options: { parallel?: number } = {}): void {
    this.handlers.set(kind, handler);
    if (options.parallel) {
      const lane = `${QUEUE}_${kind}`;
      this.lanes.set(kind, lane);
      this.jobs.workInParallel(lane, (payload) => this.deliver(Number(payload.id)), options.parallel, this.retry);
    }
  }

  /** The queue that delivers entries of `kind`. */
  private queueOf(kind: string): string {
    return this.lanes.get(kind) ?? QUEUE;
  }

  /**
   * Writes the entry (and its delivery job) in `tx`. Returns its id, and whether it was added:
   * false when the company already has an entry with this key (then nothing more is queued).
   */
  async add(tx: Db, message: OutboxMessage): Promise<{ id: number; added: boolean }> {
    if (!this.handlers.has(message.kind)) throw new Error(`no outbox handler for kind ${message.kind}`);
    const row = await tx.one<{ id: number | string }>(
      `insert into outbox (company_id, kind, key, payload, max_attempts) values ($1, $2, $3, $4::jsonb, $5)
       on conflict on constraint outbox_key_unique do nothing returning id`,
      [message.companyId, message.kind, message.key, JSON.stringify(message.payload), this.retry.maxAttempts],
    );
    if (!row) {
      const existing = await tx.one<{ id: number | string }>('select id from outbox where company_id is not distinct from $1 and key = $2', [message.companyId, message.key]);
      return { id: Number(existing!.id), added: false };
    }
    const id = Number(row.id);
    await this.jobs.send(tx, this.queueOf(message.kind), { id }, { startAfter: message.startAfter && message.startAfter.getTime() > Date.now() ? message.startAfter : undefined });
    return { id, added: true };
  }

  /**
   * Queues a delivery job again for every entry still queued without one (entries carried over
   * from the old queue by migration 041). Runs when the queue starts.
   */
  async requeueOrphans(): Promise<number> {
    const orphans = await this.db.query<{ id: number | string; kind: string }>(
      `select o.id, o.kind from outbox o
        where o.state = 'queued'
          and not exists (select 1 from pgboss.job j where j.name = any($1) and j.data ->> 'id' = o.id::text and j.state < 'completed')
        order by o.id limit 1000`,
      [[QUEUE, ...this.lanes.values()]],
    );
    for (const { id, kind } of orphans) await this.jobs.send(this.db, this.queueOf(kind), { id: Number(id) });
    return orphans.length;
  }

  /**
   * Cancels entries still queued, in `db` (the transaction of the change that made them moot, or a
   * handler that found its entry moot): their delivery jobs then do nothing. Answers the ids canceled.
   * @example
   * await outbox.cancel(tx, companyId, [reminderEntryId]);
   */
  async cancel(db: Db, companyId: number | null, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db.query<{ id: number | string }>(
      `update outbox set state = 'canceled', updated = now()
        where id = any($1::bigint[]) and company_id is not distinct from $2 and state = 'queued' returning id`,
      [ids, companyId],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Delivers one entry (the job's work): a sent, failed or canceled entry is left alone. */
  private async deliver(id: number): Promise<void> {
    const row = await this.db.one<OutboxRow>(`select ${ENTRY_COLUMNS} from outbox where id = $1`, [id]);
    if (!row || row.state !== 'queued') return;
    const entry = toEntry(row);
    try {
      const handler = this.handlers.get(entry.kind);
      if (!handler) throw new Error(`no outbox handler for kind ${entry.kind}`);
      await handler(entry.payload, { id, companyId: entry.companyId, key: entry.key });
    } catch (err) {
      const failed = entry.attempts + 1 >= entry.maxAttempts;
      await this.db.query(
        `update outbox set attempts = attempts + 1, last_error = $2, state = case when $3 then 'failed' else state end, updated = now()
          where id = $1`,
        [id, String(err instanceof Error ? err.message : err).slice(0, 2000), failed],
      );
      throw err;
    }
    // A handler that canceled its own entry (it found the entry moot) leaves it canceled.
    await this.db.query(
      `update outbox set attempts = attempts + 1, state = case when state = 'canceled' then state else 'sent' end,
              sent_at = case when state = 'canceled' then null else now() end, updated = now() where id = $1`,
      [id],
    );
  }

  /**
   * One company's entries, newest first (the outbox page).
   * @example
   * const failed = await outbox.list(db, companyId, { state: 'failed' });
   */
  async list(db: Db, companyId: number, filter: { state?: OutboxState; kind?: string; take?: number } = {}): Promise<OutboxEntry[]> {
    const rows = await db.query<OutboxRow>(
      `select ${ENTRY_COLUMNS} from outbox where company_id = $1 and ($2::text is null or state = $2) and ($3::text is null or kind = $3)
        order by id desc limit $4`,
      [companyId, filter.state ?? null, filter.kind ?? null, filter.take ?? 50],
    );
    return rows.map(toEntry);
  }
}
