import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/database-template.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { paced } from '../../../test/machine-pace.ts';
import { defineJob, JobQueue } from './job-queue.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

// Polls far apart: within a test's wait, only a wake-up can start a job.
const RARELY = 600;

const done: number[] = [];
const burst = defineJob({
  name: 'test.burst',
  payload: z.object({ companyId: z.number(), n: z.number() }),
  pollingIntervalSeconds: RARELY,
});

/** Fails each number's first run once: its retry must start without a poll. */
const failedOnce = new Set<number>();
const flaky = defineJob({
  name: 'test.flaky',
  payload: z.object({ companyId: z.number(), n: z.number() }),
  pollingIntervalSeconds: RARELY,
});

/** A job whose handler answers something: only `runNow` sees it. */
const doubled = defineJob({ name: 'test.doubled', payload: z.object({ companyId: z.number(), n: z.number() }) });

const fiveDone = () =>
  waitUntil(
    () => done.length === 5,
    undefined,
    () => `5 jobs done, got ${done.length}`,
  );

let testDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
let jobs: JobQueue;
/** Another process on the same database: it sends jobs but works no queue. */
let otherProcess: JobQueue;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  jobs = new JobQueue(testDatabase.database, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  jobs.handle(burst, async ({ n }) => {
    done.push(n);
  });
  jobs.handle(flaky, async ({ n }) => {
    if (!failedOnce.has(n)) {
      failedOnce.add(n);
      throw new Error(`first run of ${n} fails`);
    }
    done.push(n);
  });
  jobs.handle(doubled, async ({ n }) => n * 2);
  await jobs.start();
  otherProcess = new JobQueue(testDatabase.database, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  await otherProcess.start();
}, ONE_MINUTE);

afterAll(async () => {
  await otherProcess.stop();
  await jobs.stop();
  await testDatabase.dispose();
});

describe('the job queue', () => {
  it("starts a job its own process sends without waiting for the worker's next poll", async () => {
    done.length = 0;
    for (let n = 1; n <= 5; n++) await jobs.send(burst, { companyId: 1, n });
    await fiveDone();
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts a delayed job when it falls due, not at the next poll', async () => {
    done.length = 0;
    await jobs.send(burst, { companyId: 1, n: 1 }, { startAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done).toEqual([]);
    await waitUntil(
      () => done.length === 1,
      undefined,
      () => 'the delayed job done',
    );
  });

  it("retries a failed job when pg-boss's backoff lets it, not at the next poll", async () => {
    done.length = 0;
    await jobs.send(flaky, { companyId: 1, n: 1 });
    // The first retry falls due 1–2 s after the failure; the worker polls every 10 minutes.
    await waitUntil(
      () => done.length === 1,
      undefined,
      () => 'the retried job done',
    );
    expect(failedOnce.has(1)).toBe(true);
  });

  it('drains a backlog at once: jobs that fell due together do not wait a poll each', async () => {
    done.length = 0;
    // Another process's delayed jobs: nothing wakes this one's worker when they fall due.
    for (let n = 1; n <= 4; n++) await otherProcess.send(burst, { companyId: 1, n }, { startAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(done).toEqual([]);
    // One wake-up finds one job; the rest follow without another poll.
    await jobs.send(burst, { companyId: 1, n: 5 });
    await fiveDone();
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('runs a handler at once with runNow, outside the queue, and answers what it answered', async () => {
    done.length = 0;
    await jobs.runNow(burst, { companyId: 1, n: 7 });
    expect(done).toEqual([7]);
    expect(await jobs.runNow(doubled, { companyId: 1, n: 21 })).toBe(42);
    // The payload is checked as a queued job's would be; a process without the handler refuses.
    await expect(jobs.runNow(doubled, { companyId: 1 } as never)).rejects.toThrow();
    await expect(otherProcess.runNow(doubled, { companyId: 1, n: 1 })).rejects.toThrow('has no handler');
  });
});

describe('stopping the job queue', () => {
  it(
    'waits for a handler pg-boss stopped waiting for, so its last queries reach an open database',
    async () => {
      const own = await openTestDatabase();
      const queue = new JobQueue(own.database, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = false;
      let lastQuery: 'answered' | Error | undefined;
      const slow = defineJob({
        name: 'test.slow',
        payload: z.object({ companyId: z.number() }),
        pollingIntervalSeconds: RARELY,
      });
      queue.handle(slow, async () => {
        started = true;
        await gate;
        // Some work of its own before its last query, as a real handler has.
        await new Promise((resolve) => setTimeout(resolve, 100));
        lastQuery = await own.database
          .executeSql('select 1')
          .then(() => 'answered' as const)
          .catch((error: Error) => error);
      });
      await queue.start();
      const id = await queue.send(slow, { companyId: 1 });
      await waitUntil(() => started, undefined, 'the slow job started');

      // pg-boss waits 5 s for the handler, then records its job as failed (to retry) and stops waiting.
      const stopped = queue.stop();
      const stateOfJob = async () =>
        (
          (await own.database.executeSql('select state from pgboss.job where id = $1', [id])).rows[0] as {
            state: string;
          }
        ).state;
      await waitUntil(async () => (await stateOfJob()) !== 'active', ONE_MINUTE, 'pg-boss gave up waiting');
      release();
      await stopped;
      await own.dispose();

      expect(lastQuery).toBe('answered');
    },
    ONE_MINUTE,
  );
});
