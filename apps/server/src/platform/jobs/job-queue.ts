import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * A job's declaration: its queue name and payload schema (always with the company id). It is data
 * only, so any module can import it to send the job; the module that does the work registers the
 * handler (`JobQueue.handle`). The name is the pg-boss queue's name, kept in the database with
 * every waiting job: renaming a job strands the jobs queued under the old name.
 * Payloads are parsed again when the job runs, because a job may outlive a deploy.
 */
export interface Job<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  /**
   * How often an idle worker looks for jobs no one woke it for (default `fallbackPollingSeconds`);
   * pg-boss's minimum is 0.5 s. This process's own jobs, delayed ones and retries start on time
   * without it (see `JobQueue`).
   */
  pollingIntervalSeconds?: number;
  /**
   * A cron expression (UTC) for recurring work: pg-boss keeps the schedule in the database and
   * creates one job per tick for the whole cluster, so a sweep runs once however many nodes run.
   */
  cron?: string;
}

export function defineJob<Schema extends z.ZodType>(job: Job<Schema>) {
  return job;
}

/** The work a job does with its parsed payload; what it answers is only seen by `runNow`. */
export type JobHandler<Schema extends z.ZodType = z.ZodType> = (payload: z.infer<Schema>) => Promise<unknown>;

/** What planning work needs: sending a declared job (services take this, not the whole queue). */
export type JobSender = Pick<JobQueue, 'send'>;

export interface SendJobOptions {
  /** Delay before the job may run. */
  startAfterSeconds?: number;
  singletonKey?: string;
  retryLimit?: number;
  /**
   * How long a started job may run before pg-boss counts it as failed and retries it: what
   * brings back a job whose process was killed mid-run (pg-boss's default is 15 minutes).
   */
  expireInSeconds?: number;
}

/**
 * How often a worker polls for what no wake-up announces: jobs another process sent, cron ticks,
 * jobs left by a process that stopped. Every poll is a query per queue (~2 ms each on PGlite).
 */
export const fallbackPollingSeconds = 5;

/**
 * Delays up to this get a timer; a job planned further ahead (a schedule next week) is found by
 * polling, at most `fallbackPollingSeconds` late, instead of holding a timer (Node's longest is
 * ~24.8 days) for days.
 */
const longestWakeTimerSeconds = 3600;

/** How long stop waits for the queue's work in flight once pg-boss has stopped. */
const drainLimitMs = 30_000;

/**
 * The longest pg-boss waits before retrying a job that failed on its n-th retry (n = `retryCount`):
 * with backoff, a random delay up to `retryDelay` × 2^(n+1) (pg-boss takes at least 1 s); without,
 * exactly `retryDelay`.
 */
function retryDelayBound({ retryCount, retryDelay, retryBackoff }: PgBoss.JobWithMetadata<unknown>) {
  return retryBackoff ? Math.max(retryDelay, 1) * 2 ** Math.min(16, retryCount + 1) : retryDelay;
}

/**
 * Durable background work on pg-boss, in the same database as everything else. The job's row is
 * what is durable; a worker is woken when this process sends a job, when a delayed job falls due
 * and when a failed one may retry, so polling only has to find the rest.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, { job: Job; handler: JobHandler }>();
  /** This process's pg-boss worker for each queue, by job name. */
  private readonly workerIds = new Map<string, string>();
  /** Wake-ups for delayed jobs and retries this process knows of; cleared on stop. */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Handlers running and pg-boss's own statements, so that stop can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private started = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    // Maintenance (expiring the jobs of a killed process among others) every 30 s rather than
    // pg-boss's 2 min; tests that wait for a killed process's jobs set it lower (JOBS_MAINTENANCE_SECONDS).
    { maintenanceIntervalSeconds = 30 }: { maintenanceIntervalSeconds?: number } = {},
  ) {
    // pg-boss runs its SQL through our connection (PGlite) or pool (server), so closing the
    // database closes everything and no second pool competes for connections.
    const executeSql: typeof database.executeSql = (text, values) => this.track(database.executeSql(text, values));
    this.boss = new PgBoss({ db: { executeSql }, maintenanceIntervalSeconds });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Whether this process's workers are running (for /api/health). */
  get running() {
    return this.started;
  }

  /** Registers the one handler of a job: this process works its queue from `start` on. */
  handle<Schema extends z.ZodType>(job: Job<Schema>, handler: JobHandler<Schema>) {
    if (this.handlers.has(job.name)) throw new Error(`job ${job.name} already has a handler`);
    this.handlers.set(job.name, { job, handler: handler as JobHandler });
  }

  async start() {
    await this.boss.start();
    for (const { job, handler } of this.handlers.values()) {
      await this.boss.createQueue(job.name);
      const workerId = await this.boss.work(
        job.name,
        { pollingIntervalSeconds: job.pollingIntervalSeconds ?? fallbackPollingSeconds, includeMetadata: true },
        (found) => this.track(this.runBatch(job, handler, found)),
      );
      this.workerIds.set(job.name, workerId);
      if (job.cron) await this.boss.schedule(job.name, job.cron, {});
    }
    this.started = true;
  }

  /** Queues a job; any process that handles it may run it. The payload is checked here first. */
  async send<Schema extends z.ZodType>(job: Job<Schema>, payload: z.infer<Schema>, options: SendJobOptions = {}) {
    if (!this.started) throw new Error(`job queue not started; cannot send ${job.name}`);
    const id = await this.boss.send(job.name, job.payload.parse(payload) as object, {
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
      retryLimit: options.retryLimit ?? 3,
      retryBackoff: true,
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    });
    // This process works the queue too: its worker starts the job when it may run rather than at
    // its next poll. One sent by another process (or left by a restart) is found by polling.
    if (options.startAfterSeconds) this.wakeLater(job.name, options.startAfterSeconds);
    else this.wake(job.name);
    return id;
  }

  /**
   * Runs a job's handler in this process at once, outside the queue, and answers what it answers:
   * how a test makes due work happen (a cron sweep, a delayed job) without waiting for its time.
   */
  async runNow<Schema extends z.ZodType>(
    job: Job<Schema>,
    ...[payload]: Record<string, never> extends z.infer<Schema>
      ? [payload?: z.infer<Schema>]
      : [payload: z.infer<Schema>]
  ) {
    const registered = this.handlers.get(job.name);
    if (!registered) throw new Error(`job ${job.name} has no handler in this process`);
    return registered.handler(job.payload.parse(payload ?? {}));
  }

  private async runBatch(job: Job, handler: JobHandler, found: PgBoss.JobWithMetadata<unknown>[]) {
    try {
      for (const queued of found) await this.run(job, handler, queued);
    } finally {
      // pg-boss fetches one job per poll and then waits out the polling interval: a backlog
      // (a burst of bot turns, schedules falling due together, another process's sends)
      // would drain at one job per interval. A job found means more may wait: look again now.
      if (found.length > 0) this.wake(job.name);
    }
  }

  private track<T>(work: Promise<T>) {
    this.inFlight.add(work);
    const untrack = () => this.inFlight.delete(work);
    work.then(untrack, untrack);
    return work;
  }

  private async run(job: Job, handler: JobHandler, queued: PgBoss.JobWithMetadata<unknown>) {
    try {
      await handler(job.payload.parse(queued.data));
    } catch (error) {
      // pg-boss retries it (retryLimit) and keeps the error on the job; say so in the log.
      this.log.warn({ err: error, job: job.name, jobId: queued.id }, 'job failed');
      if (queued.retryCount < queued.retryLimit) this.wakeLater(job.name, retryDelayBound(queued));
      throw error;
    }
  }

  private wake(name: string) {
    const workerId = this.workerIds.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  private wakeLater(name: string, seconds: number) {
    if (seconds > longestWakeTimerSeconds) return;
    // A moment past the due time: pg-boss compares start_after with the database's clock.
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.wake(name);
      },
      seconds * 1000 + 50,
    );
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Whether a job of this name and singleton key still waits to run. pg-boss's standard queues
   * do not refuse a second job with the same key, so callers that re-plan work (start-up sweeps)
   * ask first instead of piling up copies.
   */
  async hasWaitingJob(job: Job, singletonKey: string) {
    const { rows } = await this.database.executeSql(
      `select 1 from pgboss.job where name = $1 and singleton_key = $2 and state in ('created', 'retry') limit 1`,
      [job.name, singletonKey],
    );
    return rows.length > 0;
  }

  /**
   * Deletes every job of one tenant that is not running right now (waiting, delayed, retrying,
   * finished or archived), so none of its work runs after the tenant is gone and no payload of it
   * is kept.
   * Jobs are found by the company id their payload always carries. A running job finishes on its
   * own; its handler finds the tenant's rows gone.
   */
  async removeTenantJobs(companyId: number) {
    if (!this.started) return;
    const { rows } = await this.database.executeSql(
      `select name, id from pgboss.job where state <> 'active' and data->>'companyId' = $1`,
      [String(companyId)],
    );
    const idsByName = new Map<string, string[]>();
    for (const { name, id } of rows as { name: string; id: string }[]) {
      idsByName.set(name, [...(idsByName.get(name) ?? []), id]);
    }
    for (const [name, ids] of idsByName) await this.boss.deleteJob(name, ids);
    // pg-boss has no call for its archive of finished jobs; it is a plain table of the same shape.
    await this.database.executeSql(`delete from pgboss.archive where data->>'companyId' = $1`, [String(companyId)]);
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.boss.stop({ graceful: true, timeout: 5_000, wait: true });
    await this.drain();
  }

  /**
   * pg-boss's stop leaves work behind: a handler it gave up waiting for after its timeout, a
   * fetch already on its way whose jobs a stopped worker still hands over, and the record of each
   * job's end (complete or fail), which it sends without awaiting. Any of them would reach a
   * database its owner is about to close, and fail with nobody to hear it. So wait until none is
   * left (each may start the next: a fetch its handler, a handler its record), a hung one for at
   * most a while. npm start bounds the whole drain anyway: main.ts exits after 10 s.
   */
  private async drain() {
    const startedAt = Date.now();
    while (this.inFlight.size > 0) {
      if (Date.now() - startedAt > drainLimitMs) {
        this.log.warn({ inFlight: this.inFlight.size }, 'job queue work still running as the queue stops');
        return;
      }
      const settled = Promise.allSettled(this.inFlight);
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      // What the settled work starts next (a handler, a record) begins within this turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
