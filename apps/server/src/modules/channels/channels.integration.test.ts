import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectionRecord, MessageRecord, SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { joinRoom } from '../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { contacts, messages, settings, tickets } from '../../tables.ts';
import { createIntakeRepository } from '../messages/intake/intake.repository.ts';
import { createIntake } from '../messages/intake/intake.service.ts';
import { createMessagesRealtime } from '../messages/messages.realtime.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function companyWithAdmin() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  return { company, admin, token };
}

async function socketIn(token: string, join: (socket: ReturnType<TestServer['connectSocket']>) => unknown) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  await join(socket);
  return socket;
}

const ticketsOf = (companyId: number) => t.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const messagesOf = (companyId: number) => t.db.select().from(messages).where(eq(messages.companyId, companyId));

describe('sandbox pairing', () => {
  it('shows a QR, pairs when scanned and tells the company live', async () => {
    const { company, token } = await companyWithAdmin();
    const socket = await socketIn(token, () => undefined);
    const sessions: { status: string; qrcode: string }[] = [];
    socket.on(`company-${company.id}-whatsappSession`, (event: { session: ConnectionRecord }) =>
      sessions.push(event.session),
    );
    const { body } = await t.as(token).post('/api/whatsapp', { name: 'Phone', provider: 'sandbox' });
    await waitUntil(async () => sessions.find((session) => session.status === 'qrcode'), undefined, 'qr event');
    expect(sessions.find((session) => session.status === 'qrcode')?.qrcode).toMatch(/^sandbox:/);
    expect((await t.as(token).post(`/api/sandbox/${body.id}/scan`)).status).toBe(200);
    await waitUntil(
      async () => sessions.find((session) => session.status === 'CONNECTED'),
      undefined,
      'connected event',
    );
    // The QR modal closes on an update with an empty QR.
    expect(sessions.at(-1)).toMatchObject({ status: 'CONNECTED', qrcode: '' });
    expect((await connectionStatus(t, token, body.id)).number).toMatch(/^55\d{11}$/);
  });

  it('a phone logout disconnects; start shows a new QR; new QR forgets the pairing', async () => {
    const { token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    await t.as(token).post(`/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await connectionStatus(t, token, connection.id)).status === 'DISCONNECTED');
    await t.as(token).post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(async () => (await connectionStatus(t, token, connection.id)).status === 'qrcode');
    await t.as(token).post(`/api/sandbox/${connection.id}/scan`);
    await waitUntil(async () => (await connectionStatus(t, token, connection.id)).status === 'CONNECTED');
    // Disconnect from the app logs the phone out.
    await t.as(token).delete(`/api/whatsappsession/${connection.id}`);
    expect((await connectionStatus(t, token, connection.id)).status).toBe('DISCONNECTED');
    const inbound = await t
      .as(token)
      .post(`/api/sandbox/${connection.id}/inbound`, { from: '5511999990000', body: 'hi' });
    expect(inbound.status).toBe(409);
  });
});

describe('intake through the sandbox', () => {
  it('stores a text message with its contact and a pending ticket, and emits the events', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const socket = await socketIn(token, (s) => joinRoom(s, 'joinNotification'));
    const contactEvent = nextEvent<{ action: string; contact: { name: string } }>(
      socket,
      `company-${company.id}-contact`,
    );
    const ticketEvent = nextEvent<{ action: string; ticket: { unreadMessages: number } }>(
      socket,
      `company-${company.id}-ticket`,
    );
    const messageEvent = nextEvent<{ action: string; message: MessageRecord; ticket: { id: number } }>(
      socket,
      `company-${company.id}-appMessage`,
    );

    const answer = await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, {
      from: '+55 11 98888-0001',
      name: 'Maria',
      body: 'Hello, I need help',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toEqual(expect.any(String));

    expect(await contactEvent).toMatchObject({ action: 'create', contact: { name: 'Maria' } });
    expect((await ticketEvent).ticket).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Hello, I need help',
    });
    const created = await messageEvent;
    expect(created.action).toBe('create');
    expect(created.message).toMatchObject({ body: 'Hello, I need help', fromMe: false, ack: 0 });

    const [contact] = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(contact).toMatchObject({ number: '5511988880001', name: 'Maria', whatsappId: connection.id });

    const page = await t.as(token).get(`/api/messages/${created.ticket.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect(page.body.messages[0].body).toBe('Hello, I need help');
  });

  it('stores image and document media under /public and serves them', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    for (const media of [
      { filename: 'photo.png', mimetype: 'image/png', base64: png.toString('base64') },
      { filename: 'invoice.pdf', mimetype: 'application/pdf', base64: pdf.toString('base64') },
    ]) {
      const answer = await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511977770002', media });
      expect(answer.status).toBe(200);
    }
    const stored = await messagesOf(company.id);
    expect(stored.map((row) => row.mediaType).sort()).toEqual(['application', 'image']);
    for (const row of stored) {
      expect(row.mediaPath).toMatch(new RegExp(`^company-${company.id}/[0-9a-f-]{36}\\.(png|pdf)$`));
      // Served only through the signed link the API hands out; the bare path is refused.
      expect((await t.app.inject({ method: 'GET', url: `/public/${row.mediaPath}` })).statusCode).toBe(404);
      const served = await t.app.inject({ method: 'GET', url: t.platform.storage.urlOf(row.mediaPath!) });
      expect(served.statusCode).toBe(200);
      const original = row.mediaType === 'image' ? png : pdf;
      expect(Buffer.compare(served.rawPayload, original)).toBe(0);
      expect(await readFile(path.join(t.config.publicDir, row.mediaPath!))).toEqual(original);
    }
    const [ticket] = await ticketsOf(company.id);
    expect(ticket.lastMessage).toBe('invoice.pdf');
    expect(ticket.unreadMessages).toBe(2);
  });

  it('stores a message delivered twice once', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const message = { from: '5511966660003', body: 'once', id: 'WAMSG-DUP-1' };
    const [a, b] = await Promise.all([
      t.as(token).post(`/api/sandbox/${connection.id}/inbound`, message),
      t.as(token).post(`/api/sandbox/${connection.id}/inbound`, message),
    ]);
    expect([a.body.id, b.body.id]).toEqual(['WAMSG-DUP-1', 'WAMSG-DUP-1']);
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, message);
    expect(await messagesOf(company.id)).toHaveLength(1);
    expect((await ticketsOf(company.id))[0].unreadMessages).toBe(1);
  });

  it('50 messages at once from a new number make one contact, one ticket and 50 messages', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        t.as(token).post(`/api/sandbox/${connection.id}/inbound`, {
          from: '5511955550004',
          name: 'Burst',
          body: `message ${index}`,
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, company.id))).toHaveLength(1);
    const companyTickets = await ticketsOf(company.id);
    expect(companyTickets).toHaveLength(1);
    expect(companyTickets[0].unreadMessages).toBe(50);
    expect(await messagesOf(company.id)).toHaveLength(50);
  });

  it('opens a new pending ticket after the last one was closed, and keeps the earlier messages reachable', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const first = await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511944440005',
      body: 'first visit',
    });
    expect(first.status).toBe(200);
    await t.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.companyId, company.id));
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511944440005', body: 'second visit' });
    const all = await ticketsOf(company.id);
    expect(all.map((ticket) => ticket.status).sort()).toEqual(['closed', 'pending']);
    const bodiesOf = async (ticketId: number) =>
      (await t.as(token).get(`/api/messages/${ticketId}`)).body.messages.map((message: MessageRecord) => message.body);
    const closed = all.find((ticket) => ticket.status === 'closed')!;
    const pending = all.find((ticket) => ticket.status === 'pending')!;
    expect(await bodiesOf(pending.id)).toContain('second visit');
    expect(await bodiesOf(closed.id)).toContain('first visit');
  });

  it('records what the phone sent itself as fromMe, and quoted replies', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511933330006', body: 'Q?', id: 'Q1' });
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, {
      from: '5511933330006',
      body: 'Answer from the phone',
      fromMe: true,
      quotedId: 'Q1',
    });
    const rows = await messagesOf(company.id);
    const mine = rows.find((row) => row.fromMe)!;
    expect(mine.quotedMsgId).toBe(rows.find((row) => row.externalId === 'Q1')!.id);
    expect((await ticketsOf(company.id))[0].unreadMessages).toBe(1);
  });

  it('ignores groups while CheckMsgIsGroup is enabled, and makes group tickets when disabled', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    const groupMessage = {
      from: '5511922220007',
      name: 'Ana',
      groupId: '120363000000@g.us',
      groupName: 'Team',
      body: 'hi all',
    };
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, groupMessage);
    expect(await messagesOf(company.id)).toHaveLength(0);
    await t.db
      .update(settings)
      .set({ value: 'disabled' })
      .where(and(eq(settings.companyId, company.id), eq(settings.key, 'CheckMsgIsGroup')));
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, groupMessage);
    const [ticket] = await ticketsOf(company.id);
    expect(ticket.isGroup).toBe(true);
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact).toMatchObject({ isGroup: true, name: 'Team', number: '120363000000@g.us' });
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ participant: '5511922220007', participantName: 'Ana' });
  });
});

describe('provider edits and deletes', () => {
  it('marks the message edited or deleted and emits appMessage update', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511900002222', body: 'typo', id: 'E1' });
    const [ticket] = await ticketsOf(company.id);
    const { platform } = t.server;
    // The same intake the session manager feeds, as a provider would call it.
    const intake = createIntake({
      db: platform.db,
      repository: createIntakeRepository(platform.db),
      records: createMessagesRepository(platform.db, platform.storage),
      realtime: createMessagesRealtime(platform.realtime),
      storage: platform.storage,
      log: platform.log,
      clock: platform.clock,
      companyLocale: async () => ({ language: 'pt' as const }),
    });
    const ref = { id: connection.id, companyId: company.id, name: connection.name, provider: 'sandbox' };
    const socket = await socketIn(token, (s) => joinRoom(s, 'joinChatBox', ticket.id));
    const edited = nextMatching<{ message: MessageRecord }>(
      socket,
      `company-${company.id}-appMessage`,
      (event) => event.message.isEdited,
    );
    await intake.onMessageUpdate(ref, { kind: 'edit', externalId: 'E1', body: 'fixed' });
    expect((await edited).message).toMatchObject({ body: 'fixed', isEdited: true });
    await intake.onMessageUpdate(ref, { kind: 'delete', externalId: 'E1' });
    const [row] = await messagesOf(company.id);
    expect(row).toMatchObject({ body: 'fixed', isEdited: true, isDeleted: true });
    // Another company's connection id never touches this message.
    await intake.onMessageUpdate(
      { ...ref, companyId: company.id + 1000 },
      { kind: 'edit', externalId: 'E1', body: 'x' },
    );
    expect((await messagesOf(company.id))[0].body).toBe('fixed');
  });
});

describe('sending through the sandbox', () => {
  async function conversation() {
    const context = await companyWithAdmin();
    const connection = await pairedSandbox(t, context.token);
    await t.as(context.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511911110008', body: 'hi' });
    const [ticket] = await ticketsOf(context.company.id);
    // spec: an attendant answers after accepting the ticket.
    expect((await t.as(context.token).put(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    return { ...context, connection, ticket };
  }

  it('stores, sends to the outbox, and a read ack turns the message read with an update event', async () => {
    const { company, admin, token, connection, ticket } = await conversation();
    const socket = await socketIn(token, (s) => joinRoom(s, 'joinChatBox', ticket.id));
    const sent = await t.as(token).post(`/api/messages/${ticket.id}`, { body: 'How can I help?', signMessage: true });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ fromMe: true, ack: 1, body: `*${admin.name}:*\nHow can I help?` });

    const outbox = (await t.as(token).get(`/api/sandbox/${connection.id}/outbox?to=5511911110008`))
      .body as SandboxOutboxEntry[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: '5511911110008', body: `*${admin.name}:*\nHow can I help?`, ack: 1 });

    const update = nextMatching<{ action: string; message: MessageRecord }>(
      socket,
      `company-${company.id}-appMessage`,
      (event) => event.action === 'update' && event.message.ack === 3,
    );
    expect((await t.as(token).post(`/api/sandbox/${connection.id}/ack`, { id: outbox[0].id, ack: 3 })).status).toBe(
      200,
    );
    expect(await update).toMatchObject({ action: 'update', message: { id: sent.body.id, ack: 3 } });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.body.id));
    expect(row.ack).toBe(3);
  });

  it('refuses empty bodies and sends media by multipart', async () => {
    const { token, connection, ticket } = await conversation();
    const empty = await t.as(token).post(`/api/messages/${ticket.id}`, { body: '   ' });
    expect(empty.status).toBe(400);
    const form = new FormData();
    form.append('body', 'the file');
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 hello')], { type: 'application/pdf' }), 'doc.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${ticket.id}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mediaType: 'application', mediaName: 'doc.pdf', body: 'the file' });
    const outbox = (await t.as(token).get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox.at(-1)?.media).toMatchObject({ filename: 'doc.pdf', mimetype: 'application/pdf' });
  });

  it('delivers a message sent while disconnected once the phone is paired again', async () => {
    const { token, connection, ticket } = await conversation();
    await t.as(token).post(`/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await connectionStatus(t, token, connection.id)).status === 'DISCONNECTED');
    const sent = await t.as(token).post(`/api/messages/${ticket.id}`, { body: 'are you there?' });
    expect(sent.status).toBe(201);
    expect(sent.body.ack).toBe(0);
    expect((await t.as(token).get(`/api/sandbox/${connection.id}/outbox`)).body).toHaveLength(0);

    await t.as(token).post(`/api/whatsappsession/${connection.id}`);
    await waitUntil(async () => (await connectionStatus(t, token, connection.id)).status === 'qrcode');
    await t.as(token).post(`/api/sandbox/${connection.id}/scan`);
    const outbox = await waitUntil(async () => {
      const entries = (await t.as(token).get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
      return entries.length > 0 ? entries : null;
    });
    expect(outbox.map((entry) => entry.body)).toEqual(['are you there?']);
    // The sandbox records the send before the job stores the ack, so wait for the row.
    const row = await waitUntil(async () => {
      const [stored] = await t.db.select().from(messages).where(eq(messages.id, sent.body.id));
      return stored.ack === 1 ? stored : null;
    });
    expect(row.externalId).toBe(outbox[0].id);
  });

  it('deletes only own messages, for everyone', async () => {
    const { company, token, connection, ticket } = await conversation();
    const [customerMessage] = await messagesOf(company.id);
    expect((await t.as(token).delete(`/api/messages/${customerMessage.id}`)).body.error).toBe(
      'ERR_MESSAGE_NOT_FROM_ME',
    );
    const sent = await t.as(token).post(`/api/messages/${ticket.id}`, { body: 'oops' });
    const deleted = await t.as(token).delete(`/api/messages/${sent.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.isDeleted).toBe(true);
    const outbox = (await t.as(token).get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox.find((entry) => entry.body === 'oops')?.deleted).toBe(true);
  });
});

describe('tenancy', () => {
  it("company 2 cannot start, read, scan, inject into or delete company 1's connection, nor hear its events", async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    const intruderSocket = await socketIn(two.token, (s) =>
      Promise.all([
        joinRoom(s, 'joinNotification'),
        joinRoom(s, 'joinTickets', 'pending'),
        joinRoom(s, 'joinChatBox', 1),
      ]),
    );
    const heard: string[] = [];
    intruderSocket.onAny((event: string) => heard.push(event));

    const connection = await pairedSandbox(t, one.token);
    await t.as(one.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511900000009', body: 'secret' });
    const [ticket] = await ticketsOf(one.company.id);
    const intruder = t.as(two.token);
    const base = `/api/sandbox/${connection.id}`;
    const attempts = [
      await intruder.post(`/api/whatsappsession/${connection.id}`),
      await intruder.get(`/api/whatsapp/${connection.id}`),
      await intruder.post(`${base}/scan`),
      await intruder.post(`${base}/inbound`, { from: '5511900000010', body: 'injected' }),
      await intruder.get(`${base}/outbox`),
      await intruder.post(`${base}/ack`, { id: 'x', ack: 3 }),
      await intruder.post(`${base}/disconnect`),
      await intruder.delete(`/api/whatsapp/${connection.id}`),
      await intruder.get(`/api/messages/${ticket.id}`),
      await intruder.post(`/api/messages/${ticket.id}`, { body: 'hello' }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual(Array(attempts.length).fill(404));
    expect(await messagesOf(one.company.id)).toHaveLength(1);
    expect((await connectionStatus(t, one.token, connection.id)).status).toBe('CONNECTED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.filter((event) => event.startsWith(`company-${one.company.id}-`))).toEqual([]);
  });

  it('a user without the queue cannot join the ticket room or read it; an admin can', async () => {
    const { company, token } = await companyWithAdmin();
    const connection = await pairedSandbox(t, token);
    await t.as(token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511900000011', body: 'hi' });
    const [ticket] = await ticketsOf(company.id);
    const { queues } = await import('../../tables.ts');
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId: company.id, name: 'Billing', color: '#123456' })
      .returning();
    await t.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticket.id));
    const user = await buildUser(t.db, { companyId: company.id });
    const userToken = (await t.login(user.email, TEST_PASSWORD)).token;
    expect((await t.as(userToken).get(`/api/messages/${ticket.id}`)).status).toBe(404);
    const userSocket = await socketIn(userToken, (s) => joinRoom(s, 'joinChatBox', ticket.id));
    const heard: string[] = [];
    userSocket.onAny((event: string) => heard.push(event));
    await t.as(token).put(`/api/tickets/${ticket.id}`, { status: 'open' });
    expect((await t.as(token).post(`/api/messages/${ticket.id}`, { body: 'to the customer' })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).not.toContain(`company-${company.id}-appMessage`);
  });
});
