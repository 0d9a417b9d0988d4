import type { Db, SqlParam } from '../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (mail delivery and other work after the answer); decorated by the identity plugin. */
    jobs: JobQueue;
  }
}

/** Handles one job; throwing makes it run again later. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface JobQueueOptions {
  /** How long a claimed job is left alone before another process may take it (a crashed worker). */
  leaseSeconds?: number;
  /** Attempts before a job is parked (run_at = infinity, last_error kept for inspection). */
  maxAttempts?: number;
  /** How often due jobs are looked for when nothing kicked the queue. */
  pollMs?: number;
  onError?: (err: unknown, job: { id: number; kind: string }) => void;
}

interface JobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * A small durable job queue on the `jobs` table (the role DESIGN.md gives pg-boss): `send` inside
 * the caller's transaction, so nothing runs for a rolled-back change; every process works the
 * queue, claiming due rows with `for update skip locked`; a job is deleted when its handler
 * succeeds and retried with backoff when it throws or its process dies.
 * @example
 * const jobs = new JobQueue(db);
 * jobs.work('mail', async (payload) => mailer.send(payload as MailMessage));
 * await jobs.send(tx, 'mail', message);
 * jobs.start();
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly lease: number;
  private readonly maxAttempts: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.lease = options.leaseSeconds ?? 60;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.pollMs = options.pollMs ?? 5000;
  }

  work(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Queues a job (in `db`, which may be the caller's transaction) and wakes this process's worker. */
  async send(db: Db, kind: string, payload: Record<string, unknown>): Promise<void> {
    await db.query('insert into jobs (kind, payload) values ($1, $2::jsonb)', [kind, JSON.stringify(payload) as SqlParam]);
    // Inside a transaction the row is not visible until commit; the poll finds it then if this misses.
    this.kick();
  }

  /** Works the queue soon (after the current answer has gone out). */
  kick(): void {
    if (this.timer === undefined) return;
    setImmediate(() => {
      // Not after stop(): the database may be closing.
      if (this.timer !== undefined) void this.drain().catch(() => undefined);
    });
  }

  /** Polls for due jobs until stop(). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs due jobs until none is left; concurrent calls share one run. Resolves when done. */
  async drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.runBatch()) > 0);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async runBatch(): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return 0;
    const jobs = await this.db.query<JobRow>(
      `update jobs set attempts = attempts + 1, run_at = now() + make_interval(secs => $2)
        where id in (select id from jobs where run_at <= now() and kind = any($1::text[]) order by id limit 10 for update skip locked)
        returning id, kind, payload, attempts`,
      [kinds, this.lease],
    );
    for (const job of jobs) {
      try {
        await this.handlers.get(job.kind)!(job.payload);
        await this.db.query('delete from jobs where id = $1', [job.id]);
      } catch (err) {
        this.options.onError?.(err, { id: Number(job.id), kind: job.kind });
        const parked = job.attempts >= this.maxAttempts;
        await this.db.query(
          `update jobs set last_error = $2,
                  run_at = case when $3 then 'infinity'::timestamptz else now() + make_interval(secs => least(3600, 5 * power(2, attempts))) end
            where id = $1`,
          [job.id, String(err instanceof Error ? err.message : err).slice(0, 2000), parked],
        );
      }
    }
    return jobs.length;
  }
}
