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
import { sendJson, startHttpFake } from '../integrations/fakes/http-fake.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FOUR_MINUTES = paced(240_000);

/**
 * The real entry point on an embedded database: two customers reach a flow's OpenAI node. The
 * first one's turn (`flows.botTurn`) is running, held by a provider that does not answer; the
 * second one's is queued behind it and has not run. The server is killed (SIGKILL) and started
 * again: each customer gets the model's answer exactly once (the queued turn runs at once, the
 * killed one when pg-boss expires and retries it).
 */
const dataDir = await migratedDataDir('wacrm-flow-bot-restart-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const completion = (text: string) => ({
  id: `chatcmpl-${Date.now()}`,
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model: 'gpt-4o-mini',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

describe("a flow's bot turn across a hard kill", () => {
  it('runs the queued and the interrupted turn once each after the restart', { timeout: FOUR_MINUTES }, async () => {
    // Until the kill, the provider takes the call and never answers (the turn stays in flight).
    let answering = false;
    const provider = await startHttpFake((_request, response) => {
      if (!answering) return;
      sendJson(response, 200, completion('Temos pão de queijo quentinho!'));
    });
    const calls = () => provider.requests.filter((request) => request.path === '/v1/chat/completions').length;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      SANDBOX_ENABLED: 'true',
      INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
      OPENAI_BASE_URL: `${provider.url}/v1`,
      // Longer than the hold before the kill (a timeout would hand the first customer over);
      // a turn expires 3 × the bot timeout + the grace after it started: 27 s here, and
      // maintenance looks for expired jobs every 2 s (production: 30 s and 30 s).
      BOT_TIMEOUT_SECONDS: '8',
      JOBS_EXPIRY_GRACE_SECONDS: '3',
      JOBS_MAINTENANCE_SECONDS: '2',
    };
    const first = await startMainProcess(port, dataDir, env);
    children.push(first);
    const call = await adminCaller(base);
    const connection = await pairedSandbox(call);

    const flow = (await call('POST', '/api/flowbuilder', { name: 'Padaria IA' })).body as { id: number };
    const node = (id: string, type: string, data: object) => ({ id, type, position: { x: 0, y: 0 }, data });
    const saved = await call('POST', '/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [
        node('1', 'start', {}),
        node('ai', 'openai', {
          typebotIntegration: { name: 'Padaria', apiKey: 'sk-restart-test-1234', prompt: 'You sell bread.' },
        }),
      ],
      connections: [{ id: 'e1', source: '1', target: 'ai' }],
    });
    expect(saved.status).toBe(200);
    await call('POST', '/api/flowcampaign', { name: 'ia', flowId: flow.id, whatsappId: connection.id, phrase: 'ia' });

    const outbox = async (number: string) =>
      ((await call('GET', `/api/sandbox/${connection.id}/outbox?to=${number}`)).body as SandboxOutboxEntry[]).map(
        (entry) => entry.body,
      );
    const running = '5511987650101';
    const queued = '5511987650102';
    // The customer spoke last: reaching the node queues a turn that asks the model at once.
    await call('POST', `/api/sandbox/${connection.id}/inbound`, { from: running, body: 'ia' });
    await waitUntil(async () => calls() >= 1, 20_000, 'the first turn in flight');
    // One turn at a time per worker: the second waits behind the held one.
    await call('POST', `/api/sandbox/${connection.id}/inbound`, { from: queued, body: 'ia' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(calls()).toBe(1);
    await endProcess(first, 'SIGKILL');
    answering = true;

    const second = await startMainProcess(port, dataDir, env);
    children.push(second);
    try {
      const startedAt = Date.now();
      await waitUntil(async () => (await outbox(queued)).length >= 1, 20_000, 'the queued turn');
      const queuedAfter = Date.now() - startedAt;
      // pg-boss expires the killed turn (27 s) at its next maintenance (every 2 s) and retries it.
      await waitUntil(async () => (await outbox(running)).length >= 1, 150_000, 'the interrupted turn');
      const runningAfter = Date.now() - startedAt;
      console.info(`queued turn answered ${queuedAfter} ms, interrupted turn ${runningAfter} ms after the restart`);
      // Nothing more comes: each turn ran once.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await outbox(queued)).toEqual(['Temos pão de queijo quentinho!']);
      expect(await outbox(running)).toEqual(['Temos pão de queijo quentinho!']);
      // The held call before the kill, then one call per turn.
      expect(calls()).toBe(3);
    } finally {
      await endProcess(second, 'SIGKILL');
      await provider.close();
    }
  });
});
