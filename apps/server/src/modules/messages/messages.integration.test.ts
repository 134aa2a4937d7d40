import type { SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { messages, tickets } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function companyWithAdmin() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const connection = await pairedSandbox(t, token);
  return { company, admin, token, connection, api: t.as(token) };
}

type Context = Awaited<ReturnType<typeof companyWithAdmin>>;

/** A customer writes (delivered with a known id); answers the customer's current ticket. */
async function customerSays(ctx: Context, from: string, body: string, id: string) {
  expect((await ctx.api.post(`/api/sandbox/${ctx.connection.id}/inbound`, { from, body, id })).status).toBe(200);
  const [row] = await t.db
    .select({ ticketId: messages.ticketId, id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, ctx.company.id), eq(messages.externalId, id)));
  return row;
}

const accept = (ctx: Context, ticketId: number) => ctx.api.put(`/api/tickets/${ticketId}`, { status: 'open' });
const close = (ctx: Context, ticketId: number) => ctx.api.put(`/api/tickets/${ticketId}`, { status: 'closed' });

describe('quoted replies', () => {
  it('quotes a message of the thread (this ticket or an earlier one of the contact and connection)', async () => {
    const ctx = await companyWithAdmin();
    const first = await customerSays(ctx, '5511920000001', 'first visit', 'Q-FIRST');
    await accept(ctx, first.ticketId);
    await close(ctx, first.ticketId);
    const second = await customerSays(ctx, '5511920000001', 'back again', 'Q-SECOND');
    expect(second.ticketId).not.toBe(first.ticketId);
    await accept(ctx, second.ticketId);

    const sameTicket = await ctx.api.post(`/api/messages/${second.ticketId}`, {
      body: 'about this',
      quotedMsg: { id: second.id },
    });
    expect(sameTicket.status).toBe(201);
    expect(sameTicket.body.quotedMsg).toMatchObject({ id: second.id, body: 'back again' });
    const earlier = await ctx.api.post(`/api/messages/${second.ticketId}`, {
      body: 'about last time',
      quotedMsg: { id: first.id },
    });
    expect(earlier.status).toBe(201);
    expect(earlier.body.quotedMsgId).toBe(first.id);
    const outbox = (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox.map((entry) => entry.quotedId)).toEqual(['Q-SECOND', 'Q-FIRST']);
  });

  it("refuses to quote another chat's message of the company, and another company's message", async () => {
    const ctx = await companyWithAdmin();
    const other = await customerSays(ctx, '5511920000002', 'private to Bruno', 'Q-OTHER');
    const mine = await customerSays(ctx, '5511920000003', 'hello', 'Q-MINE');
    await accept(ctx, mine.ticketId);
    const elsewhere = await companyWithAdmin();
    const foreign = await customerSays(elsewhere, '5511920000004', 'secret of company 2', 'Q-FOREIGN');

    for (const quotedId of [other.id, foreign.id, 987_654_321]) {
      const answer = await ctx.api.post(`/api/messages/${mine.ticketId}`, {
        body: 'look',
        quotedMsg: { id: quotedId },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('ERR_QUOTED_MSG_NOT_IN_THREAD');
      expect(JSON.stringify(answer.body)).not.toContain('private to Bruno');
    }
    // Multipart sends are held to the same rule.
    const form = new FormData();
    form.append('body', 'file');
    form.append('quotedMsg', JSON.stringify({ id: other.id }));
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 x')], { type: 'application/pdf' }), 'a.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${mine.ticketId}`,
      headers: { authorization: `Bearer ${ctx.token}`, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().error).toBe('ERR_QUOTED_MSG_NOT_IN_THREAD');
    // Nothing was stored or sent.
    const sent = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, ctx.company.id), eq(messages.fromMe, true)));
    expect(sent).toEqual([]);
    expect((await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox`)).body).toEqual([]);
  });
});

describe('who may send on a ticket', () => {
  it('refuses an attendant on pending and closed tickets, accepts on open ones', async () => {
    const ctx = await companyWithAdmin();
    const { ticketId } = await customerSays(ctx, '5511920000005', 'hi', 'S-1');
    const pending = await ctx.api.post(`/api/messages/${ticketId}`, { body: 'too early' });
    expect(pending.status).toBe(409);
    expect(pending.body.error).toBe('ERR_TICKET_NOT_OPEN');
    await accept(ctx, ticketId);
    expect((await ctx.api.post(`/api/messages/${ticketId}`, { body: 'now' })).status).toBe(201);
    await close(ctx, ticketId);
    const closed = await ctx.api.post(`/api/messages/${ticketId}`, { body: 'too late' });
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe('ERR_TICKET_NOT_OPEN');
    const bodies = (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox`)).body.map(
      (entry: SandboxOutboxEntry) => entry.body,
    );
    expect(bodies).toContain('now');
    expect(bodies).not.toContain('too early');
    expect(bodies).not.toContain('too late');
  });

  it("still lets the product's own automation write on a pending ticket (the queue greeting)", async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const api = t.as(token);
    const queueIds: number[] = [];
    for (const [name, color] of [
      ['Sales', '#112233'],
      ['Support', '#445566'],
    ]) {
      const queue = await api.post('/api/queue', { name, color, greetingMessage: `${name} here` });
      expect([200, 201]).toContain(queue.status);
      queueIds.push(queue.body.id);
    }
    const connection = await pairedSandbox(t, token, { queueIds, greetingMessage: 'Welcome! Pick a queue' });
    await api.post(`/api/sandbox/${connection.id}/inbound`, { from: '5511920000006', body: 'hi' });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(ticket.status).toBe('pending');
    await waitUntil(
      async () => {
        const outbox = (await api.get(`/api/sandbox/${connection.id}/outbox`)).body as SandboxOutboxEntry[];
        return outbox.some((entry) => entry.body.includes('Welcome! Pick a queue'));
      },
      undefined,
      'the bot menu',
    );
  });
});

describe('deleting a message', () => {
  it("another company's message id answers 404 and the message stays", async () => {
    const one = await companyWithAdmin();
    const { ticketId } = await customerSays(one, '5511920000007', 'hi', 'D-1');
    await accept(one, ticketId);
    const sent = await one.api.post(`/api/messages/${ticketId}`, { body: 'ours' });
    const two = await companyWithAdmin();
    const attempt = await two.api.delete(`/api/messages/${sent.body.id}`);
    expect(attempt.status).toBe(404);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.body.id));
    expect(row.isDeleted).toBe(false);
    const outbox = (await one.api.get(`/api/sandbox/${one.connection.id}/outbox`)).body as SandboxOutboxEntry[];
    expect(outbox.find((entry) => entry.body === 'ours')?.deleted).toBe(false);
  });
});
