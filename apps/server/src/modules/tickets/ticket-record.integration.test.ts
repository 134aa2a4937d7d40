import { pageSizes, type TicketRecord, ticketRoutes } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, queues, slaCycles, tags, tickets, ticketTags, users, whatsapps } from '../../tables.ts';

const pageSize = pageSizes.tickets;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** What the record must say of the rows, written out field by field from the ORM's rows. */
function expectedRecord(
  ticket: typeof tickets.$inferSelect,
  contact: typeof contacts.$inferSelect,
  related: Pick<TicketRecord, 'queue' | 'user' | 'whatsapp' | 'tags'>,
): TicketRecord {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    companyId: ticket.companyId,
    status: ticket.status as TicketRecord['status'],
    contactId: ticket.contactId,
    whatsappId: ticket.whatsappId,
    userId: ticket.userId,
    queueId: ticket.queueId,
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    useIntegration: ticket.useIntegration,
    integrationId: ticket.integrationId,
    promptId: ticket.promptId,
    priority: ticket.priority as TicketRecord['priority'],
    contact: {
      id: contact.id,
      companyId: contact.companyId,
      name: contact.name,
      number: contact.number,
      email: contact.email,
      profilePicUrl: contact.profilePicUrl,
      isGroup: contact.isGroup,
      extraInfo: contact.extraInfo,
      whatsappId: contact.whatsappId,
      disableBot: contact.disableBot,
      createdAt: contact.createdAt.toISOString(),
      updatedAt: contact.updatedAt.toISOString(),
    },
    ...related,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    sla: null,
  };
}

/**
 * A closed ticket with a queue, an attendant, a connection and two tags, and a pending one with
 * nothing related, of one contact whose name needs escaping.
 */
async function seedTickets() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', name: 'Carla' });
  const token = (await t.login(admin.email, TEST_PASSWORD)).token;
  const [queue] = await t.db
    .insert(queues)
    .values({ companyId: company.id, name: 'Vendas', color: '#123456' })
    .returning();
  const [connection] = await t.db
    .insert(whatsapps)
    .values({ companyId: company.id, name: 'Loja', provider: 'sandbox', isDefault: true })
    .returning();
  const [contact] = await t.db
    .insert(contacts)
    .values({
      companyId: company.id,
      name: 'João "Aspas" Ção',
      number: '5511999990001',
      email: 'joao@example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
      whatsappId: connection.id,
    })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({
      companyId: company.id,
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: queue.id,
      userId: admin.id,
      status: 'closed',
      lastMessage: 'até logo\nlinha 2',
      unreadMessages: 2,
      closedAt: new Date('2026-03-04T05:06:07.891Z'),
    })
    .returning();
  const [zeta, alpha] = await t.db
    .insert(tags)
    .values([
      { companyId: company.id, name: 'zeta', color: '#000001' },
      { companyId: company.id, name: 'alpha', color: '#000002' },
    ])
    .returning();
  await t.db.insert(ticketTags).values([
    { ticketId: ticket.id, tagId: zeta.id },
    { ticketId: ticket.id, tagId: alpha.id },
  ]);
  // A ticket with nothing related: queue, user and connection are null, tags empty.
  const [bare] = await t.db
    .insert(tickets)
    .values({ companyId: company.id, contactId: contact.id, status: 'pending' })
    .returning();
  return { token, admin, queue, connection, contact, ticket, bare, zeta, alpha };
}

describe('ticket record', () => {
  it('carries exactly the fields of TicketRecord, with related rows, tags by name and ISO times', async () => {
    const { token, admin, queue, connection, contact, ticket, bare, zeta, alpha } = await seedTickets();
    const full = (await t.as(token).get(`/api/tickets/${ticket.id}`)).body;
    expect(full).toStrictEqual(
      expectedRecord(ticket, contact, {
        queue: { id: queue.id, name: 'Vendas', color: '#123456' },
        user: { id: admin.id, name: 'Carla' },
        whatsapp: { id: connection.id, name: 'Loja', status: connection.status },
        tags: [
          { id: alpha.id, name: 'alpha', color: '#000002' },
          { id: zeta.id, name: 'zeta', color: '#000001' },
        ],
      }),
    );
    const empty = (await t.as(token).get(`/api/tickets/${bare.id}`)).body;
    expect(empty).toStrictEqual(expectedRecord(bare, contact, { queue: null, user: null, whatsapp: null, tags: [] }));
    // The list carries the same records, newest first (its page is JSON text, the records kept by version).
    const listed = (await t.as(token).get('/api/tickets?showAll=true')).body;
    expect(listed).toStrictEqual({
      tickets: [empty, full],
      count: 2,
      countCapped: false,
      hasMore: false,
      nextCursor: null,
    });
  });

  it("sends list pages (JSON text of records kept by version) that the list contract's response schema reads, field for field", async () => {
    const { token, connection, contact, ticket } = await seedTickets();
    // More closed tickets than a page holds, older than the seeded ones: page 1 has a cursor.
    const older = new Date('2026-01-01T00:00:00.000Z');
    await t.db.insert(tickets).values(
      Array.from({ length: pageSize }, (_, index) => ({
        companyId: contact.companyId,
        contactId: contact.id,
        whatsappId: connection.id,
        status: 'closed',
        lastMessage: `fechado ${index}`,
        closedAt: older,
        createdAt: older,
        updatedAt: older,
      })),
    );
    const schema = ticketRoutes.list.response;
    const readPage = async (query: string) => {
      const answer = await t.as(token).get(`/api/tickets?${query}`);
      expect(answer.status, query).toBe(200);
      const parsed = schema.safeParse(answer.body);
      expect(parsed.error, query).toBeUndefined();
      // Nothing the schema would leave out: the page read through it is the page sent.
      expect(parsed.data, query).toStrictEqual(answer.body);
      return schema.parse(answer.body);
    };
    for (const query of [
      'showAll=true',
      'showAll=true&status=pending',
      'showAll=true&status=open',
      'showAll=true&searchParam=Aspas',
    ]) {
      await readPage(query);
    }
    const closed = await readPage('showAll=true&status=closed');
    expect(closed.hasMore).toBe(true);
    expect(closed.nextCursor).toEqual(expect.any(String));
    // The closed ticket with a queue, an attendant, a connection and tags is on it.
    const full = closed.tickets.find((item) => item.id === ticket.id);
    expect(full?.tags).toHaveLength(2);
    expect([full?.queue, full?.user, full?.whatsapp, full?.closedAt].every(Boolean)).toBe(true);
    const next = await readPage(`showAll=true&status=closed&before=${encodeURIComponent(closed.nextCursor ?? '')}`);
    expect(next.tickets.length).toBeGreaterThan(0);
    expect(next.hasMore).toBe(false);
  });

  it('shows on the next page every change to what a record shows, written by any process or by hand', async () => {
    const { token, admin, queue, connection, contact, ticket, zeta, alpha } = await seedTickets();
    const listed = async () => {
      const page = (await t.as(token).get('/api/tickets?showAll=true')).body as { tickets: TicketRecord[] };
      const record = page.tickets.find((item) => item.id === ticket.id);
      if (!record) throw new Error('the ticket left the page');
      return record;
    };
    const first = await listed();
    // Read again with nothing changed: the same record (the one the process kept).
    expect(await listed()).toStrictEqual(first);

    // Each write goes straight to the database, as another process's would: nothing announces it.
    await t.db.update(contacts).set({ name: 'Joana' }).where(eq(contacts.id, contact.id));
    expect((await listed()).contact.name).toBe('Joana');
    await t.db.update(tags).set({ name: 'beta', color: '#00000b' }).where(eq(tags.id, alpha.id));
    expect((await listed()).tags).toEqual([
      { id: alpha.id, name: 'beta', color: '#00000b' },
      { id: zeta.id, name: 'zeta', color: '#000001' },
    ]);
    await t.db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticket.id), eq(ticketTags.tagId, zeta.id)));
    expect((await listed()).tags.map((tag) => tag.id)).toEqual([alpha.id]);
    await t.db.update(queues).set({ name: 'Suporte' }).where(eq(queues.id, queue.id));
    expect((await listed()).queue?.name).toBe('Suporte');
    await t.db.update(users).set({ name: 'Carla Souza' }).where(eq(users.id, admin.id));
    expect((await listed()).user?.name).toBe('Carla Souza');
    await t.db.update(whatsapps).set({ status: 'DISCONNECTED' }).where(eq(whatsapps.id, connection.id));
    expect((await listed()).whatsapp?.status).toBe('DISCONNECTED');
    await t.db.update(tickets).set({ lastMessage: 'nova mensagem' }).where(eq(tickets.id, ticket.id));
    expect((await listed()).lastMessage).toBe('nova mensagem');

    // A service level turns breached with the clock alone, without any write.
    const dueAt = new Date(Date.now() + 1_500);
    await t.db.insert(slaCycles).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      startedAt: new Date(),
      firstResponseDueAt: dueAt,
    });
    expect((await listed()).sla).toMatchObject({ firstResponseDueAt: dueAt.toISOString(), breached: false });
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now() + 100));
    expect((await listed()).sla).toMatchObject({ breached: true });
  });
});
