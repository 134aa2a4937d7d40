import type { MessagesPage } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, messages, queues, tickets, whatsapps } from '../../tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const TWO_MINUTES = paced(120_000);

/** The thread of a ticket: keyset pages by message id, and earlier tickets behind a divider. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function setup() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const [connection] = await t.db
    .insert(whatsapps)
    .values({ companyId: company.id, name: 'Phone', provider: 'sandbox', isDefault: true })
    .returning();
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId: company.id, name: 'Rita', number: `5511${Date.now() % 1_000_000_000}` })
    .returning();
  return { company, token, connection, contact };
}

/** A ticket of the setup's contact on its connection. */
async function addTicket(
  { company, contact, connection }: Awaited<ReturnType<typeof setup>>,
  fields: Pick<typeof tickets.$inferInsert, 'status' | 'closedAt'>,
) {
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId: company.id, contactId: contact.id, whatsappId: connection.id, ...fields })
    .returning();
  return ticket;
}

async function addMessages(companyId: number, ticketId: number, count: number, prefix: string) {
  for (let start = 0; start < count; start += 500) {
    const size = Math.min(500, count - start);
    await t.db.insert(messages).values(
      Array.from({ length: size }, (_, index) => ({
        companyId,
        ticketId,
        body: `${prefix} ${start + index}`,
        fromMe: (start + index) % 2 === 0,
      })),
    );
  }
}

describe('thread pages', () => {
  it('pages by `before` give the same messages as page numbers; page 50 costs what page 1 costs', {
    timeout: TWO_MINUTES,
  }, async () => {
    const thread = await setup();
    const { company, token } = thread;
    const ticket = await addTicket(thread, { status: 'open' });
    await addMessages(company.id, ticket.id, 1_050, 'message');
    const get = async (query: string) =>
      (await t.as(token).get(`/api/messages/${ticket.id}?${query}`)).body as MessagesPage;

    const first = await get('');
    expect(first).toMatchObject({ count: 1_050, hasMore: true, previousTicket: null, serviceWindow: null });
    expect(first.messages.map((message) => message.body).at(-1)).toBe('message 1049');
    let before = first.messages[0].id;
    for (let page = 2; page <= 53; page++) {
      const byCursor = await get(`before=${before}`);
      const byNumber = await get(`pageNumber=${page}`);
      expect(byCursor.messages.map((message) => message.id)).toEqual(byNumber.messages.map((message) => message.id));
      expect(byCursor.hasMore).toBe(page < 53);
      expect([byCursor.count, byNumber.count]).toEqual([1_050, 1_050]);
      before = byCursor.messages[0]?.id ?? before;
    }
    const last = await get(`pageNumber=53`);
    expect(last.messages[0].body).toBe('message 0');
    // A page past the end has no message to carry the count: it is still the thread's.
    expect(await get('pageNumber=60')).toMatchObject({ messages: [], count: 1_050, hasMore: false });

    // What page 50 costs beside page 1 is measured by the benchmark (`npm run bench`), not here.
  });

  it("answers with the ticket's own record, never a kept one, and refuses alike with or without messages", async () => {
    const thread = await setup();
    const { company, token, contact } = thread;
    const ticket = await addTicket(thread, { status: 'pending' });
    await addMessages(company.id, ticket.id, 25, 'message');
    const tag = (await t.as(token).post('/api/tags', { name: 'Urgent', color: '#aa0000' })).body as { id: number };
    expect((await t.as(token).post(`/api/tags/sync`, { ticketId: ticket.id, tags: [{ id: tag.id }] })).status).toBe(
      200,
    );
    const pageOf = async (query = '') =>
      (await t.as(token).get(`/api/messages/${ticket.id}${query}`)).body as MessagesPage;
    const record = async () => (await t.as(token).get(`/api/tickets/${ticket.id}`)).body;

    // The same record as the ticket's own route, on a page with messages and on one past the end.
    expect((await pageOf()).ticket).toEqual(await record());
    expect((await pageOf('?pageNumber=9')).ticket).toEqual(await record());
    // Never kept: a change shows on the next page.
    await t.db.update(contacts).set({ name: 'Rita Lee' }).where(eq(contacts.id, contact.id));
    expect((await pageOf()).ticket).toMatchObject({ contact: { name: 'Rita Lee' }, tags: [{ name: 'Urgent' }] });

    // Another company, and an attendant outside the ticket's queue: the same 404 either way.
    const other = await setup();
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId: company.id, name: 'Billing', color: '#123456' })
      .returning();
    await t.db.update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticket.id));
    const attendant = await buildUser(t.db, { companyId: company.id });
    const attendantToken = (await t.login(attendant.email, TEST_PASSWORD)).token;
    for (const outsider of [other.token, attendantToken]) {
      for (const query of ['', '?pageNumber=9', `?before=${(await pageOf()).messages[0].id}`]) {
        const answer = await t.as(outsider).get(`/api/messages/${ticket.id}${query}`);
        expect(answer.status).toBe(404);
        expect(answer.body).not.toHaveProperty('messages');
      }
    }
  });

  it('names the previous ticket when the current one is exhausted, and loads it on demand', async () => {
    const thread = await setup();
    const { company, token } = thread;
    const older = await addTicket(thread, { status: 'closed', closedAt: new Date() });
    const current = await addTicket(thread, { status: 'open' });
    await addMessages(company.id, older.id, 25, 'old');
    await addMessages(company.id, current.id, 3, 'new');

    const page = (await t.as(token).get(`/api/messages/${current.id}`)).body as MessagesPage;
    expect(page.messages.map((message) => message.body)).toEqual(['new 0', 'new 1', 'new 2']);
    expect(page).toMatchObject({
      hasMore: false,
      count: 3,
      ticket: { id: current.id },
      previousTicket: { id: older.id, uuid: older.uuid, status: 'closed', user: null, queue: null },
    });
    const earlier = (await t.as(token).get(`/api/messages/${current.id}?earlierTicketId=${older.id}`))
      .body as MessagesPage;
    expect(earlier).toMatchObject({ count: 25, hasMore: true, previousTicket: null, ticket: { id: current.id } });
    expect(earlier.messages.every((message) => message.ticketId === older.id)).toBe(true);
    const rest = (
      await t.as(token).get(`/api/messages/${current.id}?earlierTicketId=${older.id}&before=${earlier.messages[0].id}`)
    ).body as MessagesPage;
    expect(rest.messages.map((message) => message.body)).toEqual(['old 0', 'old 1', 'old 2', 'old 3', 'old 4']);
    expect(rest).toMatchObject({ hasMore: false, previousTicket: null });
    // Only an earlier ticket of the same thread.
    expect((await t.as(token).get(`/api/messages/${older.id}?earlierTicketId=${current.id}`)).status).toBe(404);
    const other = await setup();
    expect((await t.as(other.token).get(`/api/messages/${current.id}?earlierTicketId=${older.id}`)).status).toBe(404);
  });
});
