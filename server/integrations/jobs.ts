import { PgBoss, type Db as BossDb, type Job, type JobResult } from 'pg-boss';
import type { Db, SqlParam } from '../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (pg-boss); decorated by the integrations plugin. */
    jobs: JobQueue;
  }
}

/** Handles one job; throwing makes it run again later (with backoff), until its retries are spent. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** How a queue retries a job whose handler threw. */
export interface RetryPolicy {
  /** Runs in all, the first included (pg-boss's retryLimit is this less one). */
  maxAttempts: number;
  /** Seconds before the first retry; each later one waits twice as long (at most an hour). */
  retryDelaySeconds: number;
}

export interface JobQueueOptions {
  /** How often a worker looks for due jobs (seconds, at least 0.5). */
  pollSeconds?: number;
  onError?: (err: unknown, job: { id: string; name: string }) => void;
}

const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 8, retryDelaySeconds: 5 };
/**
 * Jobs a worker takes per fetch. While fetches come back full it fetches again at once (pg-boss's
 * burstWhenBatchFull); a short one means the backlog is done and polling resumes. (One job per
 * poll delivered 0.5 confirmations a second: a busy minute's mails took an hour.)
 */
const BATCH = 20;
/** Workers per process of a queue whose jobs run side by side (workInParallel). */
const PARALLEL_FETCHERS = 2;
const SCHEMA = 'pgboss';

/**
 * pg-boss's view of the project's database: every statement goes through `db` (on PGlite, the one
 * session every other statement uses, so they are serialised), parameterless texts may be several
 * statements (pg-boss's `BEGIN; …; COMMIT` blocks).
 */
export function bossDb(db: Db): BossDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: await db.query(text, values as SqlParam[]) };
      return { rows: await db.execRows(text) };
    },
  };
}

/**
 * The durable job queue: pg-boss on the project's database (schema `pgboss`, created by migration
 * 040), on PGlite as on a PostgreSQL server. `send` writes in the caller's transaction, so nothing
 * runs for a rolled-back change; workers in every process poll for due jobs; a job whose handler
 * throws is retried with exponential backoff and kept as failed after its last attempt.
 * @example
 * const jobs = new JobQueue(db);
 * jobs.work('report', async (payload) => build(payload), { maxAttempts: 3, retryDelaySeconds: 10 });
 * await jobs.start();
 * await db.tx((tx) => jobs.send(tx, 'report', { id: 7 }));
 */
export class JobQueue {
  private readonly handlers = new Map<string, { handler: JobHandler; retry: RetryPolicy; sequence?: (payload: Record<string, unknown>) => number; concurrency?: number }>();
  /** Queues that pg-boss fills on a cron schedule (`every`), with their expression. */
  private readonly schedules = new Map<string, string>();
  private readonly boss: PgBoss;
  private started = false;
  /** Jobs this process's workers are running now (drain waits for them). */
  private readonly running = new Set<Promise<void>>();
  /** Work outside the queues that drain finishes too (onDrain). */
  private readonly drainers: (() => Promise<boolean>)[] = [];
  /** pg-boss knows the queues (from the first start on, after a stop too). */
  private ready = false;
  /** This process's workers poll the queues (start without `workers: false`, until stop). */
  private workersRunning = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: bossDb(db),
      schema: SCHEMA,
      backend: db.kind === 'pglite' ? 'pglite' : 'postgres',
      // Recurring work (`every`) is pg-boss cron schedules: one job per due time across every process.
      schedule: true,
      registerInstance: false,
    });
    this.boss.on('error', (err) => this.options.onError?.(err, { id: '', name: 'pg-boss' }));
  }

  /**
   * Registers the handler of one queue (before start). With `sequence`, the jobs a worker fetches
   * together run in the order it gives (pg-boss picks a batch oldest first but hands it over in no
   * set order), so a queue whose payloads carry an increasing number is worked in that order.
   */
  work(name: string, handler: JobHandler, retry: RetryPolicy = DEFAULT_RETRY, sequence?: (payload: Record<string, unknown>) => number): void {
    if (this.started) throw new Error(`queue ${name} registered after the job queue started`);
    this.handlers.set(name, { handler, retry, sequence });
  }

  /**
   * Registers a queue whose jobs run side by side (before start): each of PARALLEL_FETCHERS workers
   * in this process fetches up to `concurrency` jobs and runs them at once, fetching again as soon
   * as they are all done (at once while fetches come back full). A slow job (an outside service
   * taking its time) holds back only its own worker's next fetch; the other worker goes on. No
   * order between jobs: a queue that needs one keeps it itself.
   * @example jobs.workInParallel('outbox_webhook', (payload) => attempt(payload), 8);
   */
  workInParallel(name: string, handler: JobHandler, concurrency: number, retry: RetryPolicy = DEFAULT_RETRY): void {
    if (this.started) throw new Error(`queue ${name} registered after the job queue started`);
    this.handlers.set(name, { handler, retry, concurrency });
  }

  /** A fetched batch in the queue's own order, when it has one. */
  private inOrder(name: string, jobs: Job<Record<string, unknown>>[]): Job<Record<string, unknown>>[] {
    const sequence = this.handlers.get(name)?.sequence;
    return sequence ? [...jobs].sort((a, b) => sequence(a.data) - sequence(b.data)) : jobs;
  }

  /**
   * Registers recurring work (before start): a pg-boss cron schedule (UTC, minutes at the finest)
   * puts one job in the queue at each due time, whichever process's timekeeper sees it first, and
   * any worker runs it. So work that was a timer in each process runs once, and a restart misses
   * nothing but the minute it was down.
   * @example jobs.every('bookings_release_holds', '* * * * *', () => releaseExpiredHolds(app));
   */
  every(name: string, cron: string, handler: JobHandler, retry: RetryPolicy = { maxAttempts: 1, retryDelaySeconds: 5 }): void {
    this.work(name, handler, retry);
    this.schedules.set(name, cron);
  }

  /**
   * Queues a job in `db` (the caller's transaction, or the database itself). Only once started
   * (a stopped queue still takes jobs for the next process): pg-boss then knows its queues and issues nothing but the insert, in `db` (on PGlite a look-up
   * on the database itself while the caller's transaction holds the one session would wait forever).
   * `startAfter` delays the job (a reminder): no worker takes it before then.
   */
  async send(db: Db, name: string, payload: Record<string, unknown>, options: { startAfter?: Date } = {}): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`no worker for queue ${name}`);
    if (!this.ready) throw new Error(`job queue not started; cannot send to ${name}`);
    await this.boss.send(name, payload, { db: bossDb(db), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
  }

  /**
   * Migrates pg-boss's schema if a newer pg-boss needs it, creates the queues and starts their
   * workers (none with `workers: false`: a process that only sends, or drains by hand).
   */
  async start({ workers = true }: { workers?: boolean } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const [name, { retry, concurrency }] of this.handlers) {
      const policy = {
        retryLimit: retry.maxAttempts - 1,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: 3600,
      };
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, policy);
      else await this.boss.createQueue(name, policy);
      const cron = this.schedules.get(name);
      if (cron) await this.boss.schedule(name, cron, {});
      if (!workers) continue;
      this.workersRunning = true;
      const options = {
        pollingIntervalSeconds: this.options.pollSeconds ?? 2,
        burstWhenBatchFull: true,
        perJobResults: true,
        ...(concurrency ? { batchSize: concurrency, localConcurrency: PARALLEL_FETCHERS } : { batchSize: BATCH }),
      } as const;
      // The jobs of a batch run one after another, each settled on its own: one that throws is
      // retried alone, the ones that ran are not run again.
      await this.boss.work(name, options, async (jobs: Job<Record<string, unknown>>[]) => {
        const settle = async (job: Job<Record<string, unknown>>): Promise<JobResult> => {
          const run = this.run(job);
          this.running.add(run);
          try {
            await run;
            return { id: job.id, status: 'completed' };
          } catch (err) {
            return { id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } };
          } finally {
            this.running.delete(run);
          }
        };
        if (concurrency) return Promise.all(jobs.map(settle));
        const results: JobResult[] = [];
        for (const job of this.inOrder(name, jobs)) results.push(await settle(job));
        return results;
      });
    }
    // createQueue and updateQueue leave the queue in pg-boss's cache.
    this.ready = true;
  }

  /**
   * Work outside the queues that `drain` also finishes: `work` does what is due and answers whether
   * it did anything (then drain looks again). A lane that wakes itself in process rather than through
   * a job (webhook deliveries) registers it, so tests and scripts can wait for it the same way.
   * @example jobs.onDrain(async () => (await deliverDue()) > 0);
   */
  onDrain(work: () => Promise<boolean>): void {
    this.drainers.push(work);
  }

  /** Stops the workers (letting a running job finish) and pg-boss's maintenance. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.workersRunning = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: false });
  }

  /**
   * Runs every due job of every queue in this process until none is left, the same way a worker
   * does, and waits for the jobs this process's workers are running (tests and scripts use it
   * instead of waiting for a poll). Resolves when done.
   */
  async drain(): Promise<void> {
    if (!this.started) return;
    for (let ran = true; ran; ) {
      ran = false;
      for (const name of this.handlers.keys()) {
        const jobs = await this.boss.fetch<Record<string, unknown>>(name, { batchSize: 10 });
        for (const job of this.inOrder(name, jobs)) {
          ran = true;
          // Among the running jobs, so that a drain called at the same time (two callers in one
          // test) waits for this one instead of returning before it is done.
          const run = (async () => {
            try {
              await this.run(job);
              await this.boss.complete(name, job.id);
            } catch (err) {
              await this.boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          })();
          this.running.add(run);
          try {
            await run;
          } finally {
            this.running.delete(run);
          }
        }
      }
      for (const work of this.drainers) if (await work()) ran = true;
      if (this.running.size) {
        ran = true;
        await Promise.allSettled([...this.running]);
      } else if (await this.handedOver()) {
        // pg-boss marks a job active when its worker fetches it, a moment before the handler runs.
        ran = true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  /**
   * Whether a job of these queues is active but not (yet) among this process's running handlers:
   * fetched by a worker a moment ago. Active jobs of a process that died are not waited for (their
   * lease, started more than a few seconds ago, runs out on pg-boss's own schedule).
   */
  private async handedOver(): Promise<boolean> {
    if (!this.workersRunning) return false;
    const row = await this.db.one<{ n: number }>(
      `select count(*)::int as n from ${SCHEMA}.job where name = any($1) and state = 'active' and started_on > now() - interval '5 seconds'`,
      [[...this.handlers.keys()]],
    );
    return (row?.n ?? 0) > 0;
  }

  private async run(job: Job<Record<string, unknown>>): Promise<void> {
    try {
      await this.handlers.get(job.name)!.handler(job.data);
    } catch (err) {
      this.options.onError?.(err, { id: job.id, name: job.name });
      throw err;
    }
  }
}
