import type { PushSubscriptionRecord, TicketRecord } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { type FakeSubscription, startFakePushService } from '../../../test/fake-push-service.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildServer } from '../../app.ts';
import { pushSubscriptions, queues, tickets, userQueues } from '../../tables.ts';
import { createPushService } from './push.service.ts';

let t: TestServer;
let push: Awaited<ReturnType<typeof startFakePushService>>;

interface Person {
  id: number;
  token: string;
  device: FakeSubscription;
  subscriptionId: number;
}

async function person(companyId: number, fields: { profile?: 'admin' | 'user'; name: string; queueId?: number }) {
  const user = await buildUser(t.db, {
    companyId,
    profile: fields.profile ?? 'user',
    name: fields.name,
    language: 'en',
  });
  if (fields.queueId) await t.db.insert(userQueues).values({ userId: user.id, queueId: fields.queueId });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  const device = push.subscribe();
  const saved = await t.as(token).post('/api/push/subscriptions', { ...device, deviceName: `${fields.name}'s phone` });
  expect(saved.status).toBe(201);
  return { id: user.id, token, device, subscriptionId: (saved.body as PushSubscriptionRecord).id };
}

/** Every push job has run: nothing waits in the queue for a device any more. */
async function pushesSettled() {
  await waitUntil(async () => {
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from pgboss.job where name like 'push.%' and state in ('created', 'retry', 'active')`,
      [],
    );
    return (rows[0] as { n: number }).n === 0;
  });
}

const titles = (person: Person) => person.device.received.map((push) => push.payload.title);

let o: Awaited<ReturnType<typeof office>>;
/** An admin of another company, with a device: nothing of the first company ever reaches it. */
let stranger: Person;

async function office() {
  const company = await buildCompany(t.db);
  const [sales, support] = await t.db
    .insert(queues)
    .values([
      { companyId: company.id, name: 'Sales', color: '#111111' },
      { companyId: company.id, name: 'Support', color: '#222222' },
    ])
    .returning();
  const admin = await person(company.id, { profile: 'admin', name: 'Admin' });
  const ana = await person(company.id, { name: 'Ana', queueId: sales.id });
  const bruno = await person(company.id, { name: 'Bruno', queueId: support.id });
  return { company, sales, support, admin, ana, bruno };
}

beforeAll(async () => {
  push = await startFakePushService();
  t = await startTestServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
  o = await office();
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('push subscriptions', () => {
  it('answers one VAPID key, kept in the database, and lists, finds and removes only the caller’s own devices', async () => {
    const first = await t.as(o.ana.token).get('/api/push/vapid-public-key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.as(o.bruno.token).get('/api/push/vapid-public-key')).body).toEqual(first.body);

    const mine = await t.as(o.ana.token).get('/api/push/subscriptions');
    expect(mine.body).toEqual([expect.objectContaining({ id: o.ana.subscriptionId, deviceName: "Ana's phone" })]);
    expect((await t.as(o.ana.token).get(`/api/push/subscriptions/${o.ana.subscriptionId}`)).status).toBe(200);
    // Another user's device, and another company's, answer 404 as a missing one.
    expect((await t.as(o.bruno.token).get(`/api/push/subscriptions/${o.ana.subscriptionId}`)).status).toBe(404);
    expect((await t.as(o.bruno.token).delete(`/api/push/subscriptions/${o.ana.subscriptionId}`)).status).toBe(404);
    const other = await buildCompany(t.db);
    stranger = await person(other.id, { profile: 'admin', name: 'Stranger' });
    expect((await t.as(stranger.token).get(`/api/push/subscriptions/${o.admin.subscriptionId}`)).status).toBe(404);

    // Subscribing the same browser again updates it instead of adding a device.
    const again = await t
      .as(o.ana.token)
      .post('/api/push/subscriptions', { ...o.ana.device, deviceName: 'Ana, laptop' });
    expect(again.body).toMatchObject({ id: o.ana.subscriptionId, deviceName: 'Ana, laptop' });

    const spare = await person(o.company.id, { name: 'Spare' });
    expect((await t.as(spare.token).delete(`/api/push/subscriptions/${spare.subscriptionId}`)).status).toBe(204);
    expect((await t.as(spare.token).get('/api/push/subscriptions')).body).toEqual([]);
  });

  it('refuses bad subscriptions, and push endpoints on private addresses unless the server allows them', async () => {
    const device = push.subscribe();
    const bad = await t.as(o.ana.token).post('/api/push/subscriptions', {
      ...device,
      keys: { ...device.keys, p256dh: 'AAAAAAAAAAAA' },
      deviceName: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['keys.p256dh']);
    expect((await t.as(o.ana.token).post('/api/push/subscriptions', { ...device, deviceName: '' })).status).toBe(400);
    expect(
      (await t.as(o.ana.token).post('/api/push/subscriptions', { ...device, endpoint: 'ftp://x/y', deviceName: 'x' }))
        .status,
    ).toBe(400);

    // The same service as this server runs it without INTEGRATIONS_ALLOW_PRIVATE_URLS.
    const strict = createPushService({
      repository: {} as never,
      allowPrivateUrls: false,
      vapidPublicKey: async () => '',
      devicesChanged: () => undefined,
    });
    await expect(strict.subscribe({ companyId: 1, userId: 1 }, { ...device, deviceName: 'x' })).rejects.toMatchObject({
      code: 'ERR_URL_NOT_ALLOWED',
    });
  });
});

describe('what is pushed', () => {
  let connectionId: number;
  let ticket: TicketRecord;

  beforeAll(async () => {
    connectionId = (await pairedSandbox(t, o.admin.token)).id;
  });

  it('a new pending ticket reaches who may see it, once, encrypted and signed; a queue and a transfer reach the new ones', async () => {
    const key = (await t.as(o.ana.token).get('/api/push/vapid-public-key')).body.publicKey;
    await t
      .as(o.admin.token)
      .post(`/api/sandbox/${connectionId}/inbound`, { from: '5511988887777', name: 'Maria', body: 'Hello there' });
    await waitUntil(() => o.admin.device.received.length === 1);
    await pushesSettled();
    const [received] = o.admin.device.received;
    expect(received.payload).toMatchObject({ kind: 'ticket', title: 'Maria', body: 'Hello there' });
    expect(received.vapidPublicKey).toBe(key);
    expect(received.claims.aud).toBe(push.origin);
    expect(push.rejected).toEqual([]);
    // Without a queue and without "see tickets without a queue", the attendants hear nothing.
    expect(o.ana.device.received).toEqual([]);
    expect(o.bruno.device.received).toEqual([]);
    [ticket] = (await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.companyId, o.company.id))) as unknown as TicketRecord[];
    expect(received.payload.url).toBe(`/tickets/${ticket.uuid}`);

    // Into Sales: Ana, of Sales, hears of the waiting ticket; Bruno (Support) does not; the admin moved it.
    expect((await t.as(o.admin.token).put(`/api/tickets/${ticket.id}`, { queueId: o.sales.id })).status).toBe(200);
    await waitUntil(() => o.ana.device.received.length === 1);
    await pushesSettled();
    expect(o.ana.device.received[0].payload).toMatchObject({
      title: 'New ticket waiting: Maria',
      ticketUuid: ticket.uuid,
    });
    expect(o.bruno.device.received).toEqual([]);
    expect(o.admin.device.received).toHaveLength(1);

    // Transferred to Bruno: only he is told; his next customer message reaches him alone.
    const moved = await t.as(o.admin.token).put(`/api/tickets/${ticket.id}`, { userId: o.bruno.id, status: 'open' });
    expect(moved.status).toBe(200);
    await waitUntil(() => o.bruno.device.received.length === 1);
    expect(titles(o.bruno)).toEqual(['Ticket transferred to you: Maria']);
    await t
      .as(o.admin.token)
      .post(`/api/sandbox/${connectionId}/inbound`, { from: '5511988887777', body: 'Are you there?' });
    await waitUntil(() => o.bruno.device.received.length === 2);
    await pushesSettled();
    expect(o.bruno.device.received[1].payload).toMatchObject({ title: 'Maria', body: 'Are you there?' });
    expect(o.ana.device.received).toHaveLength(1);
    expect(o.admin.device.received).toHaveLength(1);
  });

  it('hides previews when the company says so', async () => {
    expect((await t.as(o.admin.token).put('/api/settings/pushShowPreview', { value: 'disabled' })).status).toBe(200);
    await t
      .as(o.admin.token)
      .post(`/api/sandbox/${connectionId}/inbound`, { from: '5511988887777', body: 'secret plans' });
    await waitUntil(() => o.bruno.device.received.length === 3);
    expect(o.bruno.device.received[2].payload).toMatchObject({
      title: 'New message',
      body: 'Open the app to read it.',
    });
    expect(JSON.stringify(o.bruno.device.received[2].payload)).not.toMatch(/Maria|secret/);
    await t.as(o.admin.token).put('/api/settings/pushShowPreview', { value: 'enabled' });
  });

  it('an internal chat message reaches the other participants', async () => {
    const chat = await t.as(o.admin.token).post('/api/chats', { title: 'Shift', users: [o.ana.id] });
    expect(chat.status).toBe(201);
    const before = o.admin.device.received.length;
    await t.as(o.admin.token).post(`/api/chats/${chat.body.id}/messages`, { message: 'Cover me at 3?' });
    await waitUntil(() => o.ana.device.received.length === 2);
    await pushesSettled();
    expect(o.ana.device.received[1].payload).toMatchObject({
      kind: 'chat',
      title: 'Internal chat: Shift',
      body: 'Admin: Cover me at 3?',
      url: `/chats/${chat.body.uuid}`,
    });
    expect(o.admin.device.received).toHaveLength(before);
  });

  it('a subscription the push service says is gone (410) is removed', async () => {
    o.bruno.device.answerWith(410);
    await t.as(o.admin.token).post(`/api/sandbox/${connectionId}/inbound`, { from: '5511988887777', body: 'hello?' });
    await waitUntil(async () => {
      const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, o.bruno.subscriptionId));
      return rows.length === 0;
    });
    expect((await t.as(o.bruno.token).get('/api/push/subscriptions')).body).toEqual([]);
    await pushesSettled();
    expect(stranger.device.received).toEqual([]);
    expect(push.rejected).toEqual([]);
  });
});

describe('signing out and several processes', () => {
  it('signing out ends the pushes of that sign-in’s device; the user’s other sessions keep theirs', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', language: 'en' });
    const laptop = await t.login(admin.email, TEST_PASSWORD);
    expect((await t.as(laptop.token).put('/api/settings/multipleSessions', { value: 'enabled' })).status).toBe(200);
    const phone = await t.login(admin.email, TEST_PASSWORD);
    const subscribe = async (token: string, deviceName: string) =>
      (await t.as(token).post('/api/push/subscriptions', { ...push.subscribe(), deviceName }))
        .body as PushSubscriptionRecord;
    await subscribe(laptop.token, 'Laptop');
    const onPhone = await subscribe(phone.token, 'Phone');

    const out = await t.request('DELETE', '/api/auth/logout', { cookie: laptop.cookie });
    expect(out.status).toBe(204);
    expect((await t.as(phone.token).get('/api/push/subscriptions')).body).toEqual([
      expect.objectContaining({ id: onPhone.id, deviceName: 'Phone' }),
    ]);
    // A new sign-in that ends the older one (one session per user, the default) ends its device too.
    await t.as(phone.token).put('/api/settings/multipleSessions', { value: 'disabled' });
    const again = await t.login(admin.email, TEST_PASSWORD);
    expect((await t.as(again.token).get('/api/push/subscriptions')).body).toEqual([]);
  });

  it('with a second server process on the same database, each event is pushed once', async () => {
    const second = await buildServer(t.config, t.database, { logger: false });
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      const company = await buildCompany(t.db);
      const dora = await person(company.id, { profile: 'admin', name: 'Dora' });
      const eli = await person(company.id, { name: 'Eli' });
      // A customer's message in the process that holds the connection, a chat message in the other;
      // both processes work the push jobs.
      const connection = await pairedSandbox(t, dora.token);
      await t
        .as(dora.token)
        .post(`/api/sandbox/${connection.id}/inbound`, { from: '5511977776666', name: 'Rui', body: 'First' });
      const viaSecond = (method: 'POST', url: string, payload: object) =>
        second.app.inject({ method, url, payload, headers: { authorization: `Bearer ${dora.token}` } });
      const chat = (await viaSecond('POST', '/api/chats', { title: 'Night', users: [eli.id] })).json();
      await viaSecond('POST', `/api/chats/${chat.id}/messages`, { message: 'Second' });
      await waitUntil(() => dora.device.received.length >= 1 && eli.device.received.length >= 1);
      await pushesSettled();
      expect(dora.device.received.map((received) => received.payload.body)).toEqual(['First']);
      expect(eli.device.received.map((received) => received.payload.body)).toEqual(['Dora: Second']);
    } finally {
      await second.stop();
    }
  });
});
