import type { ConnectionRecord, SandboxOutboxEntry, WebhookCreated, WebhookEnvelope } from '@wacrm/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { messages } from '../../tables.ts';
import { expireUnsentJob } from '../messages/messages.jobs.ts';
import { verifyWebhook } from '../webhooks/webhook-signature.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const NINETY_SECONDS = paced(90_000);

/**
 * The external API's sends on a connection that is down: the send-retry series is shortened to
 * about 2 seconds, after which a message waits for its connection (the default bound, 3 days),
 * goes out when the connection is back, and is marked failed (and told so) past the bound.
 */
let t: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestServer(
    { INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' },
    { messages: { retry: { maxAttempts: 2, baseDelaySeconds: 1, maxDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function companyWithDownConnection() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const api = t.as(token);
  const apiToken = `tok-${company.id}-${Math.random().toString(36).slice(2)}`;
  const connection = (await pairedSandbox(t, token, { token: apiToken })) as ConnectionRecord;
  const path = `/queued-${company.id}`;
  const hook = await api.post('/api/webhooks', { url: receiver.url(path), events: ['message.ack'] });
  expect(hook.status).toBe(201);
  expect((await api.post(`/api/sandbox/${connection.id}/disconnect`)).status).toBe(200);
  await waitUntil(async () => (await api.get(`/api/whatsapp/${connection.id}`)).body.status === 'DISCONNECTED');
  return { company, api, apiToken, connection, path, secret: (hook.body as WebhookCreated).secret };
}

async function external(apiToken: string, method: 'GET' | 'POST', path: string, body?: object) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** No send-retry job of these messages is waiting or running: the series is over. */
async function retrySeriesOver(ids: number[]) {
  const { rows } = await t.database.executeSql(
    `select count(*)::int as n from pgboss.job
     where name = 'messages.send-retry' and state in ('created', 'retry', 'active')
       and (data->>'messageId')::int = any($1::int[])`,
    [ids],
  );
  return (rows[0] as { n: number }).n === 0;
}

describe('external API sends while the connection is down', () => {
  it('keeps them queued past the retry series and sends them once, in order, when the connection is back', {
    timeout: NINETY_SECONDS,
  }, async () => {
    const ctx = await companyWithDownConnection();
    const number = '5511999991001';
    const ids: number[] = [];
    for (const body of ['first', 'second', 'third']) {
      const sent = await external(ctx.apiToken, 'POST', '/api/messages/send', { number, body });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ status: 'queued', queued: true, ack: 0 });
      ids.push(sent.body.id);
    }
    // The series (2 attempts, 1 s apart) ends; the messages are still queued, not failed.
    await waitUntil(() => retrySeriesOver(ids), 20_000, 'the retry series over');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const id of ids) {
      const polled = await external(ctx.apiToken, 'GET', `/api/messages/send/${id}`);
      expect(polled.body).toMatchObject({ status: 'queued', ack: 0, sendError: null });
    }

    await ctx.api.post(`/api/whatsappsession/${ctx.connection.id}`);
    await waitUntil(async () => (await ctx.api.get(`/api/whatsapp/${ctx.connection.id}`)).body.status === 'qrcode');
    expect((await ctx.api.post(`/api/sandbox/${ctx.connection.id}/scan`)).status).toBe(200);
    await waitUntil(async () => {
      const rows = await t.db.select({ ack: messages.ack }).from(messages).where(inArray(messages.id, ids));
      return rows.every((row) => row.ack >= 1);
    }, 20_000);
    for (const id of ids) {
      const polled = await external(ctx.apiToken, 'GET', `/api/messages/send/${id}`);
      expect(polled.body).toMatchObject({ status: 'sent', ack: 1 });
    }
    // Once each, in the order they were sent (a moment more for any duplicate to show).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const outbox = (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox?to=${number}`))
      .body as SandboxOutboxEntry[];
    expect(outbox.map((entry) => entry.body)).toEqual(['first', 'second', 'third']);
  });

  it('marks a message failed past the bound, which the poll and the message.ack webhook say', {
    timeout: NINETY_SECONDS,
  }, async () => {
    const ctx = await companyWithDownConnection();
    const sent = await external(ctx.apiToken, 'POST', '/api/messages/send', { number: '5511999991002', body: 'late' });
    expect(sent.body).toMatchObject({ status: 'queued' });
    await waitUntil(() => retrySeriesOver([sent.body.id]), 20_000, 'the retry series over');
    // Another company's message, queued more recently: the expiry leaves it alone.
    const other = await companyWithDownConnection();
    const young = await external(other.apiToken, 'POST', '/api/messages/send', { number: '5511999991003', body: 'y' });
    // Written 3 days and a minute ago: past the default bound.
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - (3 * 86_400 + 60) * 1000) })
      .where(eq(messages.id, sent.body.id));
    await t.platform.jobs.runNow(expireUnsentJob);

    const polled = await external(ctx.apiToken, 'GET', `/api/messages/send/${sent.body.id}`);
    expect(polled.body).toMatchObject({ status: 'failed', ack: 0, sendError: 'ERR_WAPP_NOT_INITIALIZED' });
    expect((await external(other.apiToken, 'GET', `/api/messages/send/${young.body.id}`)).body.status).toBe('queued');
    const told = await waitUntil(
      () =>
        receiver
          .at(ctx.path)
          .find((entry) => ((JSON.parse(entry.body) as WebhookEnvelope).data.message as { failed: boolean }).failed),
      20_000,
      'the failure webhook',
    );
    const envelope = JSON.parse(told.body) as WebhookEnvelope;
    expect(envelope).toMatchObject({ type: 'message.ack', companyId: ctx.company.id });
    expect(envelope.data.message).toMatchObject({
      id: sent.body.id,
      failed: true,
      sendError: 'ERR_WAPP_NOT_INITIALIZED',
    });
    expect(
      verifyWebhook(
        ctx.secret,
        String(told.headers['x-webhook-timestamp']),
        told.body,
        String(told.headers['x-webhook-signature']),
      ),
    ).toBe(true);
    // The connection coming back later does not send a failed message.
    await ctx.api.post(`/api/whatsappsession/${ctx.connection.id}`);
    await waitUntil(async () => (await ctx.api.get(`/api/whatsapp/${ctx.connection.id}`)).body.status === 'qrcode');
    await ctx.api.post(`/api/sandbox/${ctx.connection.id}/scan`);
    await waitUntil(async () => (await ctx.api.get(`/api/whatsapp/${ctx.connection.id}`)).body.status === 'CONNECTED');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox`)).body).toEqual([]);
  });
});
