import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { WebhookCreated, WebhookEnvelope } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { paced } from '../../../test/machine-pace.ts';
import { adminCaller, endProcess, freePort, migratedDataDir, startMainProcess } from '../../../test/real-process.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { verifyWebhook } from './webhook-signature.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FIVE_MINUTES = paced(300_000);

/**
 * The real entry point on an embedded database, SIGKILLed (no shutdown at all) right after it
 * answered 20 writes: every event of an answered write reaches the endpoint after the next start,
 * signed with the endpoint's secret (at least once: a receiver deduplicates by the event id).
 */
const dataDir = await migratedDataDir('wacrm-webhooks-kill-');
const children: ChildProcess[] = [];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await receiver.close();
});

async function startMain(port: number) {
  const child = await startMainProcess(port, dataDir, { INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
  children.push(child);
  return child;
}

describe('webhooks across a hard kill', () => {
  it('delivers the events of every write answered before the kill', { timeout: FIVE_MINUTES }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startMain(port);
    const call = await adminCaller(base);
    const created = await call('POST', '/api/webhooks', {
      url: receiver.url('/kill'),
      events: ['contact.created'],
    });
    expect(created.status).toBe(201);
    const { secret } = created.body as WebhookCreated;
    const names = Array.from({ length: 20 }, (_, i) => `Killed ${i}`);
    const answers = await Promise.all(
      names.map((name, i) =>
        call('POST', '/api/contacts', { name, number: `55119876500${String(i).padStart(2, '0')}` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    await endProcess(first, 'SIGKILL');

    const second = await startMain(port);
    try {
      const nameOf = (body: string) => ((JSON.parse(body) as WebhookEnvelope).data.contact as { name: string }).name;
      const seen = await waitUntil(
        () => {
          const got = new Set(receiver.at('/kill').map((entry) => nameOf(entry.body)));
          return got.size >= 20 ? receiver.at('/kill') : null;
        },
        // An attempt the kill interrupted is retried by the sweep, 30 s after its start.
        120_000,
        '20 contact.created deliveries',
      );
      const received = new Set(seen.map((entry) => nameOf(entry.body)));
      expect([...received].sort()).toEqual([...names].sort());
      for (const entry of seen) {
        expect(
          verifyWebhook(
            secret,
            String(entry.headers['x-webhook-timestamp']),
            entry.body,
            String(entry.headers['x-webhook-signature']),
          ),
        ).toBe(true);
      }
      // One event id per contact, however many times it was delivered.
      expect(new Set(seen.map((entry) => entry.headers['x-webhook-id'])).size).toBe(20);
    } finally {
      await endProcess(second, 'SIGKILL');
    }
  });
});
