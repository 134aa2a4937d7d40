import { describe, expect, it } from 'vitest';
import { type BotConnection, type BotTicket, decideBotReply, levelMenuText, mainMenuText } from './queue-chatbot.ts';

const labels = { back: 'Voltar', mainMenu: 'Menu inicial' };
const now = new Date('2026-11-23T13:00:00Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const sales = { id: 1, name: 'Sales', greetingMessage: 'Sales here.', options: [] };
const support = {
  id: 2,
  name: 'Support',
  greetingMessage: 'Support: pick a topic.',
  options: [
    { id: 10, parentId: null, option: '1', title: 'Internet', message: 'Internet problems:' },
    { id: 11, parentId: 10, option: '1', title: 'Slow', message: 'Restart your router, an agent will follow.' },
    { id: 12, parentId: 10, option: '2', title: 'Down', message: null },
    { id: 13, parentId: null, option: '2', title: 'Billing', message: 'Billing will answer you.' },
  ],
};

const connection = (overrides: Partial<BotConnection> = {}): BotConnection => ({
  greetingMessage: 'Welcome!',
  queues: [sales, support],
  maxUseBotQueues: 3,
  timeUseBotQueues: 0,
  ...overrides,
});

const fresh: BotTicket = {
  queueId: null,
  queueOptionId: null,
  chatbot: false,
  amountUsedBotQueues: 0,
  botMenuSentAt: null,
  greetingSentAt: null,
};

function reply(
  ticket: BotTicket,
  body: string,
  overrides: Partial<BotConnection> = {},
  at = now,
  greetSingleQueue = true,
) {
  return decideBotReply({ ticket, connection: connection(overrides), body, now: at, greetSingleQueue, labels });
}

/** Plays a conversation: each message sees the ticket as the previous decisions left it. */
function play(bodies: string[], overrides: Partial<BotConnection> = {}) {
  let ticket = { ...fresh };
  return bodies.map((body) => {
    const decision = reply(ticket, body, overrides);
    ticket = { ...ticket, ...decision.patch };
    return { decision, ticket };
  });
}

describe('main menu', () => {
  it('greets with the numbered queues in order', () => {
    expect(mainMenuText(connection())).toBe('Welcome!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support');
    const { replies, patch } = reply(fresh, 'hello');
    expect(replies).toEqual(['Welcome!\n\n*[ 1 ]* - Sales\n*[ 2 ]* - Support']);
    expect(patch).toMatchObject({ chatbot: true, amountUsedBotQueues: 1, botMenuSentAt: now });
  });

  it('a digit picks the queue; a queue without options greets and hands over', () => {
    const [, picked] = play(['hi', '1']);
    expect(picked.decision).toMatchObject({ replies: ['Sales here.'], enteredQueueId: 1 });
    expect(picked.ticket).toMatchObject({ queueId: 1, chatbot: false });
  });

  it('repeats the menu for anything else, at most maxUseBotQueues times, then goes quiet', () => {
    const steps = play(['hi', 'what?', '9', 'banana', 'hello?']);
    expect(steps.map((step) => step.decision.replies.length)).toEqual([1, 1, 1, 0, 0]);
    expect(steps[3].ticket).toMatchObject({ chatbot: false, queueId: null, amountUsedBotQueues: 3 });
  });

  it('maxUseBotQueues 0 means no limit', () => {
    const steps = play(['a', 'b', 'c', 'd', 'e'], { maxUseBotQueues: 0 });
    expect(steps.every((step) => step.decision.replies.length === 1)).toBe(true);
  });

  it('timeUseBotQueues keeps the menu from being resent within that time, a valid digit still counts', () => {
    const first = reply(fresh, 'hi', { timeUseBotQueues: 10 });
    const ticket = { ...fresh, ...first.patch };
    expect(reply(ticket, 'hm', { timeUseBotQueues: 10 }, minutesLater(5)).replies).toEqual([]);
    expect(reply(ticket, 'hm', { timeUseBotQueues: 10 }, minutesLater(10)).replies).toHaveLength(1);
    expect(reply(ticket, '1', { timeUseBotQueues: 10 }, minutesLater(1)).patch.queueId).toBe(1);
  });

  it('a digit before the menu was seen is just a first message', () => {
    expect(reply(fresh, '1')).toMatchObject({ patch: { queueId: null, amountUsedBotQueues: 1 } });
  });

  it('one queue: straight in, its greeting only with sendGreetingMessageOneQueues', () => {
    const single = { queues: [sales] };
    expect(reply(fresh, 'hi', single, now, true)).toMatchObject({ replies: ['Sales here.'], patch: { queueId: 1 } });
    expect(reply(fresh, 'hi', single, now, false)).toMatchObject({ replies: [], patch: { queueId: 1 } });
  });

  it('no queues: the connection greets once per ticket', () => {
    const none = { queues: [] };
    const first = reply(fresh, 'hi', none);
    expect(first).toMatchObject({ replies: ['Welcome!'], patch: { greetingSentAt: now } });
    expect(reply({ ...fresh, ...first.patch }, 'again', none).replies).toEqual([]);
  });
});

describe('queue options', () => {
  it('lists a level with the way back', () => {
    expect(levelMenuText(support, null, labels)).toBe(
      'Support: pick a topic.\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Billing\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial',
    );
  });

  it('walks down the tree to a leaf, which answers and hands the ticket to attendants', () => {
    const steps = play(['hi', '2', '1', '1']);
    expect(steps[1].ticket).toMatchObject({ queueId: 2, chatbot: true, queueOptionId: null });
    expect(steps[2].decision.replies[0]).toContain('Internet problems:\n\n*[ 1 ]* - Slow\n*[ 2 ]* - Down');
    expect(steps[3].decision.replies).toEqual(['Restart your router, an agent will follow.']);
    expect(steps[3].ticket).toMatchObject({ queueId: 2, queueOptionId: 11, chatbot: false });
  });

  it('0 goes back one level, # back to the main menu', () => {
    const steps = play(['hi', '2', '1', '0', '#', '1']);
    expect(steps[3].decision.replies[0]).toMatch(/^Support: pick a topic\./);
    expect(steps[3].ticket.queueOptionId).toBeNull();
    expect(steps[4].decision.replies[0]).toBe(mainMenuText(connection()));
    expect(steps[4].ticket).toMatchObject({ queueId: null, chatbot: true });
    expect(steps[5].ticket).toMatchObject({ queueId: 1, chatbot: false });
  });

  it('0 at the top of a queue goes back to the main menu', () => {
    const steps = play(['hi', '2', '0']);
    expect(steps[2].ticket).toMatchObject({ queueId: null });
  });

  it('an invalid option repeats the level until the limit, then the bot stops', () => {
    const steps = play(['hi', '2', 'x', 'y', 'z']);
    expect(steps.map((step) => step.decision.replies.length)).toEqual([1, 1, 1, 1, 0]);
    expect(steps[4].ticket).toMatchObject({ queueId: 2, chatbot: false });
  });

  it('a leaf without a message hands over quietly', () => {
    const steps = play(['hi', '2', '1', '2']);
    expect(steps[3].decision.replies).toEqual([]);
    expect(steps[3].ticket).toMatchObject({ queueOptionId: 12, chatbot: false });
  });

  it('leaves a ticket whose queue an attendant set alone', () => {
    expect(reply({ ...fresh, queueId: 1, chatbot: false }, 'hi').replies).toEqual([]);
  });
});

describe('menus as options (for buttons and lists)', () => {
  it('gives each menu its options, ids being what the customer types', () => {
    const steps = play(['hi', '2', '1', 'hm']);
    expect(steps[0].decision.menu).toEqual({
      text: 'Welcome!',
      options: [
        { id: '1', title: 'Sales' },
        { id: '2', title: 'Support' },
      ],
    });
    expect(steps[1].decision.menu?.options.map((option) => option.id)).toEqual(['1', '2', '0', '#']);
    expect(steps[2].decision.menu).toMatchObject({ text: 'Internet problems:' });
    // A repeated menu keeps its options; a leaf's message is no menu.
    expect(steps[3].decision.menu?.options.map((option) => option.title)).toEqual([
      'Slow',
      'Down',
      'Voltar',
      'Menu inicial',
    ]);
    expect(play(['hi', '2', '2'])[2].decision.menu).toBeUndefined();
  });
});
