import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * A job is data: a name, a payload schema (always with the company id) and a handler.
 * Payloads are parsed again when the job runs, because a job may outlive a deploy.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  payload: Schema;
  handler: (payload: z.infer<Schema>) => Promise<void>;
  /** How often an idle worker looks for work; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /**
   * A cron expression (UTC) for recurring work: pg-boss keeps the schedule in the database and
   * creates one job per tick for the whole cluster, so a sweep runs once however many nodes run.
   */
  cron?: string;
}

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>) {
  return definition;
}

export interface SendJobOptions {
  /** Delay before the job may run. */
  startAfterSeconds?: number;
  singletonKey?: string;
  retryLimit?: number;
}

/** Durable background work on pg-boss, in the same database as everything else. */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;

  constructor(
    database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {
    // pg-boss runs its SQL through our connection (PGlite) or pool (server), so closing the
    // database closes everything and no second pool competes for connections.
    this.boss = new PgBoss({ db: { executeSql: database.executeSql } });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  register(...definitions: JobDefinition[]) {
    for (const definition of definitions) this.definitions.set(definition.name, definition);
  }

  async start() {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      await this.boss.createQueue(definition.name);
      await this.boss.work(
        definition.name,
        { pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2 },
        async (jobs) => {
          for (const job of jobs) await definition.handler(definition.payload.parse(job.data));
        },
      );
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {});
    }
    this.started = true;
  }

  async send<Schema extends z.ZodType>(
    definition: JobDefinition<Schema>,
    payload: z.infer<Schema>,
    options: SendJobOptions = {},
  ) {
    if (!this.started) throw new Error(`job queue not started; cannot send ${definition.name}`);
    return this.boss.send(definition.name, definition.payload.parse(payload) as object, {
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
      retryLimit: options.retryLimit ?? 3,
      retryBackoff: true,
    });
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5_000, wait: true });
  }
}
