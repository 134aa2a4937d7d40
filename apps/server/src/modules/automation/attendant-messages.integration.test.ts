import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/channels.ts';
import { buildUser } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { ticketRatings, tickets } from '../../tables.ts';
import { createTestClock, customer, systemMessagesOf, ticketOf, twoQueueSetup } from './automation.test-helpers.ts';

// Automatic messages around attendants: accept greeting, transfer notice, completion and rating.

const clock = createTestClock();
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { clock: clock.now });
});
afterAll(() => t.close());

/** A new customer picks Sales from the menu and Ana accepts the ticket; what was sent so far is read. */
async function acceptedInSales(ctx: Awaited<ReturnType<typeof twoQueueSetup>>) {
  const me = customer(ctx.api, ctx.connection.id);
  await me.say('hi');
  await me.say('1');
  const ticket = await ticketOf(t, ctx.company.id, me.number);
  await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
  await me.received();
  return { me, ticket };
}

describe('messages around attendants', () => {
  it('greets on accept in the company language and tells the customer about a transfer', async () => {
    const {
      company: c,
      connection,
      api,
      support,
    } = await twoQueueSetup(t, {
      sendGreetingAccepted: 'enabled',
      sendMsgTransfTicket: 'enabled',
      messagesLanguage: 'en',
    });
    const me = customer(api, connection.id);
    await me.say('hi');
    await me.received();
    const ticket = await ticketOf(t, c.id, me.number);
    await api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await waitUntil(async () => (await me.received()).find((body) => /my name is \*Ana\*/.test(body)));
    await api.put(`/api/tickets/${ticket.id}`, { queueId: support.id, userId: null });
    await waitUntil(async () => (await me.received()).find((body) => body.includes('*Support* department')));
    const [greeting] = await systemMessagesOf(t, ticket.id);
    expect(greeting).toBeTruthy();
  });
});

describe('transfer notice', () => {
  it('names the attendant on a transfer within the queue, the queue and the attendant on a move to another queue', async () => {
    const ctx = await twoQueueSetup(t, { sendMsgTransfTicket: 'enabled', messagesLanguage: 'en' });
    const bruno = await buildUser(t.db, { companyId: ctx.company.id, profile: 'user', name: 'Bruno' });
    const { me, ticket } = await acceptedInSales(ctx);

    expect((await ctx.api.put(`/api/tickets/${ticket.id}`, { userId: bruno.id })).status).toBe(200);
    expect(await me.received()).toEqual([
      '*Automatic message*:\nYou have been transferred to *Bruno*, please wait, we will be with you shortly!',
    ]);

    const moved = await ctx.api.put(`/api/tickets/${ticket.id}`, { queueId: ctx.support.id, userId: ctx.admin.id });
    expect(moved.body).toMatchObject({ queueId: ctx.support.id, userId: ctx.admin.id, status: 'open' });
    expect(await me.received()).toEqual([
      '*Automatic message*:\nYou have been transferred to *Ana* in the *Support* department, please wait, we will be with you shortly!',
    ]);
  });
});

describe('completion and rating', () => {
  async function closedWithRating() {
    const ctx = await twoQueueSetup(t, { userRating: 'enabled' }, { complationMessage: 'Thanks, bye!' });
    const { me, ticket } = await acceptedInSales(ctx);
    const closed = await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(closed.body).toMatchObject({ status: 'closed' });
    return { ...ctx, me, ticket };
  }

  it('closes at once with the rating question; 1–3 is stored for the attendant and answered', async () => {
    const { me, ticket, admin, company: c } = await closedWithRating();
    const [question] = await me.received();
    expect(question).toMatch(
      /avalie.*\n\n\*\[ 1 \]\* - Insatisfeito\n\*\[ 2 \]\* - Satisfeito\n\*\[ 3 \]\* - Muito satisfeito$/s,
    );
    await me.say(' 3 ');
    expect(await me.received()).toEqual(['Thanks, bye!']);
    const [rating] = await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id));
    expect(rating).toMatchObject({ rate: 3, userId: admin.id, companyId: c.id });
    // The reply went to the rated ticket: no new ticket was opened.
    expect((await ticketOf(t, c.id, me.number)).id).toBe(ticket.id);
    // A second answer soon after is the rating's comment (docs/decisions/reports.md), not a second
    // rating and not a new conversation.
    await me.say('2');
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toMatchObject([
      { rate: 3, comment: '2' },
    ]);
    expect((await ticketOf(t, c.id, me.number)).id).toBe(ticket.id);
  });

  it('any other reply starts a new ticket and ends the wait', async () => {
    const { me, ticket, company: c } = await closedWithRating();
    await me.received();
    await me.say('I have another question');
    const next = await ticketOf(t, c.id, me.number);
    expect(next.id).not.toBe(ticket.id);
    expect(next.status).toBe('pending');
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    const [old] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(old.ratingDueAt).toBeNull();
  });

  it('a rating after the window is a new conversation', async () => {
    const { me, ticket, company: c } = await closedWithRating();
    await me.received();
    try {
      clock.shiftMinutes = 31;
      await me.say('3');
      expect((await ticketOf(t, c.id, me.number)).id).not.toBe(ticket.id);
    } finally {
      clock.shiftMinutes = 0;
    }
  });

  it('another company’s connection never rates this company’s ticket', async () => {
    const { me, ticket } = await closedWithRating();
    const other = await twoQueueSetup(t);
    const sameNumber = customer(other.api, other.connection.id, me.number);
    await sameNumber.say('3');
    expect(await t.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id))).toEqual([]);
    expect((await ticketOf(t, other.company.id, me.number)).status).toBe('pending');
  });

  it('without ratings, closing sends the completion message', async () => {
    const ctx = await twoQueueSetup(t, {}, { complationMessage: 'Thanks, {{firstName}}!' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hi');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' });
    await me.received();
    await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'closed' });
    expect(await me.received()).toEqual(['Thanks, Maria!']);
  });
});
