import { FLOW_MAX_STEPS_PER_INPUT, FLOW_MENU_MAX_INVALID_ANSWERS } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairedSandbox } from '../../../test/channels.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, tickets } from '../../tables.ts';
import { customer, queue, ticketOf } from '../automation/automation.test-helpers.ts';
import { flowRuns } from './flows.tables.ts';
import { edge, flowCompany, node, outbox, sampleFiles, savedFlow, start, upload } from './flows.test-helpers.ts';

// One sandbox conversation per node type, started by a flow campaign's phrase.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SANDBOX_ENABLED: 'true' });
});
afterAll(() => t.close());

async function runOf(companyId: number, ticketId: number) {
  const rows = await t.db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId)));
  return rows.sort((a, b) => b.id - a.id)[0];
}

describe('flow runtime through the sandbox', () => {
  it('message: sends the text with {{name}} filled, then ends', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const hello = node('message', { label: 'Olá {{name}}, bem-vindo!' });
    await savedFlow(ctx.api, ctx.connection.id, 'Quero Começar', [s, hello], [edge(s, hello)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('  quero comecar ');
    expect(await me.received()).toEqual(['Olá Maria Souza, bem-vindo!']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect((await runOf(ctx.company.id, ticket.id)).status).toBe('done');
  });

  it('phrase trigger: a different phrase starts nothing; an inactive campaign neither', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const hello = node('message', { label: 'Hello' });
    await savedFlow(ctx.api, ctx.connection.id, 'promo', [s, hello], [edge(s, hello)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('promo please');
    expect(await me.received()).toEqual([]);
    const campaigns = (await ctx.api.get('/api/flowcampaign')).body as { flows: { id: number; flowId: number }[] };
    const [campaign] = campaigns.flows;
    await ctx.api.put('/api/flowcampaign', { ...campaign, name: 'x', phrase: 'promo', status: false });
    await me.say('PROMO');
    expect(await me.received()).toEqual([]);
    await ctx.api.put('/api/flowcampaign', { ...campaign, name: 'x', phrase: 'promo', status: true });
    await me.say('Prómo');
    expect(await me.received()).toEqual(['Hello']);
  });

  it('interval: the next message comes only after the durable wait', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const a = node('message', { label: 'before' });
    const wait = node('interval', { sec: 3 });
    const b = node('message', { label: 'after' });
    await savedFlow(ctx.api, ctx.connection.id, 'wait', [s, a, wait, b], [edge(s, a), edge(a, wait), edge(wait, b)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('wait');
    expect(await me.received()).toEqual(['before']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(await runOf(ctx.company.id, ticket.id)).toMatchObject({ waitingFor: 'interval', status: 'running' });
    // Writing meanwhile does not move the flow on.
    await me.say('hello?');
    expect(await me.received()).toEqual([]);
    await waitUntil(async () => (await runOf(ctx.company.id, ticket.id)).status === 'done', undefined, 'the run ends');
    expect(await me.received()).toEqual(['after']);
  });

  it('content: text, an interval, then text, in order', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const content = node('content', {
      seq: ['message0', 'interval1', 'message2'],
      elements: [
        { number: 'message0', type: 'message', value: 'first' },
        { number: 'interval1', type: 'interval', value: '2' },
        { number: 'message2', type: 'message', value: 'second' },
      ],
    });
    await savedFlow(ctx.api, ctx.connection.id, 'content', [s, content], [edge(s, content)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('content');
    expect(await me.received()).toEqual(['first']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await waitUntil(async () => (await runOf(ctx.company.id, ticket.id)).status === 'done', undefined, 'the run ends');
    expect(await me.received()).toEqual(['second']);
  });

  it('menu: follows the chosen option; invalid answers repeat it, then a human takes over', async () => {
    const ctx = await flowCompany(t);
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
      ctx.api,
      ctx.connection.id,
      'menu',
      [s, menu, sales, help],
      [edge(s, menu), edge(menu, sales, 'a1'), edge(menu, help, 'a2')],
    );
    const menuText = 'Choose:\n\n[1] - Sales\n[2] - Help';

    const good = customer(ctx.api, ctx.connection.id);
    await good.say('menu');
    expect(await good.received()).toEqual([menuText]);
    await good.say('2');
    expect(await good.received()).toEqual(['Help here']);

    const lost = customer(ctx.api, ctx.connection.id);
    await lost.say('menu');
    for (let i = 1; i < FLOW_MENU_MAX_INVALID_ANSWERS; i += 1) await lost.say('banana');
    expect(await lost.received()).toEqual(Array(FLOW_MENU_MAX_INVALID_ANSWERS).fill(menuText));
    await lost.say('7');
    expect(await lost.received()).toEqual([]);
    const ticket = await ticketOf(t, ctx.company.id, lost.number);
    expect(await runOf(ctx.company.id, ticket.id)).toMatchObject({ status: 'human' });
    expect(ticket.status).toBe('pending');
    await lost.say('1');
    expect(await lost.received()).toEqual([]);
  });

  it('question and condition: the answer is stored and decides the branch', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const ask = node('question', { typebotIntegration: { message: 'How old are you?', answerKey: 'age' } });
    const check = node('condition', { key: 'age', condition: 'greaterThan', value: '17' });
    const adult = node('message', { label: 'Welcome, {{age}} years' });
    const minor = node('message', { label: 'Too young' });
    await savedFlow(
      ctx.api,
      ctx.connection.id,
      'age',
      [s, ask, check, adult, minor],
      [edge(s, ask), edge(ask, check), edge(check, adult, 'true'), edge(check, minor, 'false')],
    );
    const older = customer(ctx.api, ctx.connection.id);
    await older.say('age');
    expect(await older.received()).toEqual(['How old are you?']);
    await older.say(' 30 ');
    expect(await older.received()).toEqual(['Welcome, 30 years']);
    const ticket = await ticketOf(t, ctx.company.id, older.number);
    expect((await runOf(ctx.company.id, ticket.id)).variables).toEqual({ age: '30' });

    const younger = customer(ctx.api, ctx.connection.id);
    await younger.say('age');
    await younger.say('12');
    expect(await younger.received()).toEqual(['How old are you?', 'Too young']);
  });

  it('a live run plays the flow as last saved, and a deleted flow no longer (its definition is kept per process)', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const ask = node('question', { typebotIntegration: { message: 'Your order?', answerKey: 'order' } });
    const reply = node('message', { label: 'Got {{order}}' });
    const nodes = [s, ask, reply];
    const connections = [edge(s, ask), edge(ask, reply), edge(reply, ask)];
    const flowId = await savedFlow(ctx.api, ctx.connection.id, 'order', nodes, connections);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('order');
    await me.say('42');
    expect(await me.received()).toEqual(['Your order?', 'Got 42', 'Your order?']);

    // Saved while the run waits for an answer: the next turn plays the new text.
    const edited = { ...reply, data: { label: 'Order {{order}} noted' } };
    const saved = await ctx.api.post('/api/flowbuilder/flow', { idFlow: flowId, nodes: [s, ask, edited], connections });
    expect(saved.status).toBe(200);
    await me.say('43');
    expect(await me.received()).toEqual(['Order 43 noted', 'Your order?']);

    // Deleted: the run has nothing left to play (its rows go with the flow), and nothing is sent.
    expect((await ctx.api.delete(`/api/flowbuilder/${flowId}`)).status).toBe(204);
    await me.say('44');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(await runOf(ctx.company.id, ticket.id)).toBeUndefined();
    expect((await me.received()).filter((text) => text.includes('44'))).toEqual([]);
  });

  it("texts fill the answers, the contact's number and the company's custom variables (its own only)", async () => {
    const ctx = await flowCompany(t);
    const saved = await ctx.api.post('/api/campaign-settings', {
      settings: {
        variables: [
          { key: 'loja', value: 'Padaria Central' },
          // A message variable keeps its meaning; an answer wins over a custom variable.
          { key: 'name', value: 'not this' },
          { key: 'pedido', value: 'not this either' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const s = start();
    const ask = node('question', {
      typebotIntegration: { message: 'A {{loja}} pergunta: pedido?', answerKey: 'pedido' },
    });
    const menu = node('menu', { message: '{{loja}}: confirma?', arrayOption: [{ number: 1, value: 'Sim, {{loja}}' }] });
    const done = node('content', {
      elements: [{ number: 'message0', type: 'message', value: '{{name}} ({{number}}), {{loja}} anotou {{pedido}}.' }],
    });
    await savedFlow(
      ctx.api,
      ctx.connection.id,
      'pedido',
      [s, ask, menu, done],
      [edge(s, ask), edge(ask, menu), edge(menu, done, 'a1')],
    );
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('pedido');
    expect(await me.received()).toEqual(['A Padaria Central pergunta: pedido?']);
    await me.say('pão');
    expect(await me.received()).toEqual(['Padaria Central: confirma?\n\n[1] - Sim, Padaria Central']);
    await me.say('1');
    expect(await me.received()).toEqual([`Maria Souza (${me.number}), Padaria Central anotou pão.`]);

    // Another company's variables never reach this one's customers.
    const other = await flowCompany(t);
    const s2 = start();
    const hello = node('message', { label: 'Aqui é {{loja}}' });
    await savedFlow(other.api, other.connection.id, 'oi', [s2, hello], [edge(s2, hello)]);
    const them = customer(other.api, other.connection.id);
    await them.say('oi');
    expect(await them.received()).toEqual(['Aqui é {{loja}}']);
  });

  it('randomizer: each run takes exactly one of the two branches', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const split = node('randomizer', { percent: 50 });
    const a = node('message', { label: 'A' });
    const b = node('message', { label: 'B' });
    await savedFlow(
      ctx.api,
      ctx.connection.id,
      'split',
      [s, split, a, b],
      [edge(s, split), edge(split, a, 'a'), edge(split, b, 'b')],
    );
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('split');
    const got = await me.received();
    expect(got).toHaveLength(1);
    expect(['A', 'B']).toContain(got[0]);
  });

  it('randomizer: 100 always takes the first branch; 0 is refused at save, naming the field', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const always = node('randomizer', { percent: 100 });
    const a = node('message', { label: 'A' });
    const b = node('message', { label: 'B' });
    await savedFlow(
      ctx.api,
      ctx.connection.id,
      'sempre',
      [s, always, a, b],
      [edge(s, always), edge(always, a, 'a'), edge(always, b, 'b')],
    );
    for (const number of ['5511900000101', '5511900000102', '5511900000103', '5511900000104']) {
      const them = customer(ctx.api, ctx.connection.id, number);
      await them.say('sempre');
      expect(await them.received()).toEqual(['A']);
    }

    const never = node('randomizer', { percent: 0 });
    const flow = (await ctx.api.post('/api/flowbuilder', { name: 'Nunca' })).body as { id: number };
    const refused = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [s, never, a, b],
      connections: [edge(s, never), edge(never, a, 'a'), edge(never, b, 'b')],
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { details: { errors: { nodeId?: string; field?: string }[] } }).details.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ nodeId: never.id, field: 'percent' })]),
    );
  });

  it('image, audio and video: uploaded, type-checked from the bytes, and sent as media', async () => {
    const ctx = await flowCompany(t);
    const img = await upload(t, ctx.token, 'img', sampleFiles.png, 'photo.png');
    const audio = await upload(t, ctx.token, 'audio', sampleFiles.ogg, 'voice.ogg');
    const video = await upload(t, ctx.token, 'video', sampleFiles.mp4, 'clip.mp4');
    expect([img.status, audio.status, video.status]).toEqual([200, 200, 200]);
    // A "png" that is not one, and a video sent to the image route, are refused.
    expect((await upload(t, ctx.token, 'img', Buffer.from('<svg onload=alert(1)>'), 'x.png')).status).toBe(415);
    expect((await upload(t, ctx.token, 'img', sampleFiles.mp4, 'clip.png')).status).toBe(415);
    const s = start();
    const i = node('img', { url: img.body.name });
    const a = node('audio', { url: audio.body.name, record: false });
    const v = node('video', { url: video.body.name });
    await savedFlow(ctx.api, ctx.connection.id, 'media', [s, i, a, v], [edge(s, i), edge(i, a), edge(a, v)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('media');
    const sent = await outbox(ctx.api, ctx.connection.id, me.number);
    expect(sent.map((entry) => entry.media?.mimetype)).toEqual(['image/png', 'audio/ogg', 'video/mp4']);
  });

  it('ticket: moves the ticket to its queue and ends the flow', async () => {
    const ctx = await flowCompany(t);
    const sales = await queue(ctx.api, { name: 'Sales' });
    const s = start();
    const bye = node('message', { label: 'Passing you to Sales' });
    const toQueue = node('ticket', { queue: { id: sales.id, name: 'Sales' } });
    await savedFlow(ctx.api, ctx.connection.id, 'buy', [s, bye, toQueue], [edge(s, bye), edge(bye, toQueue)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('buy');
    expect(await me.received()).toEqual(['Passing you to Sales']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(ticket).toMatchObject({ queueId: sales.id, status: 'pending' });
    expect((await runOf(ctx.company.id, ticket.id)).status).toBe('queued');
  });

  it("an attendant's accept stops the run", async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const ask = node('question', { typebotIntegration: { message: 'Your name?', answerKey: 'who' } });
    const thanks = node('message', { label: 'Thanks {{who}}' });
    await savedFlow(ctx.api, ctx.connection.id, 'ask', [s, ask, thanks], [edge(s, ask), edge(ask, thanks)]);
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('ask');
    expect(await me.received()).toEqual(['Your name?']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect((await ctx.api.put(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    expect((await runOf(ctx.company.id, ticket.id)).status).toBe('stopped');
    await me.say('Maria');
    expect((await me.received()).filter((body) => body.startsWith('Thanks'))).toEqual([]);
  });

  it('a loop cannot spin: the step cap stops the run', async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const ask = node('question', { typebotIntegration: { message: 'Say something', answerKey: 'x' } });
    const loop = node('condition', { key: 'x', condition: 'isEmpty', value: '' });
    await savedFlow(
      ctx.api,
      ctx.connection.id,
      'loop',
      [s, ask, loop],
      [edge(s, ask), edge(ask, loop), edge(loop, loop, 'true'), edge(loop, loop, 'false')],
    );
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('loop');
    await me.say('anything');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    const run = await runOf(ctx.company.id, ticket.id);
    expect(run.status).toBe('capped');
    // The answer's step plus the cap's worth of condition steps, no more.
    expect(run.version).toBeLessThanOrEqual(FLOW_MAX_STEPS_PER_INPUT + 5);
  });

  it("the editor's test panel starts the flow on a sandbox customer's ticket", async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const hello = node('message', { label: 'Testing {{name}}' });
    const flowId = await savedFlow(ctx.api, ctx.connection.id, 'unused phrase', [s, hello], [edge(s, hello)]);
    const me = customer(ctx.api, ctx.connection.id);
    expect(
      (await ctx.api.post(`/api/flowbuilder/${flowId}/test`, { whatsappId: ctx.connection.id, number: me.number }))
        .status,
    ).toBe(404);
    await me.say('Oi');
    const started = await ctx.api.post(`/api/flowbuilder/${flowId}/test`, {
      whatsappId: ctx.connection.id,
      number: me.number,
    });
    expect(started.body).toMatchObject({ started: true });
    expect(await me.received()).toEqual(['Testing Maria Souza']);
  });

  it("ending a test removes the test customer's tickets on the sandbox and the customer; one with other tickets stays", async () => {
    const ctx = await flowCompany(t);
    const s = start();
    const hello = node('message', { label: 'Testing' });
    const flowId = await savedFlow(ctx.api, ctx.connection.id, 'unused phrase', [s, hello], [edge(s, hello)]);
    const end = (number: string, whatsappId = ctx.connection.id) =>
      ctx.api.post(`/api/flowbuilder/${flowId}/test/end`, { whatsappId, number });
    const ticketsOf = async (contactId: number) =>
      t.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, ctx.company.id), eq(tickets.contactId, contactId)));
    const contactOf = async (number: string) =>
      (
        await t.db
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, ctx.company.id), eq(contacts.number, number)))
      )[0];

    const tester = customer(ctx.api, ctx.connection.id);
    await tester.say('Oi');
    await ctx.api.post(`/api/flowbuilder/${flowId}/test`, { whatsappId: ctx.connection.id, number: tester.number });
    expect(await tester.received()).toEqual(['Testing']);
    const { contactId } = await ticketOf(t, ctx.company.id, tester.number);
    const ended = await end(tester.number);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ removedTickets: 1, isContactRemoved: true });
    expect(await ticketsOf(contactId)).toEqual([]);
    expect(await contactOf(tester.number)).toBeUndefined();
    // Twice, or a number that never wrote: nothing to remove.
    expect((await end(tester.number)).body).toEqual({ removedTickets: 0, isContactRemoved: false });

    // A customer who also has a ticket on another connection keeps it, and stays a contact.
    const other = await pairedSandbox(t, ctx.token);
    const known = customer(ctx.api, ctx.connection.id);
    await known.say('Oi');
    await ctx.api.post(`/api/sandbox/${other.id}/inbound`, { from: known.number, body: 'Oi de novo' });
    const contact = await contactOf(known.number);
    expect(await ticketsOf(contact.id)).toHaveLength(2);
    expect((await end(known.number)).body).toEqual({ removedTickets: 1, isContactRemoved: false });
    expect((await ticketsOf(contact.id)).map((ticket) => ticket.whatsappId)).toEqual([other.id]);
    expect(await contactOf(known.number)).toBeDefined();

    // Bad input is a 400 and removes nothing.
    const refused = await ctx.api.post(`/api/flowbuilder/${flowId}/test/end`, { whatsappId: other.id, number: 'abc' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION' });
  });

  it('without a matching phrase, routing automation answers as before', async () => {
    const ctx = await flowCompany(t);
    await ctx.api.put(`/api/whatsapp/${ctx.connection.id}`, { name: 'Greeter', greetingMessage: 'Hi from routing' });
    const me = customer(ctx.api, ctx.connection.id);
    await me.say('hello');
    expect(await me.received()).toEqual(['Hi from routing']);
  });
});
