import type { TicketRecord } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox, waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { queues, tickets, userQueues } from '../../tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

/**
 * The user option "see tickets without a queue" (`allTicket`, spec §6 and docs/decisions/tickets.md):
 * a non-admin sees tickets without a queue only with it enabled — in the lists, their counts, the
 * realtime lists and bell, and when opening one directly. Admins always see them.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function office() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', name: 'Admin' });
  const [sales] = await t.db
    .insert(queues)
    .values({ companyId: company.id, name: 'Sales', color: '#111111' })
    .returning();
  const plain = await buildUser(t.db, { companyId: company.id, name: 'Paula' });
  const seer = await buildUser(t.db, { companyId: company.id, name: 'Sara', allTicket: 'enabled' });
  await t.db.insert(userQueues).values([
    { userId: plain.id, queueId: sales.id },
    { userId: seer.id, queueId: sales.id },
  ]);
  const token = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;
  return {
    company,
    sales,
    admin: { ...admin, token: await token(admin) },
    plain: { ...plain, token: await token(plain) },
    seer: { ...seer, token: await token(seer) },
  };
}

/** A socket in every list and the bell, recording the company's ticket and message events. */
async function listener(token: string, companyId: number) {
  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  const tickets: TicketRecord[] = [];
  const heard: string[] = [];
  socket.on(`company-${companyId}-ticket`, (event: { ticket?: TicketRecord }) => {
    if (event.ticket) tickets.push(event.ticket);
  });
  socket.onAny((event: string) => heard.push(event));
  for (const status of ['open', 'pending', 'closed']) socket.emit('joinTickets', status);
  socket.emit('joinNotification');
  // The joins are answered by the server's room decision: poll until it took them.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { socket, tickets, heard };
}

type ListBody = { tickets: TicketRecord[]; count: number };
const list = async (token: string, query: string) => (await t.as(token).get(`/api/tickets?${query}`)).body as ListBody;

describe('"see tickets without a queue" (allTicket)', () => {
  it('decides lists, counts, direct access and realtime delivery of tickets without a queue', {
    timeout: ONE_MINUTE,
  }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    const plain = await listener(o.plain.token, o.company.id);
    const seer = await listener(o.seer.token, o.company.id);

    // A customer writes on a connection without queues: a pending ticket without a queue.
    await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511955550001', body: 'hi' });
    const row = await waitUntil(
      async () => (await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id)))[0],
      10_000,
      'the inbound ticket',
    );
    expect(row.queueId).toBeNull();

    // Realtime: the user with the option hears the ticket and its message; the other hears nothing.
    await waitUntil(async () => seer.tickets.find((ticket) => ticket.id === row.id), 5_000, 'ticket event');
    await waitUntil(
      async () => seer.heard.includes(`company-${o.company.id}-appMessage`) || undefined,
      5_000,
      'message event',
    );

    // Lists and their counts.
    for (const showAll of ['true', 'false']) {
      const pendingOfPlain = await list(o.plain.token, `status=pending&showAll=${showAll}`);
      expect(pendingOfPlain).toMatchObject({ tickets: [], count: 0 });
      const pendingOfSeer = await list(o.seer.token, `status=pending&showAll=${showAll}`);
      expect(pendingOfSeer.tickets.map((ticket) => ticket.id)).toEqual([row.id]);
      expect(pendingOfSeer.count).toBe(1);
    }
    expect((await list(o.plain.token, `status=pending&queueIds=[${o.sales.id}]`)).count).toBe(0);
    expect((await list(o.plain.token, 'withUnreadMessages=true')).count).toBe(0);
    expect((await list(o.seer.token, 'withUnreadMessages=true')).count).toBe(1);
    expect((await list(o.admin.token, 'status=pending')).count).toBe(1);

    // Direct access: the ticket, its thread, its notes, accepting it.
    expect((await t.as(o.plain.token).get(`/api/tickets/${row.id}`)).status).toBe(403);
    expect((await t.as(o.plain.token).get(`/api/tickets/u/${row.uuid}`)).status).toBe(403);
    expect((await t.as(o.plain.token).get(`/api/messages/${row.id}`)).status).toBe(404);
    expect((await t.as(o.plain.token).put(`/api/tickets/${row.id}`, { status: 'open' })).status).toBe(403);
    expect(
      (await t.as(o.plain.token).get(`/api/ticket-notes/list?ticketId=${row.id}&contactId=${row.contactId}`)).status,
    ).toBe(404);
    expect((await t.as(o.seer.token).get(`/api/tickets/${row.id}`)).status).toBe(200);
    expect((await t.as(o.seer.token).get(`/api/messages/${row.id}`)).status).toBe(200);
    expect((await t.as(o.admin.token).get(`/api/tickets/${row.id}`)).status).toBe(200);

    // The user with the option accepts it: now it is theirs (still without a queue); the other still hears nothing.
    const accepted = await t.as(o.seer.token).put(`/api/tickets/${row.id}`, { status: 'open' });
    expect(accepted.body).toMatchObject({ status: 'open', userId: o.seer.id, queueId: null });
    await waitUntil(async () => seer.tickets.find((ticket) => ticket.status === 'open'), 5_000, 'accept event');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ticketEvents = [`company-${o.company.id}-ticket`, `company-${o.company.id}-appMessage`];
    expect(plain.heard.filter((event) => ticketEvents.includes(event))).toEqual([]);
    plain.socket.close();
    seer.socket.close();
  });

  it('turning the option on gives access and joins the live lists; a ticket assigned to the user always shows', {
    timeout: ONE_MINUTE,
  }, async () => {
    const o = await office();
    const connection = await pairedSandbox(t, o.admin.token);
    await t.as(o.admin.token).post(`/api/sandbox/${connection.id}/inbound`, { from: '5511955550002', body: 'hello' });
    const row = await waitUntil(
      async () => (await t.db.select().from(tickets).where(eq(tickets.companyId, o.company.id)))[0],
      10_000,
      'the inbound ticket',
    );
    const plain = await listener(o.plain.token, o.company.id);
    expect((await list(o.plain.token, 'status=pending')).count).toBe(0);

    const changed = await t.as(o.admin.token).put(`/api/users/${o.plain.id}`, {
      name: o.plain.name,
      email: o.plain.email,
      allTicket: 'enabled',
    });
    expect(changed.status).toBe(200);
    expect((await list(o.plain.token, 'status=pending')).count).toBe(1);
    expect((await t.as(o.plain.token).get(`/api/tickets/${row.id}`)).status).toBe(200);
    // The open socket's rooms were re-decided: the next message reaches it.
    await waitUntil(
      async () => {
        await t
          .as(o.admin.token)
          .post(`/api/sandbox/${connection.id}/inbound`, { from: '5511955550002', body: 'still there?' });
        return plain.tickets.find((ticket) => ticket.id === row.id);
      },
      10_000,
      'event after the option was turned on',
    );

    // Off again, but the ticket is assigned to them: their own ticket stays visible without the option.
    await t.as(o.admin.token).put(`/api/tickets/${row.id}`, { userId: o.plain.id, status: 'open' });
    await t.as(o.admin.token).put(`/api/users/${o.plain.id}`, {
      name: o.plain.name,
      email: o.plain.email,
      allTicket: 'desabled',
    });
    expect((await t.as(o.plain.token).get(`/api/tickets/${row.id}`)).status).toBe(200);
    expect((await list(o.plain.token, 'status=open')).tickets.map((ticket) => ticket.id)).toEqual([row.id]);
    plain.socket.close();
  });
});
