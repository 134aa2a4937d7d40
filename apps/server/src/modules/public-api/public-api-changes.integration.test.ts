import type { ConnectionRecord, MessageRecord } from '@wacrm/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { messages, tickets } from '../../tables.ts';

// The external API edits what it sent and reacts to any message of its own connection (issue 49).

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function companyWithConnection() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const apiToken = `tok-${company.id}-${Math.random().toString(36).slice(2)}`;
  const connection = (await pairedSandbox(t, token, { token: apiToken })) as ConnectionRecord;
  return { company, token, apiToken, connection, api: t.as(token) };
}

async function external(apiToken: string, method: 'PUT' | 'POST', path: string, body: unknown) {
  const response = await t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('external messages API: edit and react', () => {
  it('edits a text it sent and reacts to the customer’s message; nothing of another connection', async () => {
    const ctx = await companyWithConnection();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { authorization: `Bearer ${ctx.apiToken}` },
      payload: { number: '5511999990777', body: 'Seu pedido saiu' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id as number;
    const edited = await external(ctx.apiToken, 'PUT', `/api/messages/send/${id}`, { body: 'Seu pedido saiu hoje' });
    expect(edited).toMatchObject({ status: 200, body: { id, body: 'Seu pedido saiu hoje', isEdited: true } });

    // The customer answers; the API reacts to that message.
    const reply = await ctx.api.post(`/api/sandbox/${ctx.connection.id}/inbound`, {
      from: '5511999990777',
      body: 'Obrigado!',
    });
    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.companyId, ctx.company.id))
      .orderBy(asc(messages.id));
    const customerMessage = rows.find((row) => row.externalId === reply.body.id)!;
    const reacted = await external(ctx.apiToken, 'POST', `/api/messages/send/${customerMessage.id}/reactions`, {
      emoji: '❤️',
    });
    expect(reacted.status).toBe(200);
    expect((reacted.body as MessageRecord).reactions).toEqual([
      expect.objectContaining({ emoji: '❤️', fromMe: true, userId: null }),
    ]);
    expect(
      (await external(ctx.apiToken, 'POST', `/api/messages/send/${customerMessage.id}/reactions`, { emoji: 'x' }))
        .status,
    ).toBe(400);

    // An attendant's message is theirs, not the API's.
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, ctx.company.id));
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    const byAttendant = await ctx.api.post(`/api/messages/${ticket.id}`, { body: 'Sou a atendente' });
    expect(
      (await external(ctx.apiToken, 'PUT', `/api/messages/send/${byAttendant.body.id}`, { body: 'API aqui' })).body,
    ).toMatchObject({ error: 'ERR_EDIT_NOT_OWN' });

    // Another company's token cannot touch these messages.
    const other = await companyWithConnection();
    expect((await external(other.apiToken, 'PUT', `/api/messages/send/${id}`, { body: 'nope' })).status).toBe(404);
    expect(
      (await external(other.apiToken, 'POST', `/api/messages/send/${customerMessage.id}/reactions`, { emoji: '💀' }))
        .status,
    ).toBe(404);
  });
});
