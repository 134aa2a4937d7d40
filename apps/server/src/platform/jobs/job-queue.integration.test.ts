import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/database-template.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { defineJob, JobQueue } from './job-queue.ts';

// Polls far apart: within a test's wait, only a wake-up can start a job.
const RARELY = 600;

const done: number[] = [];
const burst = defineJob({
  name: 'test.burst',
  payload: z.object({ companyId: z.number(), n: z.number() }),
  handler: async ({ n }) => {
    done.push(n);
  },
  pollingIntervalSeconds: RARELY,
});

const fiveDone = () =>
  waitUntil(
    () => done.length === 5,
    undefined,
    () => `5 jobs done, got ${done.length}`,
  );

let testDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
let jobs: JobQueue;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  jobs = new JobQueue(testDatabase.database, pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
  jobs.register(burst);
  await jobs.start();
}, 60_000);

afterAll(async () => {
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

  it('drains a backlog at once: jobs that fell due together do not wait a poll each', async () => {
    done.length = 0;
    // Delayed jobs are not woken for; they fall due while the worker sleeps its long interval.
    for (let n = 1; n <= 4; n++) await jobs.send(burst, { companyId: 1, n }, { startAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(done).toEqual([]);
    // One wake-up finds one job; the rest follow without another poll.
    await jobs.send(burst, { companyId: 1, n: 5 });
    await fiveDone();
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
