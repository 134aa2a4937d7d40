import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../src/tables.ts';
import { pairedSandbox } from './channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from './factories.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A ticket or message whose owner is deleted by another request while it is being written:
 * 409 ERR_CREATING_TICKET / ERR_CREATING_MESSAGE, nothing left behind (no row, no file), never a
 * 500 or an empty 201. The other request is played by a trigger of this file's own database,
 * which deletes the owner at the exact moment of the write (before it, or just after it).
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // One function per table: PL/pgSQL cannot name a column the row does not have, even in a branch not taken.
  await t.db.execute(
    sql.raw(`create function test_delete_ticket_of_message() returns trigger language plpgsql as $$
begin
  delete from tickets where id = new.ticket_id;
  return new;
end $$`),
  );
  await t.db.execute(
    sql.raw(`create function test_delete_owner_of_ticket() returns trigger language plpgsql as $$
begin
  if tg_when = 'BEFORE' then
    delete from contacts where id = new.contact_id and name = 'Deleted before the write';
  else
    delete from tickets where id = new.id
      and exists (select 1 from contacts where id = new.contact_id and name = 'Deleted after the write');
  end if;
  return new;
end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger test_before_message before insert on messages for each row
      when (new.body = 'deleted before the write') execute function test_delete_ticket_of_message()`),
  );
  await t.db.execute(
    sql.raw(`create trigger test_after_message after insert on messages for each row
      when (new.body = 'deleted after the write') execute function test_delete_ticket_of_message()`),
  );
  for (const moment of ['before', 'after']) {
    await t.db.execute(
      sql.raw(`create trigger test_${moment}_ticket ${moment} insert on tickets for each row
        execute function test_delete_owner_of_ticket()`),
    );
  }
});
afterAll(() => t.close());

let numbers = 0;
async function office() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const connection = await pairedSandbox(t, token);
  const addContact = async (name: string) => {
    numbers += 1;
    const [contact] = await t.db
      .insert(contacts)
      .values({ companyId: company.id, name, number: `55119700${String(numbers).padStart(5, '0')}` })
      .returning();
    return contact;
  };
  return { company, token, connection, addContact };
}

describe('POST /api/tickets while the contact or the ticket is deleted', () => {
  it('answers 409 ERR_CREATING_TICKET and leaves no ticket when the contact goes before the insert', async () => {
    const { token, connection, addContact } = await office();
    const contact = await addContact('Deleted before the write');
    const answer = await t.as(token).post('/api/tickets', { contactId: contact.id, whatsappId: connection.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('ERR_CREATING_TICKET');
    expect(await t.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);
  });

  it('answers 409 ERR_CREATING_TICKET when the new ticket is deleted before it is read back', async () => {
    const { token, connection, addContact } = await office();
    const contact = await addContact('Deleted after the write');
    const answer = await t.as(token).post('/api/tickets', { contactId: contact.id, whatsappId: connection.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('ERR_CREATING_TICKET');

    const other = await addContact('Kept');
    expect((await t.as(token).post('/api/tickets', { contactId: other.id, whatsappId: connection.id })).status).toBe(
      201,
    );
  });
});

describe('POST /api/messages/:ticketId while the ticket is deleted', () => {
  async function openTicket() {
    const context = await office();
    const contact = await context.addContact('Marta');
    const created = await t.as(context.token).post('/api/tickets', {
      contactId: contact.id,
      whatsappId: context.connection.id,
    });
    expect(created.status).toBe(201);
    return { ...context, ticketId: created.body.id as number };
  }

  function sendWithFile(token: string, ticketId: number, body: string) {
    const form = new FormData();
    form.append('body', body);
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 quote')], { type: 'application/pdf' }), 'quote.pdf');
    const request = new Request('http://x/', { method: 'POST', body: form });
    return request.arrayBuffer().then((payload) =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/${ticketId}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(payload),
      }),
    );
  }

  it('answers 409 ERR_CREATING_MESSAGE and keeps neither the message nor its file', async () => {
    const { company, token, ticketId } = await openTicket();
    const response = await sendWithFile(token, ticketId, 'deleted before the write');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('ERR_CREATING_MESSAGE');
    expect(await t.db.select().from(messages).where(eq(messages.ticketId, ticketId))).toEqual([]);
    const folder = path.join(t.config.publicDir, `company-${company.id}`);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('answers 409 ERR_CREATING_MESSAGE, not an empty 201, when the ticket goes just after the write', async () => {
    const { token, ticketId } = await openTicket();
    const answer = await t.as(token).post(`/api/messages/${ticketId}`, { body: 'deleted after the write' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('ERR_CREATING_MESSAGE');
    expect(await t.db.select().from(messages).where(eq(messages.ticketId, ticketId))).toEqual([]);
  });
});
