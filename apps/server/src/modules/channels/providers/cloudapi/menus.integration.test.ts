import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { cloudApiKit, startCloudApiServer } from '../../../../../test/cloud-api.ts';
import {
  type FakeGraphApi,
  interactiveReply,
  type SentMessage,
  textMessage,
  webhookBody,
} from '../../../../../test/fake-graph-api.ts';
import type { TestServer } from '../../../../../test/test-server.ts';
import { messages, tickets } from '../../../../tables.ts';
import { customer, MAIN_MENU, queue, twoQueueSetup } from '../../../automation/automation.test-helpers.ts';
import { edge, node, savedFlow, start } from '../../../flows/flows.test-helpers.ts';

// Option menus as interactive buttons and lists (issue 47): the company's chatBotType decides, the
// Cloud API shows them, the customer's tap routes as the typed number would.

let t: TestServer;
let graph: FakeGraphApi;
let cloud: Awaited<ReturnType<typeof startCloudApiServer>>;
beforeAll(async () => {
  cloud = await startCloudApiServer();
  t = cloud.server;
  graph = cloud.graph;
});
afterAll(() => cloud.close());

const { cloudConnection, postWebhook, storedMessages } = cloudApiKit(
  () => t,
  () => graph,
);

type Api = ReturnType<TestServer['as']>;
type Connection = Awaited<ReturnType<typeof cloudConnection>>;

interface Interactive {
  type: 'button' | 'list';
  body: { text: string };
  action: {
    buttons?: { reply: { id: string; title: string } }[];
    button?: string;
    sections?: { rows: { id: string; title: string }[] }[];
  };
}

let customerSeq = 0;
const newCustomer = () => `55219${String(Date.now() % 100_000).padStart(5, '0')}${++customerSeq}`;

async function setChatBotType(api: Api, value: string) {
  const answer = await api.put('/api/settings/chatBotType', { value });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
}

async function option(api: Api, fields: Record<string, unknown>) {
  const answer = await api.post('/api/queue-options', fields);
  if (answer.status !== 200 && answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body as { id: number };
}

/** A Cloud API connection with `count` queues (Queue 1…) and the menu style asked for. */
async function cloudWithQueues(chatBotType: string, count: number) {
  const queues: { id: number; name: string }[] = [];
  const connection = await cloudConnection(async ({ api }) => {
    await setChatBotType(api, chatBotType);
    for (let index = 1; index <= count; index += 1) {
      queues.push(
        await queue(api, { name: `Queue ${index}`, orderQueue: index, greetingMessage: `Queue ${index} here.` }),
      );
    }
    return { greetingMessage: 'Hello {{firstName}}, pick one:', queueIds: queues.map((item) => item.id) };
  });
  return { ...connection, queues };
}

/** A customer of a Cloud API connection: writes and taps through signed webhooks, reads what Meta was asked to send. */
function cloudCustomer(connection: Connection) {
  const number = newCustomer();
  let seen = 0;
  const post = async (message: unknown) => {
    const answer = await postWebhook(
      connection.webhookPath,
      connection.number.appSecret,
      webhookBody(connection.number, { contacts: [{ waId: number, name: 'Maria Souza' }], messages: [message] }),
    );
    expect(answer.statusCode).toBe(200);
  };
  const sentToMe = () => graph.sent.filter((sent) => sent.to === number);
  return {
    number,
    say: (text: string) => post(textMessage(number, text)),
    tap: (kind: 'button_reply' | 'list_reply', reply: { id: string; title: string }) =>
      post(interactiveReply(number, kind, reply, sentToMe().at(-1)?.id)),
    /** The next message sent to this customer. */
    next: async (): Promise<SentMessage> => {
      const sent = await waitUntil(() => sentToMe()[seen], undefined, `message ${seen + 1} to ${number}`);
      seen += 1;
      return sent;
    },
  };
}

const interactiveOf = (sent: SentMessage) => {
  expect(sent.type).toBe('interactive');
  return sent.body.interactive as Interactive;
};
const buttonsOf = (sent: SentMessage) => interactiveOf(sent).action.buttons?.map((button) => button.reply);
const rowsOf = (sent: SentMessage) => interactiveOf(sent).action.sections?.flatMap((section) => section.rows);

async function ticketOf(connection: Connection) {
  const [ticket] = await t.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, connection.company.id), eq(tickets.whatsappId, connection.record.id)))
    .orderBy(asc(tickets.id));
  return ticket;
}

describe('option menus as buttons and lists on the Cloud API', () => {
  it('sends a menu of 2 queues as reply buttons; the tapped one puts the ticket in its queue', async () => {
    const cloud = await cloudWithQueues('button', 2);
    const [, support] = cloud.queues;
    await option(cloud.api, { queueId: support.id, option: '1', title: 'Internet', message: 'Internet:' });
    await option(cloud.api, { queueId: support.id, option: '2', title: 'Billing', message: 'Billing will answer.' });
    const me = cloudCustomer(cloud);

    await me.say('oi');
    const menu = await me.next();
    expect(interactiveOf(menu)).toMatchObject({ type: 'button', body: { text: 'Hello Maria, pick one:' } });
    expect(buttonsOf(menu)).toEqual([
      { id: 'opt:1', title: 'Queue 1' },
      { id: 'opt:2', title: 'Queue 2' },
    ]);
    // The thread keeps the whole text menu; the options go with it.
    const stored = (await storedMessages(cloud.company.id)).find((message) => message.externalId === menu.id);
    expect(stored?.body).toBe('Hello Maria, pick one:\n\n*[ 1 ]* - Queue 1\n*[ 2 ]* - Queue 2');
    expect(stored?.structuredContent).toMatchObject({ kind: 'menu', menu: { style: 'buttons' } });

    await me.tap('button_reply', { id: 'opt:2', title: 'Queue 2' });
    // The queue's own menu has 4 options with the way back: a list.
    const level = await me.next();
    expect(interactiveOf(level)).toMatchObject({ type: 'list', action: { button: 'Ver opções' } });
    expect(rowsOf(level)).toEqual([
      { id: 'opt:1', title: 'Internet' },
      { id: 'opt:2', title: 'Billing' },
      { id: 'opt:0', title: 'Voltar' },
      { id: 'opt:#', title: 'Menu inicial' },
    ]);
    expect(await ticketOf(cloud)).toMatchObject({ queueId: support.id, chatbot: true });
    // The tap is stored as the number the customer would have typed.
    const inbound = (await storedMessages(cloud.company.id)).filter((message) => !message.fromMe);
    expect(inbound.map((message) => message.body)).toEqual(['oi', '2']);

    await me.tap('list_reply', { id: 'opt:2', title: 'Billing' });
    expect(await me.next()).toMatchObject({ type: 'text', body: { text: { body: 'Billing will answer.' } } });
    const ticket = await waitUntil(async () => {
      const current = await ticketOf(cloud);
      return current.chatbot ? null : current;
    });
    expect(ticket).toMatchObject({ queueId: support.id, chatbot: false, status: 'pending' });
    expect(ticket.queueOptionId).not.toBeNull();
  });

  it('sends a list for 4 queues when the company asks for lists; the row picks the queue', async () => {
    const cloud = await cloudWithQueues('list', 4);
    const me = cloudCustomer(cloud);
    await me.say('oi');
    const menu = await me.next();
    expect(interactiveOf(menu).type).toBe('list');
    expect(rowsOf(menu)?.map((row) => row.title)).toEqual(['Queue 1', 'Queue 2', 'Queue 3', 'Queue 4']);
    await me.tap('list_reply', { id: 'opt:3', title: 'Queue 3' });
    expect(await me.next()).toMatchObject({ type: 'text', body: { text: { body: 'Queue 3 here.' } } });
    expect(await ticketOf(cloud)).toMatchObject({ queueId: cloud.queues[2].id, chatbot: false });
  });

  it('falls back to the text menu past 10 options, and a typed number still routes', async () => {
    const cloud = await cloudWithQueues('button', 2);
    const [, second] = cloud.queues;
    // 9 options, the way back and the main menu: 11.
    for (let index = 1; index <= 9; index += 1) {
      await option(cloud.api, {
        queueId: second.id,
        option: String(index),
        title: `Topic ${index}`,
        message: `Topic ${index}, then.`,
      });
    }
    const me = cloudCustomer(cloud);
    await me.say('oi');
    expect(interactiveOf(await me.next()).type).toBe('button');
    await me.tap('button_reply', { id: 'opt:2', title: 'Queue 2' });
    const level = await me.next();
    expect(level.type).toBe('text');
    const text = (level.body.text as { body: string }).body;
    expect(text).toContain('*[ 9 ]* - Topic 9\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial');
    await me.say('9');
    expect(await me.next()).toMatchObject({ type: 'text', body: { text: { body: 'Topic 9, then.' } } });
    expect(await ticketOf(cloud)).toMatchObject({ queueId: second.id, chatbot: false });
  });

  it("follows each company's own setting: buttons for one never change another's text menus", async () => {
    const withButtons = await cloudWithQueues('button', 2);
    const withText = await cloudWithQueues('text', 2);
    const first = cloudCustomer(withButtons);
    const second = cloudCustomer(withText);
    await Promise.all([first.say('oi'), second.say('oi')]);
    expect(interactiveOf(await first.next()).type).toBe('button');
    const plain = await second.next();
    expect(plain.type).toBe('text');
    expect((plain.body.text as { body: string }).body).toBe(
      'Hello Maria, pick one:\n\n*[ 1 ]* - Queue 1\n*[ 2 ]* - Queue 2',
    );
    // A tap that reaches a text-menu connection all the same (an older menu) reads as the typed number.
    await second.tap('button_reply', { id: 'opt:2', title: 'Queue 2' });
    expect(await second.next()).toMatchObject({ type: 'text', body: { text: { body: 'Queue 2 here.' } } });
    expect(await ticketOf(withText)).toMatchObject({ queueId: withText.queues[1].id });
    expect((await ticketOf(withButtons)).queueId).toBeNull();
  });

  it('sends flow menus as buttons, and the tap follows the chosen branch', async () => {
    const cloud = await cloudConnection(async ({ api }) => {
      await setChatBotType(api, 'button');
      return {};
    });
    const s = start();
    const menu = node('menu', {
      message: 'Choose:',
      arrayOption: [
        { number: 1, value: 'Sales' },
        { number: 2, value: 'Help' },
      ],
    });
    const sales = node('message', { label: 'Sales here' });
    const help = node('message', { label: 'Help here' });
    await savedFlow(
      cloud.api,
      cloud.record.id,
      'menu',
      [s, menu, sales, help],
      [edge(s, menu), edge(menu, sales, 'a1'), edge(menu, help, 'a2')],
    );
    const me = cloudCustomer(cloud);
    await me.say('menu');
    const sent = await me.next();
    expect(interactiveOf(sent).body.text).toBe('Choose:');
    expect(buttonsOf(sent)).toEqual([
      { id: 'opt:1', title: 'Sales' },
      { id: 'opt:2', title: 'Help' },
    ]);
    const stored = await waitUntil(async () =>
      (await t.db.select().from(messages).where(eq(messages.externalId, sent.id))).at(0),
    );
    expect(stored.body).toBe('Choose:\n\n[1] - Sales\n[2] - Help');
    await me.tap('button_reply', { id: 'opt:2', title: 'Help' });
    expect(await me.next()).toMatchObject({ type: 'text', body: { text: { body: 'Help here' } } });
  });

  it('sends a flow menu of 5 options as a list when the company asks for lists', async () => {
    const cloud = await cloudConnection(async ({ api }) => {
      await setChatBotType(api, 'list');
      return {};
    });
    const s = start();
    const options = [1, 2, 3, 4, 5].map((number) => ({ number, value: `Choice ${number}` }));
    const menu = node('menu', { message: 'Which one?', arrayOption: options });
    const answers = options.map((choice) => node('message', { label: `${choice.value} it is` }));
    await savedFlow(
      cloud.api,
      cloud.record.id,
      'list',
      [s, menu, ...answers],
      [edge(s, menu), ...answers.map((answer, index) => edge(menu, answer, `a${index + 1}`))],
    );
    const me = cloudCustomer(cloud);
    await me.say('list');
    const sent = await me.next();
    expect(interactiveOf(sent)).toMatchObject({ type: 'list', body: { text: 'Which one?' } });
    expect(rowsOf(sent)?.map((row) => row.id)).toEqual(['opt:1', 'opt:2', 'opt:3', 'opt:4', 'opt:5']);
    await me.tap('list_reply', { id: 'opt:5', title: 'Choice 5' });
    expect(await me.next()).toMatchObject({ type: 'text', body: { text: { body: 'Choice 5 it is' } } });
  });
});

describe('option menus on other connections', () => {
  it('sends the text menu through a QR-style (sandbox) connection whatever chatBotType says', async () => {
    const { connection, api, company } = await twoQueueSetup(t, { chatBotType: 'button' });
    const me = customer(api, connection.id);
    await me.say('hello');
    expect(await me.received()).toEqual([MAIN_MENU]);
    await me.say('2');
    const [level] = await me.received();
    expect(level).toContain('*[ 0 ]* - Voltar');
    // Stored with its options all the same: harmless where the provider sends the text.
    const menus = (await storedMessages(company.id)).filter((message) => message.structuredContent !== null);
    expect(menus.map((message) => message.body)).toEqual([MAIN_MENU, level]);
  });
});
