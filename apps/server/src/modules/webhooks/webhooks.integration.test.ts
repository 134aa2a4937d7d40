import type { WebhookCreated, WebhookDelivery, WebhookEnvelope } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { verifyWebhook } from './webhook-signature.ts';

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestServer(
    { INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' },
    { webhooks: { retry: { maxAttempts: 4, baseDelaySeconds: 1, maxDelaySeconds: 1 } } },
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

let pathCounter = 0;
async function companyWithAdmin(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const plan = await buildPlan(t.db, planOverrides);
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  return { company, token, api: t.as(token), path: `/hook-${company.id}-${++pathCounter}` };
}

type Ctx = Awaited<ReturnType<typeof companyWithAdmin>>;

async function endpointFor(
  ctx: Ctx,
  events: string[] = [
    'message.created',
    'message.ack',
    'ticket.created',
    'ticket.updated',
    'contact.created',
    'contact.updated',
  ],
) {
  const created = await ctx.api.post('/api/webhooks', { url: receiver.url(ctx.path), events });
  expect(created.status).toBe(201);
  return created.body as WebhookCreated;
}

const envelopes = (path: string) => receiver.at(path).map((entry) => JSON.parse(entry.body) as WebhookEnvelope);

describe('webhook endpoints', () => {
  it('creates, lists, changes and deletes endpoints; the secret is shown once', async () => {
    const ctx = await companyWithAdmin();
    const created = await endpointFor(ctx, ['message.created']);
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const list = await ctx.api.get('/api/webhooks');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].secret).toBeUndefined();
    expect((await ctx.api.get(`/api/webhooks/${created.id}`)).body.secret).toBeUndefined();
    const changed = await ctx.api.put(`/api/webhooks/${created.id}`, { active: false, events: ['ticket.created'] });
    expect(changed.body).toMatchObject({ active: false, events: ['ticket.created'] });
    const bad = await ctx.api.post('/api/webhooks', { url: 'ftp://example.com/x', events: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['events', 'url']);
    expect((await ctx.api.delete(`/api/webhooks/${created.id}`)).status).toBe(200);
    expect((await ctx.api.get(`/api/webhooks/${created.id}`)).status).toBe(404);
  });

  it('is for admins, on plans with useExternalApi, and another company’s ids answer 404', async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    const endpoint = await endpointFor(one);
    const user = await buildUser(t.db, { companyId: one.company.id, profile: 'user' });
    const asUser = t.as((await t.login(user.email, TEST_PASSWORD)).token);
    expect((await asUser.get('/api/webhooks')).status).toBe(403);
    expect((await asUser.post('/api/webhooks', { url: 'nope' })).status).toBe(403);
    for (const answer of [
      await two.api.get(`/api/webhooks/${endpoint.id}`),
      await two.api.put(`/api/webhooks/${endpoint.id}`, { active: false }),
      await two.api.delete(`/api/webhooks/${endpoint.id}`),
      await two.api.get(`/api/webhooks/${endpoint.id}/deliveries`),
      await two.api.post(`/api/webhooks/${endpoint.id}/deliveries/1/retry`),
    ]) {
      expect(answer.status).toBe(404);
    }
    const noPlan = await companyWithAdmin({ useExternalApi: false });
    const refused = await noPlan.api.post('/api/webhooks', { url: 'bad' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });

  it('refuses loopback and private URLs unless the operator allows them', async () => {
    const strict = await startTestServer();
    try {
      const company = await buildCompany(strict.db);
      const admin = await buildUser(strict.db, { companyId: company.id, profile: 'admin' });
      const api = strict.as((await strict.login(admin.email, TEST_PASSWORD)).token);
      for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.1/x', 'http://localhost/x']) {
        const answer = await api.post('/api/webhooks', { url, events: ['message.created'] });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe('ERR_URL_NOT_ALLOWED');
      }
    } finally {
      await strict.close();
    }
  });
});

describe('webhook deliveries', () => {
  it('delivers signed events of messages, acks, tickets and contacts; only to the company’s own endpoints', async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    const endpointOne = await endpointFor(one);
    await endpointFor(two);
    const connection = await pairedSandbox(t, one.token);
    await one.api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511988880001', body: 'Hi there' });
    await waitUntil(() => envelopes(one.path).some((event) => event.type === 'message.created'));
    const ticketEvent = await waitUntil(() => envelopes(one.path).find((event) => event.type === 'ticket.created'));
    await waitUntil(() => envelopes(one.path).some((event) => event.type === 'contact.created'));
    // Accepting the ticket changes its status and assignee: ticket.updated; the reply gets an ack.
    const ticketId = (ticketEvent.data.ticket as { id: number }).id;
    expect((await one.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    await waitUntil(() => envelopes(one.path).some((event) => event.type === 'ticket.updated'));
    expect((await one.api.post(`/api/messages/${ticketId}`, { body: 'Hello!' })).status).toBe(201);
    await waitUntil(() =>
      envelopes(one.path).some(
        (event) => event.type === 'message.ack' && (event.data.message as { body: string }).body === 'Hello!',
      ),
    );
    for (const entry of receiver.at(one.path)) {
      const envelope = JSON.parse(entry.body) as WebhookEnvelope;
      expect(entry.headers['x-webhook-id']).toBe(envelope.id);
      expect(envelope.companyId).toBe(one.company.id);
      const valid = verifyWebhook(
        endpointOne.secret,
        String(entry.headers['x-webhook-timestamp']),
        entry.body,
        String(entry.headers['x-webhook-signature']),
      );
      expect(valid).toBe(true);
      expect(
        verifyWebhook(
          'whsec_other',
          String(entry.headers['x-webhook-timestamp']),
          entry.body,
          String(entry.headers['x-webhook-signature']),
        ),
      ).toBe(false);
    }
    // Company 2's endpoint never got company 1's events.
    expect(receiver.at(two.path)).toHaveLength(0);
  });

  it('retries a failing receiver until it answers 200; the event id stays the same, so the receiver deduplicates', async () => {
    const ctx = await companyWithAdmin();
    const endpoint = await endpointFor(ctx, ['contact.created']);
    receiver.answerWith((path, count) => (path === ctx.path && count <= 2 ? 500 : 200));
    try {
      expect((await ctx.api.post('/api/contacts', { name: 'Ana', number: '5511977770001' })).status).toBe(200);
      const log = await waitUntil(async () => {
        const page = (await ctx.api.get(`/api/webhooks/${endpoint.id}/deliveries`)).body as {
          deliveries: WebhookDelivery[];
        };
        return page.deliveries[0]?.status === 'succeeded' ? page.deliveries : null;
      });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ attempts: 3, responseStatus: 200, eventType: 'contact.created' });
      const seen = receiver.at(ctx.path);
      expect(seen).toHaveLength(3);
      const processed = new Set(seen.map((entry) => entry.headers['x-webhook-id']));
      expect(processed.size).toBe(1);
      expect(new Set(seen.map((entry) => entry.body)).size).toBe(1);
    } finally {
      receiver.answerWith(() => 200);
    }
  });

  it('marks a delivery failed after its attempts, and "send again" delivers it', async () => {
    const ctx = await companyWithAdmin();
    const endpoint = await endpointFor(ctx, ['contact.created']);
    let down = true;
    receiver.answerWith((path) => (path === ctx.path && down ? 500 : 200));
    try {
      await ctx.api.post('/api/contacts', { name: 'Bia', number: '5511977770002' });
      const failed = await waitUntil(async () => {
        const page = (await ctx.api.get(`/api/webhooks/${endpoint.id}/deliveries`)).body as {
          deliveries: WebhookDelivery[];
        };
        return page.deliveries[0]?.status === 'failed' ? page.deliveries[0] : null;
      });
      expect(failed).toMatchObject({ attempts: 4, responseStatus: 500, error: 'HTTP_500' });
      down = false;
      const retried = await ctx.api.post(`/api/webhooks/${endpoint.id}/deliveries/${failed.id}/retry`);
      expect(retried.status).toBe(200);
      await waitUntil(async () => {
        const page = (await ctx.api.get(`/api/webhooks/${endpoint.id}/deliveries`)).body as {
          deliveries: WebhookDelivery[];
        };
        return page.deliveries[0]?.status === 'succeeded';
      });
      expect(receiver.at(ctx.path)).toHaveLength(5);
    } finally {
      receiver.answerWith(() => 200);
    }
  });
});
