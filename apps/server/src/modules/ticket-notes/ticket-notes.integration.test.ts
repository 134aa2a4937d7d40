import type { TicketNoteRecord } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, queues, tickets, userQueues, users } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let numberSeq = 0;

/**
 * A company with an admin, two attendants, a contact with a ticket, and a second contact. The ticket
 * has no queue: the attendants see it through "see tickets without a queue" (allTicket).
 */
async function setup() {
  const company = await buildCompany(t.db);
  const [admin, author, other] = await Promise.all([
    buildUser(t.db, { companyId: company.id, profile: 'admin' }),
    buildUser(t.db, { companyId: company.id, name: 'Ana Author', allTicket: 'enabled' }),
    buildUser(t.db, { companyId: company.id, allTicket: 'enabled' }),
  ]);
  const token = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;
  const [contact, otherContact] = await t.db
    .insert(contacts)
    .values([
      { companyId: company.id, name: 'Customer', number: `55119${String(++numberSeq).padStart(8, '0')}` },
      { companyId: company.id, name: 'Someone else', number: `55119${String(++numberSeq).padStart(8, '0')}` },
    ])
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId: company.id, contactId: contact.id, status: 'open' })
    .returning();
  return {
    company,
    contact,
    otherContact,
    ticket,
    admin: await token(admin),
    author: await token(author),
    other: await token(other),
  };
}

describe('ticket notes', () => {
  it('adds a note (at least 2 characters) and lists it with its author and date', async () => {
    const s = await setup();
    const body = { ticketId: s.ticket.id, contactId: s.contact.id };
    for (const note of ['', ' ', 'a', '  b  ']) {
      const refused = await t.as(s.author).post('/api/ticket-notes', { ...body, note });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty('note');
    }
    const created = await t.as(s.author).post('/api/ticket-notes', { ...body, note: '  Prefers calls after 6 pm ' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      note: 'Prefers calls after 6 pm',
      ticketId: s.ticket.id,
      contactId: s.contact.id,
      user: { name: 'Ana Author' },
    });
    await t.as(s.other).post('/api/ticket-notes', { ...body, note: 'Second' });
    const list = await t.as(s.other).get(`/api/ticket-notes/list?ticketId=${s.ticket.id}&contactId=${s.contact.id}`);
    expect(list.status).toBe(200);
    const notes: TicketNoteRecord[] = list.body;
    expect(notes.map((note) => note.note)).toEqual(['Second', 'Prefers calls after 6 pm']);
    expect(Number.isNaN(Date.parse(notes[0].createdAt))).toBe(false);
    // Without ticketId: every note on the contact.
    expect((await t.as(s.other).get(`/api/ticket-notes/list?contactId=${s.contact.id}`)).body).toHaveLength(2);
  });

  it('refuses a ticket of another contact, and unknown tickets or contacts', async () => {
    const s = await setup();
    const mismatch = await t
      .as(s.author)
      .post('/api/ticket-notes', { ticketId: s.ticket.id, contactId: s.otherContact.id, note: 'Wrong' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty('ticketId');
    const missing = await t
      .as(s.author)
      .post('/api/ticket-notes', { ticketId: 999_999, contactId: s.contact.id, note: 'Nope' });
    expect(missing.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await t.as(s.author).get('/api/ticket-notes/list?contactId=999999')).status).toBe(404);
    expect((await t.as(s.author).get('/api/ticket-notes/list')).status).toBe(400);
  });

  it('deletes: the author yes, another attendant no, an admin yes', async () => {
    const s = await setup();
    const body = { ticketId: s.ticket.id, contactId: s.contact.id };
    const first = await t.as(s.author).post('/api/ticket-notes', { ...body, note: 'Mine' });
    const second = await t.as(s.author).post('/api/ticket-notes', { ...body, note: 'Also mine' });
    expect((await t.as(s.other).delete(`/api/ticket-notes/${first.body.id}`)).status).toBe(403);
    expect((await t.as(s.author).delete(`/api/ticket-notes/${first.body.id}`)).status).toBe(200);
    expect((await t.as(s.admin).delete(`/api/ticket-notes/${second.body.id}`)).status).toBe(200);
    expect((await t.as(s.admin).delete(`/api/ticket-notes/${second.body.id}`)).status).toBe(404);
    expect((await t.as(s.author).get(`/api/ticket-notes/list?contactId=${s.contact.id}`)).body).toEqual([]);
  });

  it("another company's notes, tickets and contacts answer 404", async () => {
    const owner = await setup();
    const intruder = await setup();
    const note = await t
      .as(owner.author)
      .post('/api/ticket-notes', { ticketId: owner.ticket.id, contactId: owner.contact.id, note: 'Private' });
    expect((await t.as(intruder.admin).delete(`/api/ticket-notes/${note.body.id}`)).status).toBe(404);
    expect(
      (
        await t
          .as(intruder.admin)
          .get(`/api/ticket-notes/list?contactId=${owner.contact.id}&ticketId=${owner.ticket.id}`)
      ).status,
    ).toBe(404);
    const posted = await t
      .as(intruder.admin)
      .post('/api/ticket-notes', { ticketId: owner.ticket.id, contactId: owner.contact.id, note: 'Sneaky' });
    expect(posted.status).toBe(404);
    // Their own contact with the owner's ticket: the ticket is not found.
    const mixed = await t
      .as(intruder.admin)
      .post('/api/ticket-notes', { ticketId: owner.ticket.id, contactId: intruder.contact.id, note: 'Sneaky' });
    expect(mixed.body.error).toBe('ERR_NO_TICKET_FOUND');
    expect((await t.as(owner.author).get(`/api/ticket-notes/list?contactId=${owner.contact.id}`)).body).toHaveLength(1);
  });

  it('follows the ticket access rule: a queue the attendant may not open hides and refuses its notes', async () => {
    const s = await setup();
    const [sales, billing] = await t.db
      .insert(queues)
      .values([
        { companyId: s.company.id, name: 'Sales', color: '#111111' },
        { companyId: s.company.id, name: 'Billing', color: '#222222' },
      ])
      .returning();
    // "author" works in Sales only; the contact has a Sales ticket and a Billing ticket.
    const [authorUser] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, s.company.id), eq(users.name, 'Ana Author')));
    await t.db.insert(userQueues).values({ userId: authorUser.id, queueId: sales.id });
    await t.db.update(tickets).set({ queueId: sales.id, status: 'closed' }).where(eq(tickets.id, s.ticket.id));
    const [billingTicket] = await t.db
      .insert(tickets)
      .values({ companyId: s.company.id, contactId: s.contact.id, status: 'open', queueId: billing.id })
      .returning();
    const onBilling = { ticketId: billingTicket.id, contactId: s.contact.id };
    await t.as(s.admin).post('/api/ticket-notes', { ...onBilling, note: 'Billing secret' });
    await t.as(s.admin).post('/api/ticket-notes', { ticketId: s.ticket.id, contactId: s.contact.id, note: 'Sales' });

    const add = await t.as(s.author).post('/api/ticket-notes', { ...onBilling, note: 'Not my queue' });
    expect(add.status).toBe(404);
    expect(add.body.error).toBe('ERR_NO_TICKET_FOUND');
    const read = await t
      .as(s.author)
      .get(`/api/ticket-notes/list?contactId=${s.contact.id}&ticketId=${billingTicket.id}`);
    expect(read.body.error).toBe('ERR_NO_TICKET_FOUND');
    // The contact-wide list leaves out the notes of the Billing ticket.
    const contactWide = await t.as(s.author).get(`/api/ticket-notes/list?contactId=${s.contact.id}`);
    expect(contactWide.body.map((note: TicketNoteRecord) => note.note)).toEqual(['Sales']);
    // Their own queue still works; the admin sees both.
    expect(
      (await t.as(s.author).post('/api/ticket-notes', { ticketId: s.ticket.id, contactId: s.contact.id, note: 'Ok' }))
        .status,
    ).toBe(200);
    const all = await t.as(s.admin).get(`/api/ticket-notes/list?contactId=${s.contact.id}`);
    expect(all.body).toHaveLength(3);
    // Once the Billing ticket is assigned to the attendant, it is theirs to open.
    await t.db.update(tickets).set({ userId: authorUser.id }).where(eq(tickets.id, billingTicket.id));
    expect((await t.as(s.author).post('/api/ticket-notes', { ...onBilling, note: 'Mine now' })).status).toBe(200);
  });
});
