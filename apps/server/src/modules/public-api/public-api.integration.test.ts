import type { ConnectionRecord, SandboxOutboxEntry } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, messages, tickets } from '../../tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

// Every request of a test counts against its token's limit: tests poll the database, not the API.
const LIMIT = 12;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ EXTERNAL_API_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => t.close());

async function companyWithConnection(planOverrides: Parameters<typeof buildPlan>[1] = {}) {
  const plan = await buildPlan(t.db, planOverrides);
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const apiToken = `tok-${company.id}-${Math.random().toString(36).slice(2)}`;
  const connection = await pairedSandbox(t, token, { token: apiToken });
  return { company, token, apiToken, connection: connection as ConnectionRecord, api: t.as(token) };
}

/** Calls the external API as another system would: over HTTP with the connection token. */
async function external(
  apiToken: string | null,
  method: 'GET' | 'POST',
  path: string,
  body?: object | FormData,
  headers: Record<string, string> = {},
) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (apiToken) (init.headers as Record<string, string>).authorization = `Bearer ${apiToken}`;
  if (body instanceof FormData) init.body = body;
  else if (body) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(`${t.url}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const outbox = async (ctx: {
  api: TestServer['as'] extends (t: string) => infer A ? A : never;
  connection: { id: number };
}) =>
  (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox`)).body as
    | SandboxOutboxEntry[]
    | { entries: SandboxOutboxEntry[] };

function entriesOf(value: Awaited<ReturnType<typeof outbox>>) {
  return Array.isArray(value) ? value : value.entries;
}

describe('external messages API: send', () => {
  it('sends a text to a normalised number, creating the contact and a pending ticket, and shows it in the thread', async () => {
    const ctx = await companyWithConnection();
    const sent = await external(ctx.apiToken, 'POST', '/api/messages/send', {
      number: '+55 (11) 99999-0001',
      body: 'Hello from the ERP',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ number: '5511999990001', status: 'sent', queued: false, ack: 1 });
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.id, sent.body.contactId));
    expect(contact).toMatchObject({ companyId: ctx.company.id, number: '5511999990001' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.id, sent.body.ticketId));
    expect(ticket).toMatchObject({ status: 'pending', userId: null, whatsappId: ctx.connection.id });
    const thread = await ctx.api.get(`/api/messages/${ticket.id}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m: { body: string }) => m.body)).toContain('Hello from the ERP');
    await waitUntil(async () =>
      entriesOf(await outbox(ctx)).some((entry) => JSON.stringify(entry).includes('Hello from the ERP')),
    );
    // The ack can be polled.
    const polled = await external(ctx.apiToken, 'GET', `/api/messages/send/${sent.body.id}`);
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ id: sent.body.id, ticketId: ticket.id, status: 'sent' });
    // A second send reuses the contact's ticket.
    const again = await external(ctx.apiToken, 'POST', '/api/messages/send', {
      number: '5511999990001',
      body: 'Again',
    });
    expect(again.body.ticketId).toBe(ticket.id);
  });

  it('sends media as multipart, the body as caption of the first file', async () => {
    const ctx = await companyWithConnection();
    const form = new FormData();
    form.set('number', '5511999990002');
    form.set('body', 'The invoice');
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'invoice.pdf');
    form.append('medias', new Blob([Buffer.from('second')], { type: 'text/plain' }), 'notes.txt');
    const sent = await external(ctx.apiToken, 'POST', '/api/messages/send', form);
    expect(sent.status).toBe(201);
    expect(sent.body.messageIds).toHaveLength(2);
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, sent.body.ticketId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(sent.body.messageIds[0])).toMatchObject({
      body: 'The invoice',
      mediaType: 'application',
      mediaName: 'invoice.pdf',
    });
    expect(byId.get(sent.body.messageIds[1])).toMatchObject({ body: '', mediaName: 'notes.txt' });
  });

  it('refuses a bad number, a missing body, a refused file type and a file too large', async () => {
    const ctx = await companyWithConnection();
    for (const number of ['', '12345', 'abc5511999990003', '5511999990003999999']) {
      const answer = await external(ctx.apiToken, 'POST', '/api/messages/send', { number, body: 'x' });
      expect(answer.status).toBe(400);
      expect(answer.body.fields.number).toBeTruthy();
    }
    const noBody = await external(ctx.apiToken, 'POST', '/api/messages/send', { number: '5511999990003', body: '  ' });
    expect(noBody.status).toBe(400);
    expect(noBody.body.fields.body).toBeTruthy();
    const exe = new FormData();
    exe.set('number', '5511999990003');
    exe.append('medias', new Blob([Buffer.from('MZ')], { type: 'application/x-msdownload' }), 'run.exe');
    const refused = await external(ctx.apiToken, 'POST', '/api/messages/send', exe);
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const big = new FormData();
    big.set('number', '5511999990003');
    big.append('medias', new Blob([Buffer.alloc(16 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
    const tooLarge = await external(ctx.apiToken, 'POST', '/api/messages/send', big);
    expect(tooLarge.status).toBe(413);
    expect(await t.db.select().from(contacts).where(eq(contacts.number, '5511999990003'))).toHaveLength(0);
  });
});

describe('external messages API: a number that is not on WhatsApp', () => {
  it('answers ERR_WAPP_INVALID_CONTACT and creates no contact, ticket, message or file', async () => {
    const ctx = await companyWithConnection();
    // The sandbox reports numbers ending in 99999 as not on WhatsApp (docs/sandbox.md).
    const number = '5511912399999';
    const text = await external(ctx.apiToken, 'POST', '/api/messages/send', { number, body: 'Olá!' });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('ERR_WAPP_INVALID_CONTACT');
    const withMedia = new FormData();
    withMedia.set('number', number);
    withMedia.append('medias', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'a.pdf');
    expect((await external(ctx.apiToken, 'POST', '/api/messages/send', withMedia)).body.error).toBe(
      'ERR_WAPP_INVALID_CONTACT',
    );
    expect(await t.db.select().from(contacts).where(eq(contacts.companyId, ctx.company.id))).toHaveLength(0);
    expect(await t.db.select().from(tickets).where(eq(tickets.companyId, ctx.company.id))).toHaveLength(0);
    expect(await t.db.select().from(messages).where(eq(messages.companyId, ctx.company.id))).toHaveLength(0);
    expect(entriesOf(await outbox(ctx))).toHaveLength(0);
    // A number on WhatsApp still goes through.
    const fine = await external(ctx.apiToken, 'POST', '/api/messages/send', { number: '5511912300001', body: 'Olá!' });
    expect(fine.status).toBe(201);
  });
});

describe('external messages API: who may call', () => {
  it('refuses a missing, wrong or deleted token, and another company’s message ids', async () => {
    const one = await companyWithConnection();
    const two = await companyWithConnection();
    expect(
      (await external(null, 'POST', '/api/messages/send', { number: '5511999990004', body: 'x' })).body.error,
    ).toBe('ERR_INVALID_API_TOKEN');
    const wrong = await external('nope', 'POST', '/api/messages/send', { number: '5511999990004', body: 'x' });
    expect(wrong.status).toBe(401);
    // A user's access token is not a connection token.
    expect(
      (await external(one.token, 'POST', '/api/messages/send', { number: '5511999990004', body: 'x' })).status,
    ).toBe(401);
    const sent = await external(one.apiToken, 'POST', '/api/messages/send', { number: '5511999990004', body: 'mine' });
    expect(sent.status).toBe(201);
    const peek = await external(two.apiToken, 'GET', `/api/messages/send/${sent.body.id}`);
    expect(peek.status).toBe(404);
    expect((await one.api.delete(`/api/whatsapp/${one.connection.id}`)).status).toBe(200);
    const afterDelete = await external(one.apiToken, 'POST', '/api/messages/send', {
      number: '5511999990004',
      body: 'x',
    });
    expect(afterDelete.status).toBe(401);
  });

  it('answers 403 to a plan without useExternalApi, before reading the body', async () => {
    const ctx = await companyWithConnection({ useExternalApi: false });
    const answer = await external(ctx.apiToken, 'POST', '/api/messages/send', { number: 'bad' });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });

  it('limits each token per minute with 429 and Retry-After, counted in the database', async () => {
    const ctx = await companyWithConnection();
    const other = await companyWithConnection();
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof external>> | null = null;
    for (let i = 0; i <= LIMIT; i++) {
      const answer = await external(ctx.apiToken, 'POST', '/api/messages/send', {
        number: '5511999990005',
        body: `n${i}`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    // The window may turn over during the loop: at least the last request of a full window is refused,
    // unless the window turned, which the refusals of a second burst then show.
    if (!limited) {
      for (let i = 0; i <= LIMIT && !limited; i++) {
        const answer = await external(ctx.apiToken, 'POST', '/api/messages/send', {
          number: '5511999990005',
          body: `m${i}`,
        });
        if (answer.status === 429) limited = answer;
      }
    }
    expect(limited?.body.error).toBe('ERR_RATE_LIMITED');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token has its own budget.
    expect(
      (await external(other.apiToken, 'POST', '/api/messages/send', { number: '5511999990005', body: 'y' })).status,
    ).toBe(201);
  });
});

describe('external messages API: idempotency and a disconnected connection', () => {
  it('answers the first result for a repeated Idempotency-Key, and 409 for a different request with it', async () => {
    const ctx = await companyWithConnection();
    const key = { 'idempotency-key': 'order-42' };
    const first = await external(
      ctx.apiToken,
      'POST',
      '/api/messages/send',
      { number: '5511999990006', body: 'Order 42 shipped' },
      key,
    );
    const [second, third] = await Promise.all([
      external(ctx.apiToken, 'POST', '/api/messages/send', { number: '5511999990006', body: 'Order 42 shipped' }, key),
      external(ctx.apiToken, 'POST', '/api/messages/send', { number: '5511999990006', body: 'Order 42 shipped' }, key),
    ]);
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(third.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const rows = await t.db.select().from(messages).where(eq(messages.ticketId, first.body.ticketId));
    expect(rows.filter((row) => row.body === 'Order 42 shipped')).toHaveLength(1);
    const other = await external(
      ctx.apiToken,
      'POST',
      '/api/messages/send',
      { number: '5511999990006', body: 'Other' },
      key,
    );
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('ERR_IDEMPOTENCY_KEY_MISMATCH');
  });

  it('queues a message while the connection is down and sends it when it is back', {
    timeout: ONE_MINUTE,
  }, async () => {
    const ctx = await companyWithConnection();
    expect((await ctx.api.post(`/api/sandbox/${ctx.connection.id}/disconnect`)).status).toBe(200);
    await waitUntil(
      async () => (await ctx.api.get(`/api/whatsapp/${ctx.connection.id}`)).body.status === 'DISCONNECTED',
    );
    const sent = await external(ctx.apiToken, 'POST', '/api/messages/send', {
      number: '5511999990007',
      body: 'While away',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'queued', queued: true, ack: 0 });
    await ctx.api.post(`/api/whatsappsession/${ctx.connection.id}`);
    await waitUntil(async () => (await ctx.api.get(`/api/whatsapp/${ctx.connection.id}`)).body.status === 'qrcode');
    expect((await ctx.api.post(`/api/sandbox/${ctx.connection.id}/scan`)).status).toBe(200);
    await waitUntil(async () => {
      const [row] = await t.db.select({ ack: messages.ack }).from(messages).where(eq(messages.id, sent.body.id));
      return row.ack >= 1;
    });
    const polled = await external(ctx.apiToken, 'GET', `/api/messages/send/${sent.body.id}`);
    expect(polled.body).toMatchObject({ status: 'sent', ack: 1 });
  });
});
