import { PROMPT_TRANSFER_ACTION, type QueueIntegrationRecord, type SandboxOutboxEntry } from '@wacrm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { companies, plans, ticketNotes } from '../../tables.ts';
import { customer, ticketOf } from '../automation/automation.test-helpers.ts';
import { botCompany } from '../integrations/bots.test-helpers.ts';
import { spokenAudio, startFakeAzureSpeech } from '../integrations/fakes/fake-azure-speech.ts';
import { startFakeOpenAi } from '../integrations/fakes/fake-openai.ts';
import { startFakeTypebot } from '../integrations/fakes/fake-typebot.ts';
import { flowRuns, flows } from './flows.tables.ts';
import { edge, node, savedFlow, start } from './flows.test-helpers.ts';

// A flow's typebot and OpenAI nodes hand the conversation to the integrations module's bots (fake
// Typebot and OpenAI servers); integrations of type flowbuilder start a flow on the first message.

let t: TestServer;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let typebot: Awaited<ReturnType<typeof startFakeTypebot>>;
let azure: Awaited<ReturnType<typeof startFakeAzureSpeech>>;
const AZURE_KEY = 'azure-flow-node-key-4321';
beforeAll(async () => {
  openai = await startFakeOpenAi();
  azure = await startFakeAzureSpeech({ keys: [AZURE_KEY] });
  typebot = await startFakeTypebot('padaria', (base) => `${base}/image.png`, { endOn: 'Pães' });
  t = await startTestServer({
    SANDBOX_ENABLED: 'true',
    INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
    OPENAI_BASE_URL: openai.baseUrl,
    AZURE_SPEECH_URL: azure.urlTemplate,
    BOT_TIMEOUT_SECONDS: '3',
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
  await typebot.close();
  await azure.close();
});

const KEY = 'sk-flow-node-key-9876';
const PROMPT = `You are the bakery's assistant. When the customer asks for a person, answer "${PROMPT_TRANSFER_ACTION}".`;

async function lastRun(companyId: number, ticketId: number) {
  const rows = await t.db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId)));
  return rows.sort((a, b) => b.id - a.id)[0];
}

/** Waits until the customer has `count` new messages; answers them. */
async function receive(me: ReturnType<typeof customer>, count: number) {
  const seen: string[] = [];
  await waitUntil(
    async () => {
      seen.push(...(await me.received()));
      return seen.length >= count;
    },
    undefined,
    `${count} messages`,
  );
  return seen;
}

const openAiNode = (settings: Record<string, unknown> = {}) =>
  node('openai', { typebotIntegration: { name: 'Bakery AI', apiKey: KEY, prompt: PROMPT, ...settings } });

describe('typebot node', () => {
  it('opens the bot without a message, talks until the bot ends, then the flow continues', async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const hello = node('message', { label: 'Olá! Vou chamar nosso robô.' });
    const bot = node('typebot', {
      typebotIntegration: { name: 'Padaria', urlN8N: typebot.url, typebotSlug: 'padaria', typebotDelayMessage: 0 },
    });
    const bye = node('message', { label: 'Obrigado, {{name}}!' });
    await savedFlow(
      ctx.api,
      connection.id,
      'padaria',
      [s, hello, bot, bye],
      [edge(s, hello), edge(hello, bot), edge(bot, bye)],
    );
    const startsBefore = typebot.starts.length;
    const me = customer(ctx.api, connection.id);
    await me.say('Padaria');
    // The flow's message, then the bot's greeting, image, question and its options.
    expect(await receive(me, 5)).toEqual([
      'Olá! Vou chamar nosso robô.',
      'Bem-vindo à padaria!',
      '',
      'O que deseja?',
      '*1* - Bolos\n*2* - Pães',
    ]);
    expect(typebot.starts[startsBefore]).not.toHaveProperty('message');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(await lastRun(ctx.company.id, ticket.id)).toMatchObject({ status: 'running', waitingFor: 'bot' });

    await me.say('1');
    expect(await receive(me, 2)).toEqual(['Temos bolo de cenoura.', '*1* - Bolos\n*2* - Pães']);
    // The bot asks nothing more: the flow goes on along the node's edge.
    await me.say('2');
    expect(await receive(me, 2)).toEqual(['Você escolheu Pães. Até logo!', 'Obrigado, Maria Souza!']);
    await waitUntil(async () => (await lastRun(ctx.company.id, ticket.id)).status === 'done', undefined, 'run done');
  });

  it('the finish keyword hands the ticket to humans and ends the run', async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const bot = node('typebot', {
      typebotIntegration: {
        name: 'Padaria',
        urlN8N: typebot.url,
        typebotSlug: 'padaria',
        typebotDelayMessage: 0,
        typebotKeywordFinish: 'sair',
      },
    });
    await savedFlow(ctx.api, connection.id, 'pao', [s, bot], [edge(s, bot)]);
    const me = customer(ctx.api, connection.id);
    await me.say('pao');
    await receive(me, 4);
    await me.say('Sair');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await waitUntil(async () => (await lastRun(ctx.company.id, ticket.id)).status === 'human', undefined, 'handed');
    const notes = await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes.map((note) => note.note)).toEqual(["The flow's Typebot handed the conversation over"]);
    expect(await me.received()).toEqual([]);
  });

  it('malformed settings: 400 naming the node and the field', async () => {
    const ctx = await botCompany(t);
    const flow = (await ctx.api.post('/api/flowbuilder', { name: 'Bad typebot' })).body as { id: number };
    const s = start();
    const bot = node('typebot', { typebotIntegration: { name: 'x', urlN8N: 'not a url' } });
    const saved = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [s, bot],
      connections: [edge(s, bot)],
    });
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({
      error: 'ERR_FLOW_INVALID',
      fields: {
        [`nodes.${bot.id}.typebotIntegration.urlN8N`]: 'Invalid URL',
        [`nodes.${bot.id}.typebotIntegration.typebotSlug`]: expect.any(String),
      },
    });
  });
});

describe('OpenAI node', () => {
  it('answers with the node settings until the model transfers, then humans take over', async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const ai = openAiNode({ model: 'gpt-4o-mini', maxMessages: 5 });
    const flowId = await savedFlow(ctx.api, connection.id, 'ajuda', [s, ai], [edge(s, ai)]);

    // The key is write-only: masked when read, kept when the masked value is saved back.
    const read = (await ctx.api.get(`/api/flowbuilder/flow/${flowId}`)).body as {
      flow: {
        flow: { nodes: { id: string; data: { typebotIntegration: { apiKey: string } } }[]; connections: unknown[] };
      };
    };
    const stored = read.flow.flow.nodes.find((item) => item.id === ai.id)!;
    expect(stored.data.typebotIntegration.apiKey).toBe('sk-…9876');
    expect(JSON.stringify(read)).not.toContain(KEY);
    const resaved = await ctx.api.post('/api/flowbuilder/flow', { idFlow: flowId, ...read.flow.flow });
    expect(resaved.status).toBe(200);
    // A node duplicated in the editor (new id, the masked key) keeps its original's key.
    const copy = { ...stored, id: 'copyOfTheAiNode' };
    const withCopy = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flowId,
      nodes: [...read.flow.flow.nodes, copy],
      connections: read.flow.flow.connections,
    });
    expect(withCopy.status).toBe(200);
    const [saved] = await t.db.select().from(flows).where(eq(flows.id, flowId));
    const keys = saved.nodes?.filter((item) => item.type === 'openai').map((item) => item.data.typebotIntegration);
    expect(keys).toEqual([expect.objectContaining({ apiKey: KEY }), expect.objectContaining({ apiKey: KEY })]);
    await ctx.api.post('/api/flowbuilder/flow', { idFlow: flowId, ...read.flow.flow });

    const chatsBefore = openai.chats.length;
    const me = customer(ctx.api, connection.id);
    // The customer spoke last: the model answers that message at once.
    await me.say('Ajuda');
    expect(await receive(me, 1)).toEqual(['Echo: Ajuda']);
    const call = openai.chats[chatsBefore];
    expect(call.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body.model).toBe('gpt-4o-mini');
    expect(call.body.messages[0]).toEqual({ role: 'system', content: PROMPT });

    openai.reply(`Claro, um momento. ${PROMPT_TRANSFER_ACTION}`);
    await me.say('Quero falar com uma pessoa');
    expect(await receive(me, 1)).toEqual(['Claro, um momento.']);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await waitUntil(async () => (await lastRun(ctx.company.id, ticket.id)).status === 'human', undefined, 'handed');
    const notes = await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes.map((note) => note.note)).toEqual(["The flow's OpenAI handed the conversation over"]);
    // The humans' ticket now: the bot says nothing more.
    const calls = openai.chats.length;
    await me.say('Alô?');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await me.received()).toEqual([]);
    expect(openai.chats.length).toBe(calls);
  });

  it('a provider error hands over with a note; no key is a field error; export drops the key', async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const ai = openAiNode();
    const flowId = await savedFlow(ctx.api, connection.id, 'erro', [s, ai], [edge(s, ai)]);
    openai.fail(401);
    const me = customer(ctx.api, connection.id);
    await me.say('erro');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await waitUntil(async () => (await lastRun(ctx.company.id, ticket.id)).status === 'human', undefined, 'handed');
    const notes = await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes[0].note).toBe("The flow's OpenAI could not answer (HTTP 401); an attendant takes over");

    const flow = (await ctx.api.post('/api/flowbuilder', { name: 'No key' })).body as { id: number };
    const noKey = openAiNode({ apiKey: '' });
    const refused = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [s, noKey],
      connections: [edge(s, noKey)],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'ERR_FLOW_INVALID',
      fields: { [`nodes.${noKey.id}.typebotIntegration.apiKey`]: 'Required' },
    });

    const exported = await ctx.api.get(`/api/flowbuilder/${flowId}/export`);
    expect(JSON.stringify(exported.body)).not.toContain('9876');
    const imported = await ctx.api.post('/api/flowbuilder/import', exported.body);
    expect(imported.status).toBe(201);
    expect((imported.body as { warnings: { code: string; nodeId: string }[] }).warnings).toEqual([
      expect.objectContaining({ code: 'missingApiKey', nodeId: ai.id }),
    ]);
  });

  it("with a voice, answers with a voice note spoken by Azure in the node's voice, the text kept", async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const ai = openAiNode({ voice: 'pt-BR-ElzaNeural', voiceKey: AZURE_KEY, voiceRegion: 'brazilsouth' });
    const flowId = await savedFlow(ctx.api, connection.id, 'fala', [s, ai], [edge(s, ai)]);
    // The voice key is write-only like the API key: masked when read, kept when saved back masked,
    // left out of exports.
    const read = (await ctx.api.get(`/api/flowbuilder/flow/${flowId}`)).body as {
      flow: { flow: { nodes: { id: string; data: { typebotIntegration: { voiceKey: string } } }[] } };
    };
    expect(JSON.stringify(read)).not.toContain(AZURE_KEY);
    const masked = read.flow.flow.nodes.find((item) => item.id === ai.id)!.data.typebotIntegration.voiceKey;
    expect(masked).toContain('…');
    expect((await ctx.api.post('/api/flowbuilder/flow', { idFlow: flowId, ...read.flow.flow })).status).toBe(200);
    const exported = await ctx.api.get(`/api/flowbuilder/${flowId}/export`);
    expect(JSON.stringify(exported.body)).not.toContain(AZURE_KEY);

    const me = customer(ctx.api, connection.id);
    openai.reply('Olá, como posso ajudar?');
    await me.say('fala');
    expect(await receive(me, 1)).toEqual(['Olá, como posso ajudar?']);
    const entries = (await ctx.api.get(`/api/sandbox/${connection.id}/outbox?to=${me.number}`))
      .body as SandboxOutboxEntry[];
    expect(entries.at(-1)).toMatchObject({ media: { mimetype: 'audio/ogg; codecs=opus', voiceNote: true } });
    const audio = await fetch(new URL(entries.at(-1)!.media!.url!, t.url));
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(spokenAudio('Olá, como posso ajudar?'));
    expect(azure.spoken.at(-1)).toMatchObject({
      key: AZURE_KEY,
      region: 'brazilsouth',
      voice: 'pt-BR-ElzaNeural',
      text: 'Olá, como posso ajudar?',
    });
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id))).toEqual([]);
  });

  it('plan without useOpenAi: a save is refused (403) naming the node; a stored node hands over at run time', async () => {
    const ctx = await botCompany(t);
    const connection = await ctx.connection({});
    const s = start();
    const ai = openAiNode();
    const flowId = await savedFlow(ctx.api, connection.id, 'plano', [s, ai], [edge(s, ai)]);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, ctx.company.id));
    await t.db.update(plans).set({ useOpenAi: false }).where(eq(plans.id, row.planId!));

    const refused = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flowId,
      nodes: [s, ai],
      connections: [edge(s, ai)],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      error: 'ERR_FLOW_INTEGRATION_NOT_CONFIGURED',
      fields: { [`nodes.${ai.id}`]: "The company's plan does not include OpenAI" },
    });

    const calls = openai.chats.length;
    const me = customer(ctx.api, connection.id);
    await me.say('plano');
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    await waitUntil(async () => (await lastRun(ctx.company.id, ticket.id)).status === 'human', undefined, 'handed');
    const notes = await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id));
    expect(notes[0].note).toBe("The plan does not include the flow's OpenAI node; an attendant takes over");
    expect(openai.chats.length).toBe(calls);
    expect(await me.received()).toEqual([]);
  });
});

describe('integrations of type flowbuilder', () => {
  async function flowbuilderCompany() {
    const ctx = await botCompany(t);
    const flow = (await ctx.api.post('/api/flowbuilder', { name: 'Boas-vindas' })).body as { id: number };
    const s = start();
    const hello = node('message', { label: 'Bem-vindo ao fluxo, {{name}}!' });
    const ask = node('question', { typebotIntegration: { message: 'Qual seu pedido?', answerKey: 'pedido' } });
    const done = node('message', { label: 'Pedido anotado: {{pedido}}' });
    const saved = await ctx.api.post('/api/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [s, hello, ask, done],
      connections: [edge(s, hello), edge(hello, ask), edge(ask, done)],
    });
    expect(saved.status).toBe(200);
    const created = await ctx.api.post('/api/queueIntegration', {
      type: 'flowbuilder',
      name: 'Fluxo',
      flowId: flow.id,
    });
    expect(created.status).toBe(201);
    return { ...ctx, flowId: flow.id, integration: created.body as QueueIntegrationRecord };
  }

  it("a connection's flowbuilder integration starts its flow on the customer's first message", async () => {
    const ctx = await flowbuilderCompany();
    expect(ctx.integration).toMatchObject({ type: 'flowbuilder', flowId: ctx.flowId, projectName: 'Fluxo' });
    const connection = await ctx.connection({ integrationId: ctx.integration.id });
    const me = customer(ctx.api, connection.id);
    await me.say('Oi');
    expect(await receive(me, 2)).toEqual(['Bem-vindo ao fluxo, Maria Souza!', 'Qual seu pedido?']);
    await me.say('dois pães');
    expect(await receive(me, 1)).toEqual(['Pedido anotado: dois pães']);
    // Run over: the integration is no bot, so nothing hands the ticket over or answers again.
    await me.say('obrigado');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await me.received()).toEqual([]);
    const ticket = await ticketOf(t, ctx.company.id, me.number);
    expect(await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id))).toEqual([]);
  });

  it("a queue's flowbuilder integration starts the flow once the ticket is in the queue", async () => {
    const ctx = await flowbuilderCompany();
    const put = await ctx.api.put(`/api/queue/${ctx.queue.id}`, {
      name: ctx.queue.name,
      color: ctx.queue.color,
      integrationId: ctx.integration.id,
    });
    expect(put.status).toBe(200);
    // One queue on the connection: the first message puts the ticket in it.
    const connection = await ctx.connection({ queueIds: [ctx.queue.id] });
    const me = customer(ctx.api, connection.id);
    await me.say('Oi');
    const ticket = await waitUntil(async () => {
      const row = await ticketOf(t, ctx.company.id, me.number);
      return row?.queueId === ctx.queue.id ? row : null;
    });
    await me.say('Oi de novo');
    const all = await receive(me, 2);
    expect(all.slice(-2)).toEqual(['Bem-vindo ao fluxo, Maria Souza!', 'Qual seu pedido?']);
    expect((await lastRun(ctx.company.id, ticket.id)).status).toBe('running');
  });

  it('validation and tenancy: flowId required; another company flow answers 404', async () => {
    const ctx = await flowbuilderCompany();
    const missing = await ctx.api.post('/api/queueIntegration', { type: 'flowbuilder', name: 'Sem fluxo' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fields: { flowId: 'Required' } });

    const plan = await buildPlan(t.db, { useIntegrations: true });
    const other = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: other.id, profile: 'admin' });
    const otherApi = t.as((await t.login(admin.email, TEST_PASSWORD)).token);
    const foreign = await otherApi.post('/api/queueIntegration', {
      type: 'flowbuilder',
      name: 'Alheio',
      flowId: ctx.flowId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'ERR_NOT_FOUND', fields: { flowId: 'ERR_NOT_FOUND' } });
    const own = (
      await otherApi.post('/api/queueIntegration', {
        type: 'webhook',
        name: 'Hook',
        urlN8N: 'https://example.com/h',
        webhookSecret: 'whsec-0123456789abcdef',
      })
    ).body as { id: number };
    const update = await otherApi.put(`/api/queueIntegration/${own.id}`, {
      type: 'flowbuilder',
      name: 'Alheio',
      flowId: ctx.flowId,
    });
    expect(update.status).toBe(404);
  });
});
