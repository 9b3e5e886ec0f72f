import { type Database, type DbHandle, JOB_SCHEMA, jobs as jobQueries, jobSqlIn, jobSqlOf } from "@sitesafe/db";
import type { Kysely } from "kysely";
import PgBoss from "pg-boss";

/**
 * The job queue (docs/decisions/0116-job-queue.md): pg-boss over the application's own database,
 * PostgreSQL or the embedded PGlite alike (packages/db/src/jobs.ts). Jobs are rows in the `pgboss`
 * schema (migration 0021), so they survive a restart; several instances over one PostgreSQL
 * database take each job once (pg-boss fetches with FOR UPDATE SKIP LOCKED). A handler that throws
 * is retried with backoff; a job that fails its last try stays `failed` with its error, listed for
 * admins (`GET /api/admin/failed-jobs`).
 */

/** The logging the queue needs (the server's pino logger fits); kept here so the queue imports nothing of the request context. */
export interface JobLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

/** Jobs a `sendMany` statement inserts at most (its JSON parameter stays well under a megabyte). */
const SEND_MANY_BATCH = 1000;

/** How notifications leave the app besides the bell: the job queue, and whether e-mail is on (services/notifications.ts). */
export interface Delivery {
  jobs: JobQueue;
  email: boolean;
}

/** What a handler is given besides the job's data: its id and the server's clock at the start. */
export interface JobInfo {
  id: string;
  name: string;
  /** The injected clock's time (Config.now), so handlers never read the wall clock themselves. */
  now: Date;
}

export type JobHandler<T = unknown> = (data: T, info: JobInfo) => Promise<void>;

/** A queue every instance creates at start, whether or not it works on it. */
export interface QueueDefinition {
  name: string;
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (retryBackoff). */
  retryDelay: number;
  /** How long one try may run before pg-boss counts it as failed. */
  expireInSeconds: number;
}

export interface JobQueueOptions {
  dbHandle: DbHandle;
  log: JobLog;
  /** Work on jobs (handlers, maintenance, schedules); false: only queue them (tests of other areas). */
  work: boolean;
  now: () => Date;
  /** How often an idle worker asks for a job (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Not before this time (a reminder); unset: at once. */
  startAfter?: Date;
  /** Queue it inside this transaction: committed or rolled back with the change. */
  trx?: Kysely<Database>;
  /** At most one queued job with this key in the queue (a reminder already scheduled). */
  singletonKey?: string;
}

export class JobQueue {
  readonly #options: JobQueueOptions;
  readonly #boss: PgBoss;
  readonly #queues = new Map<string, QueueDefinition>();
  readonly #handlers = new Map<string, JobHandler<never>>();
  readonly #schedules = new Map<string, { cron: string; tz: string }>();
  #started = false;

  constructor(options: JobQueueOptions) {
    this.#options = options;
    const work = options.work;
    this.#boss = new PgBoss({
      db: jobSqlOf(options.dbHandle) as PgBoss.Db,
      schema: JOB_SCHEMA,
      // Schema changes of a later pg-boss run once, under pg-boss's advisory lock.
      migrate: true,
      supervise: work,
      schedule: work,
      // Finished jobs move to the archive after a day, failed ones after 30 days (the admin list reads both).
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 90,
    });
    // pg-boss reports a failed maintenance or fetch as an "error" event; without a listener Node would throw it.
    this.#boss.on("error", (error: Error) => options.log.warn({ err: error, event: "job_queue_error" }, "job queue error"));
  }

  /** Declares a queue; with a handler, this instance works on it once started (when `work` is on). */
  define<T>(queue: QueueDefinition, handler?: JobHandler<T>): void {
    if (this.#started) throw new Error(`queue ${queue.name} defined after the job queue started`);
    this.#queues.set(queue.name, queue);
    if (handler) this.#handlers.set(queue.name, handler as JobHandler<never>);
  }

  /**
   * Runs the queue's job on a cron schedule (pg-boss keeps it in the database and sends each tick
   * once, however many instances run). Set by the instances that work on jobs.
   */
  schedule(name: string, cron: string, tz = "UTC"): void {
    if (this.#started) throw new Error(`queue ${name} scheduled after the job queue started`);
    if (!this.#queues.has(name)) throw new Error(`no queue named ${name}`);
    this.#schedules.set(name, { cron, tz });
  }

  get working(): boolean {
    return this.#options.work;
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    for (const queue of this.#queues.values()) {
      await this.#boss.createQueue(queue.name, {
        name: queue.name,
        policy: "standard",
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelay,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
      });
    }
    this.#started = true;
    if (!this.#options.work) return;
    for (const [name, { cron, tz }] of this.#schedules) await this.#boss.schedule(name, cron, {}, { tz });
    for (const [name, handler] of this.#handlers) {
      await this.#boss.work(name, { batchSize: 5, pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never, { id: job.id, name, now: this.#options.now() });
          } catch (error) {
            this.#options.log.warn({ err: error, event: "job_failed", queue: name, job: job.id }, "job failed");
            throw error;
          }
        }
      });
    }
  }

  /** Waits for the jobs being worked on (up to 10 s), then stops; the database stays open. */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }

  /** Jobs of the queue not finished yet: queued, waiting to retry or running. */
  async pending(name: string): Promise<number> {
    return this.#boss.getQueueSize(name, { before: "completed" });
  }

  /** Jobs that failed their last try, newest first (the admin list). */
  failed(limit: number): Promise<jobQueries.FailedJob[]> {
    return jobQueries.failedJobs(this.#options.dbHandle.db, limit);
  }

  /**
   * Queues many jobs of one queue in one statement (pg-boss `insert`; the queue's retry policy
   * applies as for `send`): a notice to every worker queues thousands of e-mails in the event's
   * transaction, one round trip a batch instead of one a job.
   */
  async sendMany(name: string, data: object[], options: Pick<SendOptions, "trx"> = {}): Promise<void> {
    if (!this.#queues.has(name)) throw new Error(`no queue named ${name}`);
    for (let i = 0; i < data.length; i += SEND_MANY_BATCH) {
      const jobs = data.slice(i, i + SEND_MANY_BATCH).map((d) => ({ name, data: d }));
      await this.#boss.insert(jobs, options.trx ? { db: jobSqlIn(options.trx) as PgBoss.Db } : {});
    }
  }

  /** Queues a job; its id. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.#queues.has(name)) throw new Error(`no queue named ${name}`);
    return this.#boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.trx ? { db: jobSqlIn(options.trx) as PgBoss.Db } : {}),
    });
  }
}
