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
import { sendJson, startHttpFake } from './fakes/http-fake.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FOUR_MINUTES = paced(240_000);

/**
 * A bot's turn is a durable job: the server is killed (SIGKILL) while the integration is failing
 * and the retry waits; started again, the retry runs and the customer gets the answer.
 */
const dataDir = await migratedDataDir('wacrm-bots-restart-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bot turns across a hard kill', () => {
  it('answers the customer after a restart', { timeout: FOUR_MINUTES }, async () => {
    let accepting = false;
    const receiver = await startHttpFake((request, response) =>
      accepting
        ? sendJson(response, 200, { reply: `Recebido: ${JSON.parse(request.text).message.body}` })
        : sendJson(response, 503, { error: 'busy' }),
    );
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      SANDBOX_ENABLED: 'true',
      INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
      BOT_TIMEOUT_SECONDS: '2',
      // A killed run expires 3 × 2 s + 3 s after it started; maintenance looks every 2 s.
      JOBS_EXPIRY_GRACE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '2',
    };
    const first = await startMainProcess(port, dataDir, env);
    children.push(first);
    const call = await adminCaller(base);

    const integration = await call('POST', '/api/queueIntegration', {
      type: 'webhook',
      name: 'Hook',
      urlN8N: receiver.url,
      webhookSecret: 'restart-secret-0123456789',
    });
    expect(integration.status).toBe(201);
    const connection = await pairedSandbox(call, { integrationId: (integration.body as { id: number }).id });

    const number = '5511976540000';
    await call('POST', `/api/sandbox/${connection.id}/inbound`, { from: number, body: 'pedido 7' });
    await waitUntil(async () => receiver.requests.length >= 1, 20_000, 'the first try');
    await endProcess(first, 'SIGKILL');
    accepting = true;

    const second = await startMainProcess(port, dataDir, env);
    children.push(second);
    try {
      const outbox = await waitUntil(
        async () => {
          const entries = (await call('GET', `/api/sandbox/${connection.id}/outbox?to=${number}`))
            .body as SandboxOutboxEntry[];
          return entries.length >= 1 ? entries : null;
        },
        // pg-boss expires the killed run (9 s) at its next maintenance (every 2 s) and retries it.
        120_000,
        'the answer',
      );
      expect(outbox.map((entry) => entry.body)).toEqual(['Recebido: pedido 7']);
    } finally {
      await endProcess(second, 'SIGKILL');
      await receiver.close();
    }
  });
});
