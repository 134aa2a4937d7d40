import { randomUUID } from 'node:crypto';
import type { WebhookCreated, WebhookEnvelope } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { buildServer } from '../../app.ts';
import { verifyWebhook } from './webhook-signature.ts';
import { webhookDeliveries } from './webhooks.tables.ts';

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function envelopeFor(companyId: number, data: Record<string, unknown>): WebhookEnvelope {
  return { id: randomUUID(), type: 'contact.created', createdAt: minutesAgo(5).toISOString(), companyId, data };
}

describe('webhook deliveries across a restart', () => {
  it('sends the job of a delivery stored without one (or whose attempt died) at the next start, signed', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const api = t.as((await t.login(admin.email, TEST_PASSWORD)).token);
    const path = `/restart-${company.id}`;
    const created = await api.post('/api/webhooks', { url: receiver.url(path), events: ['contact.created'] });
    expect(created.status).toBe(201);
    const endpoint = created.body as WebhookCreated;
    // Another company's endpoint, with a row of its own: each goes to its own URL only.
    const other = await buildCompany(t.db);
    const otherAdmin = await buildUser(t.db, { companyId: other.id, profile: 'admin' });
    const otherApi = t.as((await t.login(otherAdmin.email, TEST_PASSWORD)).token);
    const otherPath = `/restart-${other.id}`;
    const otherEndpoint = (
      await otherApi.post('/api/webhooks', { url: receiver.url(otherPath), events: ['contact.created'] })
    ).body as WebhookCreated;

    await t.server.stop();
    // What a process killed at the wrong moment leaves: rows stored by the dispatcher whose job was
    // never sent, one whose attempt started and never ended, and a finished one (left alone).
    const row = (companyId: number, endpointId: number, name: string) => {
      const envelope = envelopeFor(companyId, { contact: { name } });
      return {
        companyId,
        endpointId,
        eventId: envelope.id,
        eventType: envelope.type,
        body: JSON.stringify(envelope),
        createdAt: minutesAgo(5),
      };
    };
    const [neverQueued, diedMidAttempt, finished, otherCompany] = await t.db
      .insert(webhookDeliveries)
      .values([
        row(company.id, endpoint.id, 'never queued'),
        { ...row(company.id, endpoint.id, 'died mid-attempt'), attempts: 1, lastAttemptAt: minutesAgo(4) },
        { ...row(company.id, endpoint.id, 'already delivered'), status: 'succeeded', attempts: 1 },
        row(other.id, otherEndpoint.id, 'other company'),
      ])
      .returning();

    const second = await buildServer(t.config, t.database, { logger: false });
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      const seen = await waitUntil(() => (receiver.at(path).length >= 2 ? receiver.at(path) : null), 20_000, 'two');
      await waitUntil(() => receiver.at(otherPath).length >= 1, 20_000, 'the other company’s');
      const names = seen.map((entry) => (JSON.parse(entry.body) as WebhookEnvelope).data.contact as { name: string });
      expect(names.map((contact) => contact.name).sort()).toEqual(['died mid-attempt', 'never queued']);
      for (const entry of seen) {
        const signedBy = (secret: string) =>
          verifyWebhook(
            secret,
            String(entry.headers['x-webhook-timestamp']),
            entry.body,
            String(entry.headers['x-webhook-signature']),
          );
        expect(signedBy(endpoint.secret)).toBe(true);
        expect(signedBy(otherEndpoint.secret)).toBe(false);
        expect((JSON.parse(entry.body) as WebhookEnvelope).companyId).toBe(company.id);
      }
      expect(receiver.at(otherPath).map((entry) => JSON.parse(entry.body).data.contact.name)).toEqual([
        'other company',
      ]);
      const stateOf = async (id: number) => {
        const [found] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
        return found;
      };
      await waitUntil(async () => (await stateOf(diedMidAttempt.id)).status === 'succeeded', 10_000, 'recorded');
      expect(await stateOf(neverQueued.id)).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
      // The attempt that died counts: this was the second.
      expect(await stateOf(diedMidAttempt.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(await stateOf(otherCompany.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
      // Sent once each, the finished one not again (a moment more for any duplicate to show).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(receiver.at(path)).toHaveLength(2);
      expect((await stateOf(finished.id)).attempts).toBe(1);
    } finally {
      await second.stop();
      // t.close() stops the first server again: it is stopped already.
      t.server.stop = async () => undefined;
    }
  });
});
