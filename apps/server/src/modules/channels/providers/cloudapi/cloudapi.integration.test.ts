import { readFile } from 'node:fs/promises';
import type { ConnectionRecord } from '@wacrm/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStatus, waitUntil } from '../../../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../../../test/cloud-api.ts';
import { type FakeGraphApi, textMessage, webhookBody } from '../../../../../test/fake-graph-api.ts';
import type { TestServer } from '../../../../../test/test-server.ts';
import { contacts, messages, tickets } from '../../../../tables.ts';

let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer();
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { metaNumber, adminOfNewCompany, cloudConnection, postWebhook, storedMessages, openTicketFrom } = cloudApiKit(
  () => t,
  () => graph,
);

describe('Cloud API connections', () => {
  it('names every missing credential of a Cloud API connection', async () => {
    const { api } = await adminOfNewCompany();
    const answer = await api.post('/api/whatsapp', { name: 'Cloud sem dados', provider: 'cloudapi' });
    expect(answer.status).toBe(400);
    expect((answer.body as { fields: Record<string, string> }).fields).toEqual({
      cloudPhoneNumberId: 'Required',
      cloudWabaId: 'Required',
      cloudAccessToken: 'Required',
      cloudAppSecret: 'Required',
    });
  });

  it('checks the credentials at Meta, answers the webhook details and never the secrets', async () => {
    const { token, number, record } = await cloudConnection();
    expect(record.provider).toBe('cloudapi');
    expect(record.cloudWebhookUrl).toMatch(/^https:\/\/crm\.example\.com\/api\/cloudapi\/[0-9a-f]{32}$/);
    expect(record.cloudVerifyToken).toMatch(/^[0-9a-f]{32}$/);
    expect(record.cloudAccessToken).not.toContain(number.accessToken);
    expect(record.cloudAppSecret).not.toContain(number.appSecret);
    const connected = await connectionStatus(t, token, record.id);
    expect(connected.number).toBe(number.displayPhoneNumber.replace(/\D/g, ''));
    expect(connected.statusDetail).toBeNull();
    expect(JSON.stringify(connected)).not.toContain(number.accessToken);
  });

  it("shows Meta's error in words when the token is not valid, and connects once it is replaced", async () => {
    const { token, api } = await adminOfNewCompany();
    const number = metaNumber();
    const created = await api.post('/api/whatsapp', {
      name: 'Cloud token vencido',
      provider: 'cloudapi',
      cloudPhoneNumberId: number.phoneNumberId,
      cloudWabaId: number.wabaId,
      cloudAccessToken: 'EAAG-expired',
      cloudAppSecret: number.appSecret,
    });
    const id = (created.body as ConnectionRecord).id;
    const down = await waitUntil(async () => {
      const connection = await connectionStatus(t, token, id);
      return connection.status === 'DISCONNECTED' ? connection : null;
    });
    expect(down.statusDetail).toContain('Session has expired');

    // The masked token sent back keeps the stored one; a new one replaces it and connects.
    const kept = await api.put(`/api/whatsapp/${id}`, { cloudAccessToken: down.cloudAccessToken });
    expect(kept.status).toBe(200);
    expect((await api.put(`/api/whatsapp/${id}`, { cloudAccessToken: number.accessToken })).status).toBe(200);
    await waitUntil(async () => (await connectionStatus(t, token, id)).status === 'CONNECTED');
  });
});

describe('the Cloud API webhook', () => {
  it("answers Meta's verification only with the right mode and verify token", async () => {
    const { record, webhookPath } = await cloudConnection();
    const verify = (query: string) => t.app.inject({ method: 'GET', url: `${webhookPath}?${query}` });
    const right = await verify(
      `hub.mode=subscribe&hub.verify_token=${record.cloudVerifyToken}&hub.challenge=1158201444`,
    );
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('1158201444');
    expect((await verify('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).statusCode).toBe(403);
    expect(
      (await verify(`hub.mode=unsubscribe&hub.verify_token=${record.cloudVerifyToken}&hub.challenge=1`)).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/cloudapi/${'0'.repeat(32)}?hub.mode=subscribe` })).statusCode,
    ).toBe(404);
  });

  it('stores nothing from an unsigned or wrongly signed notification', async () => {
    const { company, number, webhookPath } = await cloudConnection();
    const body = webhookBody(number, { messages: [textMessage('5511988880001', 'oi')] });
    expect((await postWebhook(webhookPath, null, body)).statusCode).toBe(401);
    const forged = await postWebhook(webhookPath, 'another-secret', body);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: 'ERR_WEBHOOK_UNAUTHORIZED' });
    expect(await storedMessages(company.id)).toHaveLength(0);
  });

  it('stores a text message once in a ticket named after the profile, however often Meta delivers it', async () => {
    const { company, number, webhookPath } = await cloudConnection();
    const message = textMessage('5511988880002', 'Olá, preciso de ajuda');
    const body = webhookBody(number, {
      contacts: [{ waId: '5511988880002', name: 'Ana Cliente' }],
      messages: [message],
    });
    expect((await postWebhook(webhookPath, number.appSecret, body)).json()).toEqual({ received: 1 });
    expect((await postWebhook(webhookPath, number.appSecret, body)).statusCode).toBe(200);

    const stored = await storedMessages(company.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Olá, preciso de ajuda', fromMe: false, externalId: message.id });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(contact).toMatchObject({ name: 'Ana Cliente', number: '5511988880002' });
    const ticketRows = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticketRows).toHaveLength(1);
  });

  it('downloads media through the Graph API into storage', async () => {
    const { company, number, webhookPath } = await cloudConnection();
    const picture = Buffer.from('\x89PNG fake picture bytes');
    const mediaId = graph.addMedia(picture, 'image/png');
    const document = graph.addMedia(Buffer.from('%PDF-1.4 fake'), 'application/pdf');
    const body = webhookBody(number, {
      messages: [
        {
          ...textMessage('5511988880003', ''),
          type: 'image',
          image: { id: mediaId, mime_type: 'image/png', caption: 'a foto' },
        },
        {
          ...textMessage('5511988880003', ''),
          type: 'document',
          document: { id: document, mime_type: 'application/pdf', filename: 'boleto.pdf' },
        },
      ],
    });
    expect((await postWebhook(webhookPath, number.appSecret, body)).statusCode).toBe(200);
    const [image, pdf] = await storedMessages(company.id);
    expect(image).toMatchObject({ mediaType: 'image', body: 'a foto' });
    expect(pdf).toMatchObject({ mediaType: 'application' });
    expect(pdf!.mediaName).toContain('boleto');
  });

  it('moves acks forward only, and marks a message WhatsApp gave up on as failed with the reason', async () => {
    const { company, api, number, webhookPath } = await cloudConnection();
    const customer = '5511988880004';
    await postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [textMessage(customer, 'oi')] }));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' });

    for (const text of ['primeira', 'segunda']) {
      expect((await api.post(`/api/messages/${ticket!.id}`, { body: text })).status).toBe(201);
    }
    const [first, second] = await waitUntil(async () => {
      const ours = (await storedMessages(company.id)).filter((row) => row.fromMe && row.externalId);
      return ours.length === 2 ? ours : null;
    });
    const status = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
      id,
      status: name,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: customer,
      ...extra,
    });
    await postWebhook(
      webhookPath,
      number.appSecret,
      webhookBody(number, {
        statuses: [
          status(first!.externalId!, 'read'),
          status(first!.externalId!, 'delivered'),
          status(first!.externalId!, 'sent'),
          status(second!.externalId!, 'failed', {
            errors: [
              { code: 131026, title: 'Message undeliverable', error_data: { details: 'Receiver is incapable' } },
            ],
          }),
        ],
      }),
    );
    const rows = await storedMessages(company.id);
    expect(rows.find((row) => row.id === first!.id)).toMatchObject({ ack: 3, failed: false });
    expect(rows.find((row) => row.id === second!.id)).toMatchObject({
      failed: true,
      sendError: 'ERR_CLOUD_UNDELIVERABLE',
    });
  });

  it('takes a batch of 50 messages from 10 customers into 10 tickets, in order', async () => {
    const { company, number, webhookPath } = await cloudConnection();
    const customers = Array.from({ length: 10 }, (_, index) => `55119777700${String(index).padStart(2, '0')}`);
    const batch = Array.from({ length: 50 }, (_, index) => textMessage(customers[index % 10]!, `mensagem ${index}`));
    const answer = await postWebhook(
      webhookPath,
      number.appSecret,
      webhookBody(number, { contacts: customers.map((waId) => ({ waId, name: `Cliente ${waId}` })), messages: batch }),
    );
    expect(answer.json()).toEqual({ received: 50 });
    const ticketRows = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticketRows).toHaveLength(10);
    const firstCustomer = await t.db
      .select({ body: messages.body })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(messages.companyId, company.id), eq(contacts.number, customers[0]!)))
      .orderBy(asc(messages.id));
    expect(firstCustomer.map((row) => row.body)).toEqual([0, 10, 20, 30, 40].map((index) => `mensagem ${index}`));
  });

  it("never lets one company's webhook write into another company's connection", async () => {
    const first = await cloudConnection();
    const second = await cloudConnection();
    // The second number's notification, signed with its own secret, posted to the first's URL.
    const body = webhookBody(second.number, { messages: [textMessage('5511988880005', 'oi')] });
    expect((await postWebhook(first.webhookPath, second.number.appSecret, body)).statusCode).toBe(401);
    const signedRight = await postWebhook(first.webhookPath, first.number.appSecret, body);
    expect(signedRight.json()).toEqual({ received: 0 });
    expect(await storedMessages(first.company.id)).toHaveLength(0);
    expect(await storedMessages(second.company.id)).toHaveLength(0);
    expect((await second.api.get(`/api/whatsapp/${first.record.id}`)).status).toBe(404);
  });
});

describe('sending through the Cloud API', () => {
  it('sends a reply as text with the quoted message, and marks the customer messages read', async () => {
    const { company, api, number, webhookPath } = await cloudConnection();
    const customer = '5511988880006';
    const inbound = textMessage(customer, 'Qual o prazo?');
    await postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [inbound] }));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' });
    const [stored] = await storedMessages(company.id);

    const reply = await api.post(`/api/messages/${ticket!.id}`, { body: 'Amanhã.', quotedMsg: { id: stored!.id } });
    expect(reply.status).toBe(201);
    const sent = await waitUntil(() => graph.sent.find((message) => message.to === customer) ?? null);
    expect(sent.type).toBe('text');
    expect(sent.body).toMatchObject({
      text: { body: expect.stringContaining('Amanhã.') },
      context: { message_id: inbound.id },
    });
    const row = await waitUntil(
      async () => (await storedMessages(company.id)).find((message) => message.externalId === sent.id) ?? null,
    );
    expect(row.ack).toBeGreaterThanOrEqual(0);

    await api.post(`/api/tickets/${ticket!.id}/read`);
    await waitUntil(() => graph.reads.some((read) => read.messageId === inbound.id));
  });

  it('uploads an image, a named document and a voice note to Meta and sends each by its media id', async () => {
    const connection = await cloudConnection();
    const customer = '5511988880016';
    const ticket = await openTicketFrom(connection, customer);
    const post = async (fields: Record<string, string>, file: { data: Buffer; type: string; name: string }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('medias', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
      const request = new Request('http://x/', { method: 'POST', body: form });
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/messages/${ticket.id}`,
        headers: {
          authorization: `Bearer ${connection.token}`,
          'content-type': request.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(answer.statusCode, answer.body).toBe(201);
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    await post({ body: 'O produto' }, { data: png, type: 'image/png', name: 'produto.png' });
    await post({ body: '' }, { data: Buffer.from('%PDF-1.4 nota'), type: 'application/pdf', name: 'Nota fiscal.pdf' });
    const recording = await readFile(new URL('../../../../../test/fixtures/voice-note-chromium.webm', import.meta.url));
    await post({ isVoiceNote: 'true' }, { data: recording, type: 'audio/webm', name: 'voz.webm' });

    const sent = await waitUntil(() => {
      const list = graph.sent.filter((message) => message.to === customer);
      return list.length === 3 ? list : null;
    });
    expect(sent.map((message) => message.type)).toEqual(['image', 'document', 'audio']);
    const [image, document, audio] = sent.map((message) => message.body as Record<string, { id: string }>);
    expect(image.image).toMatchObject({ caption: 'O produto' });
    expect(document.document).toMatchObject({ filename: 'Nota fiscal.pdf' });
    // Each went to Meta's media store first; the voice note as Ogg/Opus, which plays as one.
    expect(graph.media.get(image.image.id)?.mimeType).toBe('image/png');
    expect(graph.media.get(document.document.id)?.data.toString()).toBe('%PDF-1.4 nota');
    expect(graph.media.get(audio.audio.id)?.mimeType).toBe('audio/ogg');
    expect(audio.audio).toMatchObject({ voice: true });
  });

  it('takes the connection down with the reason when Meta refuses the token on a send', async () => {
    const { company, token, api, number, record, webhookPath } = await cloudConnection();
    await postWebhook(
      webhookPath,
      number.appSecret,
      webhookBody(number, { messages: [textMessage('5511988880007', 'oi')] }),
    );
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' });
    graph.revokeToken(number.accessToken);
    await api.post(`/api/messages/${ticket!.id}`, { body: 'oi' });
    const down = await waitUntil(async () => {
      const connection = await connectionStatus(t, token, record.id);
      return connection.status === 'DISCONNECTED' ? connection : null;
    });
    expect(down.statusDetail).toContain('Session has expired');
  });

  it('refuses a free-form reply once the customer last wrote over 24 hours ago, before calling Meta', async () => {
    const { company, api, number, webhookPath } = await cloudConnection();
    const customer = '5511988880008';
    await postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [textMessage(customer, 'oi')] }));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' });
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(messages.companyId, company.id), eq(messages.fromMe, false)));

    // The thread says the window is closed, so the composer can offer templates.
    expect((await api.get(`/api/messages/${ticket!.id}`)).body).toMatchObject({ serviceWindow: { closesAt: null } });
    const refused = await api.post(`/api/messages/${ticket!.id}`, { body: 'Ainda precisa de ajuda?' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'ERR_OUTSIDE_SERVICE_WINDOW' });
    expect((await storedMessages(company.id)).filter((row) => row.fromMe)).toHaveLength(0);
    expect(graph.sent.some((sent) => sent.to === customer)).toBe(false);

    // The customer writes again: the window opens and the reply goes.
    await postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [textMessage(customer, 'sim')] }));
    const reopened = (await api.get(`/api/messages/${ticket!.id}`)).body as { serviceWindow: { closesAt: string } };
    const hoursLeft = (new Date(reopened.serviceWindow.closesAt).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect((await api.post(`/api/messages/${ticket!.id}`, { body: 'Claro!' })).status).toBe(201);
    await waitUntil(() => graph.sent.some((sent) => sent.to === customer));
  });

  it('fails a message Meta refuses for good at once, with the reason, and retries none of it', async () => {
    const { company, api, number, webhookPath } = await cloudConnection();
    const customer = '5511988880009';
    await postWebhook(webhookPath, number.appSecret, webhookBody(number, { messages: [textMessage(customer, 'oi')] }));
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    await api.put(`/api/tickets/${ticket!.id}`, { status: 'open' });
    graph.failNextSends({ status: 400, code: 131026, message: 'Message undeliverable' });
    await api.post(`/api/messages/${ticket!.id}`, { body: 'Olá' });
    const failed = await waitUntil(
      async () => (await storedMessages(company.id)).find((row) => row.fromMe && row.failed) ?? null,
    );
    expect(failed).toMatchObject({ sendError: 'ERR_CLOUD_UNDELIVERABLE', externalId: null });
    expect(graph.sent.some((sent) => sent.to === customer)).toBe(false);
  });
});
