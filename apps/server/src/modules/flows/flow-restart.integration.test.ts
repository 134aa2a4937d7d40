import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { SandboxOutboxEntry } from '@wacrm/shared';
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
const THREE_MINUTES = paced(180_000);

/**
 * The real entry point on an embedded database: a flow waits in a 3 s interval, the server is
 * killed (SIGKILL) right away and started again; the message after the interval arrives once,
 * not before its time.
 */
const dataDir = await migratedDataDir('wacrm-flow-restart-');
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

describe('a flow interval across a hard kill', () => {
  it('continues after the restart and sends the next message exactly once, after the interval', {
    timeout: THREE_MINUTES,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMain(port);
    const call = await adminCaller(base);
    const connection = await pairedSandbox(call);

    const flow = (await call('POST', '/api/flowbuilder', { name: 'Wait' })).body as { id: number };
    const node = (id: string, type: string, data: object) => ({ id, type, position: { x: 0, y: 0 }, data });
    const saved = await call('POST', '/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [
        node('1', 'start', {}),
        node('a', 'message', { label: 'before' }),
        node('w', 'interval', { sec: 3 }),
        node('b', 'message', { label: 'after' }),
      ],
      connections: [
        { id: 'e1', source: '1', target: 'a' },
        { id: 'e2', source: 'a', target: 'w' },
        { id: 'e3', source: 'w', target: 'b' },
      ],
    });
    expect(saved.status).toBe(200);
    await call('POST', '/api/flowcampaign', { name: 'w', flowId: flow.id, whatsappId: connection.id, phrase: 'wait' });

    const number = '5511987650001';
    const outbox = async () =>
      (await call('GET', `/api/sandbox/${connection.id}/outbox?to=${number}`)).body as SandboxOutboxEntry[];
    await call('POST', `/api/sandbox/${connection.id}/inbound`, { from: number, body: 'Wait' });
    const before = await waitUntil(
      async () => (await outbox()).find((entry) => entry.body === 'before'),
      20_000,
      'before',
    );
    await endProcess(first, 'SIGKILL');
    const killedAt = Date.now();
    expect(killedAt).toBeLessThan(new Date(before.time).getTime() + 3_000);

    const second = await startMain(port);
    try {
      const entries = await waitUntil(
        async () => {
          const found = await outbox();
          return found.some((entry) => entry.body === 'after') ? found : null;
        },
        60_000,
        'the message after the interval',
      );
      // The outbox lives in the database: 'before' once, 'after' once, and not before its time.
      expect(entries.map((entry) => entry.body)).toEqual(['before', 'after']);
      const after = entries[1];
      expect(new Date(after.time).getTime() - new Date(before.time).getTime()).toBeGreaterThanOrEqual(3_000);
    } finally {
      await endProcess(second, 'SIGKILL');
    }
  });
});
