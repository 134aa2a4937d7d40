import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { ContactsPage, SandboxOutboxEntry, ScheduleRecord, SchedulesPage } from '@wacrm/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { paced } from '../../../test/machine-pace.ts';
import {
  adminCaller,
  endProcess,
  freePort,
  migratedDataDir,
  pairedSandbox,
  startMainProcess,
} from '../../../test/real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FOUR_MINUTES = paced(240_000);

/**
 * The real entry point on an embedded database, killed (SIGKILL, no shutdown at all) before 20
 * schedules are due and started again: each goes out exactly once, none before its time.
 */
const dataDir = await migratedDataDir('wacrm-schedules-restart-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startMain(port: number) {
  const child = await startMainProcess(port, dataDir, { SANDBOX_ENABLED: 'true' });
  children.push(child);
  return child;
}

describe('schedules across a hard kill', () => {
  it('delivers 20 schedules due while the server was down exactly once, none early', {
    timeout: FOUR_MINUTES,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMain(port);
    const call = await adminCaller(base);

    const connection = await pairedSandbox(call);
    const number = '5511987650000';
    await call('POST', `/api/sandbox/${connection.id}/inbound`, { from: number, body: 'hello' });
    const contact = await waitUntil(
      async () => ((await call('GET', `/api/contacts?searchParam=${number}`)).body as ContactsPage).contacts[0],
      20_000,
      'the contact',
    );

    // A first save warms the path up (a cold one is several times slower), then goes away.
    const warmUpStarted = Date.now();
    const warmUp = (await call('POST', '/api/schedules', {
      body: 'Warm-up only',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    })) as { body: ScheduleRecord };
    const oneSaveMs = Date.now() - warmUpStarted;
    expect((await call('DELETE', `/api/schedules/${warmUp.body.id}`)).status).toBe(204);

    // All due 3 s from now, or later on a machine so slow that saving 20 takes that long (the kill
    // must come before they are due); the server dies right after the last is saved.
    const leadMs = Math.max(3_000, 20 * oneSaveMs * 2);
    const dueAt = new Date(Date.now() + leadMs).toISOString();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/schedules', { body: `Scheduled ${i}`, contactId: contact.id, sendAt: dueAt }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    await endProcess(first, 'SIGKILL');
    const killedAt = Date.now();
    expect(killedAt).toBeLessThan(new Date(dueAt).getTime());

    const second = await startMain(port);
    try {
      const outbox = await waitUntil(
        async () => {
          const entries = (await call('GET', `/api/sandbox/${connection.id}/outbox?to=${number}`))
            .body as SandboxOutboxEntry[];
          return entries.length >= 20 ? entries : null;
        },
        90_000,
        '20 deliveries',
      );
      const page = await waitUntil(
        async () => {
          const found = (await call('GET', `/api/schedules?contactId=${contact.id}`)).body as SchedulesPage;
          return found.schedules.every((schedule) => schedule.status === 'sent') ? found : null;
        },
        30_000,
        'every schedule sent',
      );
      expect(page.count).toBe(20);
      // Exactly once: 20 entries, one per schedule, each schedule with its own message.
      expect(outbox).toHaveLength(20);
      expect(new Set(outbox.map((entry) => entry.body)).size).toBe(20);
      expect(new Set(page.schedules.map((schedule: ScheduleRecord) => schedule.messageId)).size).toBe(20);
      // Never early: stored (and so sent) at or after the time asked for.
      for (const entry of outbox)
        expect(new Date(entry.time).getTime()).toBeGreaterThanOrEqual(new Date(dueAt).getTime());
      for (const schedule of page.schedules) {
        expect(new Date(schedule.sentAt!).getTime()).toBeGreaterThanOrEqual(new Date(dueAt).getTime());
      }
    } finally {
      await endProcess(second, 'SIGKILL');
    }
  });
});
