import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessageRecord } from '@wacrm/shared';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinRoom, waitUntil } from '../../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../../test/test-server.ts';
import { contacts, messages, ticketRatings, tickets } from '../../../tables.ts';
import type { InboundMessage } from '../../channels/index.ts';
import { createInboundPipeline, type InboundHandler } from '../inbound-pipeline.ts';
import { createMessagesRealtime } from '../messages.realtime.ts';
import { createMessagesRepository } from '../messages.repository.ts';
import { createIntakeRepository } from './intake.repository.ts';
import { createIntake } from './intake.service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** What routing automation was asked, in the order it ran, and whether two steps of a ticket overlapped. */
function recordingAutomation() {
  const calls: string[] = [];
  const running = new Set<number>();
  let overlapped = false;
  const step = async (ticketId: number, label: string) => {
    if (running.has(ticketId)) overlapped = true;
    running.add(ticketId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    calls.push(label);
    running.delete(ticketId);
    return 'handled' as const;
  };
  const handler: InboundHandler = {
    customerMessage: ({ event }) => step(event.ticketId, `message ${event.ticketId} ${event.body}`),
    rated: (_companyId, ticketId) => step(ticketId, `rated ${ticketId}`),
    callDeclined: (_companyId, ticketId) => step(ticketId, `call ${ticketId}`),
  };
  const pipeline = createInboundPipeline();
  pipeline.declare([handler]);
  return { pipeline, calls, overlapped: () => overlapped };
}

/** A company, its admin's socket in the bell room, a connection, and an intake fed as a provider feeds it. */
async function setup() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const created = await t.as(token).post('/api/whatsapp', { name: `Batch ${company.id}`, provider: 'sandbox' });
  const connection = created.body as { id: number; name: string };
  const { platform } = t.server;
  const repository = createIntakeRepository(platform.db);
  const insertMessages = vi.spyOn(repository, 'insertMessages');
  const automation = recordingAutomation();
  const intake = createIntake({
    db: platform.db,
    repository,
    records: createMessagesRepository(platform.db, platform.storage),
    realtime: createMessagesRealtime(platform.realtime),
    storage: platform.storage,
    log: platform.log,
    clock: platform.clock,
    pipeline: automation.pipeline,
    companyLocale: async () => ({ language: 'pt' as const }),
  });
  const ref = { id: connection.id, companyId: company.id, name: connection.name, provider: 'sandbox' };

  const socket = t.connectSocket(token);
  await waitFor(socket, 'connect');
  await joinRoom(socket, 'joinNotification');
  const heard: { event: string; body: string }[] = [];
  socket.on(`company-${company.id}-appMessage`, (event: { action: string; message: MessageRecord }) => {
    if (event.action === 'create') heard.push({ event: 'message', body: event.message.body });
  });
  socket.on(`company-${company.id}-contact`, (event: { action: string; contact: { number: string } }) => {
    heard.push({ event: `contact ${event.action}`, body: event.contact.number });
  });

  /** Sizes of the message inserts so far: one per transaction that stored messages. */
  const batchSizes = () => insertMessages.mock.calls.map((call) => call[3].length);
  return { company, admin, token, connection, intake, ref, heard, automation, batchSizes };
}

const message = (chatId: string, body: string, externalId: string, extra: Partial<InboundMessage> = {}) => ({
  externalId,
  chatId,
  isGroup: false,
  pushName: `Push ${chatId}`,
  fromMe: false,
  body,
  timestamp: new Date(),
  ...extra,
});

const activeTickets = (companyId: number) =>
  t.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), ne(tickets.status, 'closed')));
const messagesOf = (companyId: number) =>
  t.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));
const contactsOf = (companyId: number) => t.db.select().from(contacts).where(eq(contacts.companyId, companyId));

/** Waits until `count` message events have been heard (the list is read anew each time). */
const messageEventsReach = (heard: { event: string }[], count: number, what: string) =>
  waitUntil(
    () => heard.filter((entry) => entry.event === 'message').length >= count,
    undefined,
    () => `${what}: ${heard.filter((entry) => entry.event === 'message').length} of ${count}`,
  );

describe('batch intake', () => {
  it('stores a burst from 40 numbers (new, known, with tickets; one message thrice) once each, in order', async () => {
    const { company, intake, ref, heard, batchSizes } = await setup();
    const number = (n: number) => `55119100${String(n).padStart(4, '0')}`;
    // Numbers 0–9 already talk on an open ticket with 2 unread; 10–19 are known contacts; 20–39 are new.
    for (let n = 0; n < 10; n++) await intake.onMessage(ref, message(number(n), `before ${n}`, `PRE${n}`));
    await t.db.update(tickets).set({ status: 'open', unreadMessages: 2 }).where(eq(tickets.companyId, company.id));
    await t.db
      .insert(contacts)
      .values(
        Array.from({ length: 10 }, (_, i) => ({ companyId: company.id, number: number(10 + i), name: `Known ${i}` })),
      );
    const before = await activeTickets(company.id);
    // The events of the setup have arrived before the burst's are counted.
    await messageEventsReach(heard, 10, 'setup events');
    heard.length = 0;

    const burst = Array.from({ length: 200 }, (_, i) => message(number(i % 40), `m${i}`, `B${i}`));
    // The 6th message comes again twice inside the burst (a provider redelivering it).
    const deliveries = [...burst.slice(0, 50), burst[5], ...burst.slice(50, 120), burst[5], ...burst.slice(120)];
    await Promise.all(deliveries.map((inbound) => intake.onMessage(ref, inbound)));

    // Batched: the first arrival alone, then 200 jobs together (the two copies of the 6th are
    // not stored again: 198 rows), then the last one.
    expect(batchSizes().slice(10)).toEqual([1, 198, 1]);
    const rows = (await messagesOf(company.id)).filter((row) => row.body.startsWith('m'));
    expect(rows.map((row) => row.body)).toEqual(burst.map((inbound) => inbound.body));

    const people = await contactsOf(company.id);
    expect(people).toHaveLength(40);
    const nameOf = new Map(people.map((contact) => [contact.number, contact.name]));
    expect(nameOf.get(number(12))).toBe('Known 2');
    expect(nameOf.get(number(25))).toBe(`Push ${number(25)}`);
    expect(people.every((contact) => contact.whatsappId === ref.id)).toBe(true);

    const after = await activeTickets(company.id);
    expect(after).toHaveLength(40);
    expect(new Set(after.map((ticket) => ticket.contactId)).size).toBe(40);
    const numberOf = new Map(people.map((contact) => [contact.id, contact.number]));
    for (const ticket of after) {
      const n = Number(numberOf.get(ticket.contactId)!.slice(-4));
      const existing = before.find((old) => old.id === ticket.id);
      expect(ticket.status).toBe(n < 10 ? 'open' : 'pending');
      expect(Boolean(existing)).toBe(n < 10);
      expect(ticket.unreadMessages).toBe(n < 10 ? 7 : 5);
      expect(ticket.lastMessage).toBe(`m${160 + n}`);
    }
    for (const row of rows) expect(after.find((ticket) => ticket.id === row.ticketId)).toBeDefined();

    // One event per stored message, in arrival order; one contact event per new number.
    await messageEventsReach(heard, 200, 'message events');
    // A moment more, so a duplicate event (the failure this guards against) would be heard too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const messageEvents = heard.filter((entry) => entry.event === 'message').map((entry) => entry.body);
    expect(messageEvents).toEqual(burst.map((inbound) => inbound.body));
    const created = heard.filter((entry) => entry.event === 'contact create').map((entry) => entry.body);
    expect(created.sort()).toEqual(Array.from({ length: 20 }, (_, i) => number(20 + i)));
  });

  it('a rating, its comment and a third message in the same batch: rated, commented, then a new ticket', async () => {
    const { company, admin, intake, ref, automation, batchSizes } = await setup();
    const rater = '5511920000001';
    const talker = '5511920000002';
    await intake.onMessage(ref, message(rater, 'first visit', 'R0'));
    await intake.onMessage(ref, message(talker, 'first visit', 'T0'));
    const soon = new Date(Date.now() + 10 * 60_000);
    await t.db
      .update(tickets)
      .set({ status: 'closed', userId: admin.id, ratingDueAt: soon, unreadMessages: 0 })
      .where(eq(tickets.companyId, company.id));
    const closed = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    const closedOf = async (number: string) => {
      const [contact] = await t.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, company.id), eq(contacts.number, number)));
      return closed.find((ticket) => ticket.contactId === contact.id)!;
    };
    const ratedTicket = await closedOf(rater);
    const talkerClosed = await closedOf(talker);
    automation.calls.length = 0;

    // The lone first arrival is its own batch; the five after it are written together.
    await Promise.all([
      intake.onMessage(ref, message('5511920000003', 'someone else', 'X1')),
      intake.onMessage(ref, message(rater, ' 3 ', 'R1')),
      intake.onMessage(ref, message(rater, 'quick and kind', 'R2')),
      intake.onMessage(ref, message(rater, 'and another thing', 'R3')),
      intake.onMessage(ref, message(talker, 'hello again', 'T1')),
      intake.onMessage(ref, message(talker, '2', 'T2')),
    ]);
    expect(batchSizes().slice(-2)).toEqual([1, 5]);

    const ratings = await t.db.select().from(ticketRatings).where(eq(ticketRatings.companyId, company.id));
    expect(ratings).toEqual([
      expect.objectContaining({
        ticketId: ratedTicket.id,
        rate: 3,
        userId: admin.id,
        comment: 'quick and kind',
        commentDueAt: null,
      }),
    ]);
    const rows = await messagesOf(company.id);
    const ticketOfMessage = (externalId: string) => rows.find((row) => row.externalId === externalId)!.ticketId;
    expect(ticketOfMessage('R1')).toBe(ratedTicket.id);
    expect(ticketOfMessage('R2')).toBe(ratedTicket.id);
    expect(ticketOfMessage('R3')).not.toBe(ratedTicket.id);
    expect(ticketOfMessage('T1')).not.toBe(talkerClosed.id);
    expect(ticketOfMessage('T2')).toBe(ticketOfMessage('T1'));

    const [ratedAfter] = await t.db.select().from(tickets).where(eq(tickets.id, ratedTicket.id));
    expect(ratedAfter).toMatchObject({
      status: 'closed',
      ratingDueAt: null,
      unreadMessages: 0,
      lastMessage: 'quick and kind',
    });
    const [talkerClosedAfter] = await t.db.select().from(tickets).where(eq(tickets.id, talkerClosed.id));
    expect(talkerClosedAfter.ratingDueAt).toBeNull();
    const open = await activeTickets(company.id);
    const unreadOf = (ticketId: number) => open.find((ticket) => ticket.id === ticketId)?.unreadMessages;
    expect(unreadOf(ticketOfMessage('R3'))).toBe(1);
    expect(unreadOf(ticketOfMessage('T1'))).toBe(2);

    // Automation: the rating's thanks (the comment asks for nothing), then the bot for each
    // pending ticket, in order per ticket.
    expect(automation.calls.filter((call) => call.includes(` ${ratedTicket.id}`))).toEqual([`rated ${ratedTicket.id}`]);
    const talkerTicket = ticketOfMessage('T1');
    expect(automation.calls.filter((call) => call.startsWith(`message ${talkerTicket} `))).toEqual([
      `message ${talkerTicket} hello again`,
      `message ${talkerTicket} 2`,
    ]);
    expect(automation.overlapped()).toBe(false);
  });

  it('the message after a rating is its comment within the window; later, or without text, it opens a ticket', async () => {
    const { company, admin, intake, ref, automation } = await setup();
    const commenter = '5511920000011';
    const late = '5511920000012';
    const sender = '5511920000013';
    for (const number of [commenter, late, sender]) await intake.onMessage(ref, message(number, 'hi', `C0-${number}`));
    await t.db
      .update(tickets)
      .set({ status: 'closed', userId: admin.id, ratingDueAt: new Date(Date.now() + 10 * 60_000), unreadMessages: 0 })
      .where(eq(tickets.companyId, company.id));
    for (const number of [commenter, late, sender]) await intake.onMessage(ref, message(number, '2', `C1-${number}`));
    const ratingsOf = () =>
      t.db.select().from(ticketRatings).where(eq(ticketRatings.companyId, company.id)).orderBy(ticketRatings.id);
    const [first] = await ratingsOf();
    // The window is the documented ten minutes from the rating.
    expect(first.commentDueAt!.getTime() - first.createdAt.getTime()).toBeGreaterThan(9 * 60_000);
    expect(first.commentDueAt!.getTime() - first.createdAt.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const [lateRating] = (await ratingsOf()).slice(1, 2);
    await t.db
      .update(ticketRatings)
      .set({ commentDueAt: new Date(Date.now() - 1000) })
      .where(eq(ticketRatings.id, lateRating.id));
    automation.calls.length = 0;
    await intake.onMessage(ref, message(commenter, 'Very helpful, thanks!', 'C2-a'));
    await intake.onMessage(ref, message(commenter, 'one more thing', 'C3-a'));
    await intake.onMessage(ref, message(late, 'too late to comment', 'C2-b'));
    await intake.onMessage(ref, message(sender, '  ', 'C2-c'));

    const [commented, lateAfter, senderAfter] = await ratingsOf();
    expect(commented).toMatchObject({ comment: 'Very helpful, thanks!', commentDueAt: null });
    expect(lateAfter).toMatchObject({ comment: null });
    expect(senderAfter).toMatchObject({ comment: null, commentDueAt: null });
    const rows = await messagesOf(company.id);
    const ticketOfMessage = (externalId: string) => rows.find((row) => row.externalId === externalId)!.ticketId;
    expect(ticketOfMessage('C2-a')).toBe(commented.ticketId);
    expect(ticketOfMessage('C3-a')).not.toBe(commented.ticketId);
    expect(ticketOfMessage('C2-b')).not.toBe(lateAfter.ticketId);
    expect(ticketOfMessage('C2-c')).not.toBe(senderAfter.ticketId);
    const [closedAfter] = await t.db.select().from(tickets).where(eq(tickets.id, commented.ticketId));
    expect(closedAfter).toMatchObject({ status: 'closed', unreadMessages: 0 });
    // The comment itself asks automation for nothing; each new ticket goes to the bot.
    expect(automation.calls.some((call) => call.includes('Very helpful'))).toBe(false);
    expect(automation.calls).toContain(`message ${ticketOfMessage('C3-a')} one more thing`);
  });

  it('a message that fails inside a batch fails alone: the others are stored and announced', async () => {
    const { company, intake, ref, heard, batchSizes } = await setup();
    const customer = '5511930000001';
    const lone = intake.onMessage(ref, message(customer, 'first', 'F0'));
    const batch = ['a', 'b', 'c', 'd'].map((body) => message(customer, body, `F-${body}`));
    // An external id longer than the column: the database refuses the whole batch's insert.
    const broken = message(customer, 'broken', 'X'.repeat(300));
    const answers = await Promise.allSettled([
      lone,
      ...[batch[0], batch[1], broken, batch[2], batch[3]].map((inbound) => intake.onMessage(ref, inbound)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // The batch of five failed, then each message was written alone.
    expect(batchSizes()).toEqual([1, 5, 1, 1, 1, 1, 1]);
    expect((await messagesOf(company.id)).map((row) => row.body)).toEqual(['first', 'a', 'b', 'c', 'd']);
    const [ticket] = await activeTickets(company.id);
    expect(ticket).toMatchObject({ unreadMessages: 5, lastMessage: 'd' });
    await messageEventsReach(heard, 5, 'message events');
    expect(heard.filter((entry) => entry.event === 'message').map((entry) => entry.body)).toEqual([
      'first',
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('a reply quotes a message stored just before it in the same batch; a file delivered twice is kept once', async () => {
    const { company, intake, ref } = await setup();
    const customer = '5511940000001';
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const photo = message(customer, '', 'P1', {
      mediaType: 'image',
      media: { data: png, mimetype: 'image/png', filename: 'photo.png' },
    });
    await Promise.all([
      intake.onMessage(ref, message(customer, 'first', 'Q0')),
      intake.onMessage(ref, message(customer, 'question', 'Q1')),
      intake.onMessage(ref, message(customer, 'the answer', 'Q2', { fromMe: true, quotedExternalId: 'Q1' })),
      intake.onMessage(ref, photo),
      intake.onMessage(ref, photo),
    ]);
    const rows = await messagesOf(company.id);
    expect(rows.map((row) => row.externalId)).toEqual(['Q0', 'Q1', 'Q2', 'P1']);
    const question = rows.find((row) => row.externalId === 'Q1')!;
    expect(rows.find((row) => row.externalId === 'Q2')).toMatchObject({
      quotedMsgId: question.id,
      fromMe: true,
      ack: 1,
    });
    const files = await readdir(path.join(t.config.publicDir, `company-${company.id}`));
    expect(files).toEqual([path.basename(rows.find((row) => row.externalId === 'P1')!.mediaPath!)]);
    // The company's own reply is not unread; the photo is the newest message.
    const [ticket] = await activeTickets(company.id);
    expect(ticket).toMatchObject({ unreadMessages: 3, lastMessage: 'photo.png', lastMessageFromMe: false });
  });

  it('the sandbox route stops answering for a connection as soon as it is deleted', async () => {
    const { token, connection } = await setup();
    const other = await t.as(token).post('/api/whatsapp', { name: 'Other', provider: 'sandbox' });
    expect(other.status).toBe(201);
    const outbox = () => t.as(token).get(`/api/sandbox/${connection.id}/outbox`);
    expect((await outbox()).status).toBe(200);
    // Another company's admin is refused even while the row is remembered.
    const stranger = await buildCompany(t.db);
    const strangerAdmin = await buildUser(t.db, { companyId: stranger.id, profile: 'admin' });
    const { token: strangerToken } = await t.login(strangerAdmin.email, TEST_PASSWORD);
    expect((await t.as(strangerToken).get(`/api/sandbox/${connection.id}/outbox`)).status).toBe(404);
    await t.as(token).put(`/api/whatsapp/${other.body.id}`, { isDefault: true });
    expect((await t.as(token).delete(`/api/whatsapp/${connection.id}`)).status).toBe(200);
    expect((await outbox()).status).toBe(404);
  });
});
