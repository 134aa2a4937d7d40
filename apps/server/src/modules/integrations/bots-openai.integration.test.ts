import { PROMPT_TRANSFER_ACTION, type PromptRecord, type SandboxOutboxEntry } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { queues } from '../../tables.ts';
import { botCompany, receivedAtLeast } from './bots.test-helpers.ts';
import { spokenAudio, startFakeAzureSpeech } from './fakes/fake-azure-speech.ts';
import { startFakeOpenAi } from './fakes/fake-openai.ts';
import { VOICE_NOT_UNDERSTOOD } from './runtimes/openai.ts';

let t: TestServer;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let azure: Awaited<ReturnType<typeof startFakeAzureSpeech>>;
const AZURE_KEY = 'azure-speech-key-bakery-0001';
const OTHER_AZURE_KEY = 'azure-speech-key-florist-0002';
beforeAll(async () => {
  openai = await startFakeOpenAi();
  azure = await startFakeAzureSpeech({ keys: [AZURE_KEY, OTHER_AZURE_KEY] });
  t = await startTestServer({
    OPENAI_BASE_URL: openai.baseUrl,
    AZURE_SPEECH_URL: azure.urlTemplate,
    // The fake Azure listens on loopback.
    INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true',
    BOT_TIMEOUT_SECONDS: '2',
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
  await azure.close();
});

const PROMPT = `You are the bakery's assistant. When the customer asks for a person, answer "${PROMPT_TRANSFER_ACTION}".`;
let numberSeq = 0;
const nextNumber = () => `55118${String(++numberSeq).padStart(8, '0')}`;

/** The bakery prompt, handing over to the company's queue. */
async function createPrompt(ctx: Awaited<ReturnType<typeof botCompany>>, extra: Record<string, unknown> = {}) {
  const created = await ctx.api.post('/api/prompt', {
    name: 'Bakery bot',
    prompt: PROMPT,
    apiKey: 'sk-fake-key-123456',
    queueId: ctx.queue.id,
    model: 'gpt-4o-mini',
    maxMessages: 3,
    ...extra,
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body as PromptRecord;
}

async function promptSandbox(extra: Record<string, unknown> = {}) {
  const ctx = await botCompany(t);
  const prompt = await createPrompt(ctx, extra);
  const connection = await ctx.connection({ promptId: prompt.id });
  return { ...ctx, prompt, connection };
}

describe('OpenAI prompt bot', () => {
  it('answers with the prompt and the last maxMessages messages, then transfers to the queue', async () => {
    const ctx = await promptSandbox();
    const customer = nextNumber();
    openai.reply('Olá! Temos bolos e pães.');
    await ctx.say(ctx.connection.id, customer, 'Oi, o que vocês têm?');
    expect(await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 1)).toEqual(['Olá! Temos bolos e pães.']);
    const first = openai.chats.at(-1)!;
    expect(first.authorization).toBe('Bearer sk-fake-key-123456');
    expect(first.body.model).toBe('gpt-4o-mini');
    expect(first.body.messages[0]).toEqual({ role: 'system', content: PROMPT });
    expect(first.body.messages.at(-1)).toEqual({ role: 'user', content: 'Oi, o que vocês têm?' });
    const ticket = await ctx.ticketOf(ctx.connection.id);
    expect(ticket).toMatchObject({ status: 'pending', useIntegration: true, promptId: ctx.prompt.id });

    openai.reply('Bolo de cenoura custa 30.');
    await ctx.say(ctx.connection.id, customer, 'Quanto custa o bolo?');
    await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 2);
    // maxMessages 3: the system message and the last three messages of the ticket.
    const second = openai.chats.at(-1)!.body.messages;
    expect(second).toHaveLength(4);
    expect(second.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);

    openai.reply(`Claro, vou chamar alguém.\n${PROMPT_TRANSFER_ACTION}`);
    await ctx.say(ctx.connection.id, customer, 'Quero falar com uma pessoa');
    const bodies = await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 3);
    expect(bodies.at(-1)).toBe('Claro, vou chamar alguém.');
    const handed = await waitUntil(async () => {
      const row = await ctx.ticketOf(ctx.connection.id);
      return row && !row.useIntegration ? row : null;
    });
    expect(handed).toMatchObject({ status: 'pending', queueId: ctx.queue.id, userId: null });
    expect((await ctx.notesOf(handed.id)).length).toBe(1);
  });

  it("a provider failure on a ticket without a queue hands it to the prompt's queue, with a note", async () => {
    // The prompt answers on the connection, before any queue: the ticket has none.
    const ctx = await promptSandbox();
    const customer = nextNumber();
    openai.fail(500);
    await ctx.say(ctx.connection.id, customer, 'Oi?');
    const handed = await waitUntil(async () => {
      const row = await ctx.ticketOf(ctx.connection.id);
      return row && !row.useIntegration ? row : null;
    });
    // Attendants who do not see tickets without a queue still get it.
    expect(handed).toMatchObject({ status: 'pending', queueId: ctx.queue.id, userId: null });
    expect((await ctx.notesOf(handed.id))[0].note).toMatch(/could not answer/);
  });

  it("answers the message that chose its queue from the menu, and only a bot's queue gets one", async () => {
    const ctx = await botCompany(t);
    const prompt = await createPrompt(ctx);
    const [bakery] = await t.db
      .insert(queues)
      .values({ companyId: ctx.company.id, name: `Bakery ${nextNumber()}`, color: '#aa5500', orderQueue: 1 })
      .returning();
    await t.db.update(queues).set({ orderQueue: 2 }).where(eq(queues.id, ctx.queue.id));
    await t.db.update(queues).set({ promptId: prompt.id }).where(eq(queues.id, bakery.id));
    const connection = await ctx.connection({ greetingMessage: 'Welcome!', queueIds: [bakery.id, ctx.queue.id] });
    const menu = `Welcome!\n\n*[ 1 ]* - ${bakery.name}\n*[ 2 ]* - ${ctx.queue.name}`;

    // Option 1 moves the ticket to the bakery queue: its prompt answers that same message.
    const baker = nextNumber();
    await ctx.say(connection.id, baker, 'Oi');
    expect(await receivedAtLeast(ctx.outbox, connection.id, baker, 1)).toEqual([menu]);
    openai.reply('Bem-vindo à padaria!');
    await ctx.say(connection.id, baker, '1');
    expect(await receivedAtLeast(ctx.outbox, connection.id, baker, 2)).toEqual([menu, 'Bem-vindo à padaria!']);
    expect(openai.chats.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: '1' });

    // Option 2 is a queue without a bot: nobody but the attendants answers.
    const chats = openai.chats.length;
    const human = nextNumber();
    await ctx.say(connection.id, human, 'Oi');
    await ctx.say(connection.id, human, '2');
    const ticket = await waitUntil(async () => {
      const rows = await ctx.ticketsOf(connection.id);
      const row = rows.find((candidate) => candidate.queueId === ctx.queue.id);
      return row ?? null;
    });
    expect(ticket).toMatchObject({ status: 'pending', useIntegration: false, promptId: null });
    expect(openai.chats.length).toBe(chats);
  });

  it('transcribes a voice note, or answers politely in text when the provider cannot', async () => {
    const ctx = await promptSandbox();
    const customer = nextNumber();
    const voice = {
      filename: 'note.ogg',
      mimetype: 'audio/ogg',
      base64: Buffer.from('OggS fake audio').toString('base64'),
    };
    openai.transcriptions(200, 'quero um bolo de chocolate');
    openai.reply('Temos bolo de chocolate!');
    await ctx.say(ctx.connection.id, customer, '', voice);
    expect(await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 1)).toEqual(['Temos bolo de chocolate!']);
    expect(openai.chats.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'quero um bolo de chocolate' });

    openai.transcriptions(404);
    await ctx.say(ctx.connection.id, customer, '', voice);
    const bodies = await receivedAtLeast(ctx.outbox, ctx.connection.id, customer, 2);
    expect(bodies.at(-1)).toBe(VOICE_NOT_UNDERSTOOD);
  });

  it.each([
    ['401', () => openai.fail(401)],
    ['429', () => openai.fail(429)],
    ['a timeout', () => openai.hang()],
  ])('on %s keeps the message and hands the ticket to humans with a note', async (_name, failure) => {
    const ctx = await promptSandbox();
    const customer = nextNumber();
    failure();
    await ctx.say(ctx.connection.id, customer, 'Vocês abrem domingo?');
    const handed = await waitUntil(async () => {
      const row = await ctx.ticketOf(ctx.connection.id);
      return row?.promptId && !row.useIntegration ? row : null;
    });
    expect(handed).toMatchObject({ status: 'pending', userId: null });
    const [note] = await ctx.notesOf(handed.id);
    expect(note.note).toMatch(/attendant takes over/);
    expect(note.note).not.toContain('sk-fake');
    const messages = (await ctx.api.get(`/api/messages/${handed.id}`)).body;
    expect(JSON.stringify(messages)).toContain('Vocês abrem domingo?');
  });
});

describe('spoken replies (Azure Speech)', () => {
  const FRANCISCA = { voice: 'pt-BR-FranciscaNeural', voiceKey: AZURE_KEY, voiceRegion: 'brazilsouth' };

  /** Everything the customer received, with media. */
  async function outboxOf(ctx: Awaited<ReturnType<typeof promptSandbox>>, customer: string, count: number) {
    return waitUntil(async () => {
      const entries = (await ctx.api.get(`/api/sandbox/${ctx.connection.id}/outbox?to=${customer}`))
        .body as SandboxOutboxEntry[];
      return entries.length >= count ? entries : null;
    });
  }

  async function downloaded(url: string) {
    const response = await fetch(new URL(url, t.url));
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('a prompt with a voice answers with a voice note in that voice, the text kept in the thread', async () => {
    const ctx = await promptSandbox(FRANCISCA);
    expect(ctx.prompt.voiceKey).not.toBe(AZURE_KEY);
    const customer = nextNumber();
    const answer = 'Temos pão & bolo <fresquinhos> hoje!';
    openai.reply(answer);
    await ctx.say(ctx.connection.id, customer, 'O que tem hoje?');
    const [sent] = await outboxOf(ctx, customer, 1);
    expect(sent).toMatchObject({ body: answer, media: { mimetype: 'audio/ogg; codecs=opus', voiceNote: true } });
    expect(await downloaded(sent.media!.url!)).toEqual(spokenAudio(answer));
    expect(azure.spoken.at(-1)).toMatchObject({
      region: 'brazilsouth',
      key: AZURE_KEY,
      voice: 'pt-BR-FranciscaNeural',
      text: answer,
    });

    // Attendants read what was said: the voice note's body, also the ticket's last message.
    const ticket = (await ctx.ticketOf(ctx.connection.id))!;
    expect(ticket.lastMessage).toBe(answer);
    const thread = (await ctx.api.get(`/api/messages/${ticket.id}`)).body as {
      messages: { body: string; fromMe: boolean; mediaType: string | null }[];
    };
    expect(thread.messages.filter((message) => message.fromMe)).toEqual([
      expect.objectContaining({ body: answer, mediaType: 'audio' }),
    ]);
    expect(await ctx.notesOf(ticket.id)).toEqual([]);
    // The next turn's history holds the spoken reply as the assistant's text.
    openai.reply('De nada!');
    await ctx.say(ctx.connection.id, customer, 'Obrigado');
    await outboxOf(ctx, customer, 2);
    expect(openai.chats.at(-1)!.body.messages.slice(-2)).toEqual([
      { role: 'assistant', content: answer },
      { role: 'user', content: 'Obrigado' },
    ]);
  });

  it('the text-only voice (texto) answers in text and never calls Azure', async () => {
    const ctx = await promptSandbox({ voice: 'texto', voiceKey: AZURE_KEY, voiceRegion: 'brazilsouth' });
    const customer = nextNumber();
    const spoken = azure.requests.length;
    openai.reply('Só texto por aqui.');
    await ctx.say(ctx.connection.id, customer, 'Oi');
    const [sent] = await outboxOf(ctx, customer, 1);
    expect(sent).toMatchObject({ body: 'Só texto por aqui.', media: null });
    expect(azure.requests.length).toBe(spoken);
  });

  const nothing = () => undefined;
  it.each<[string, Record<string, string>, () => unknown, string]>([
    ['Azure refuses the key (401)', { voiceKey: 'azure-key-revoked-9999' }, nothing, 'HTTP 401'],
    ['Azure fails (500)', {}, () => azure.fail(500), 'HTTP 500'],
    ['Azure answers no audio', {}, () => azure.garbage(), 'the answer was not Ogg/Opus audio'],
    ['the prompt has no region', { voiceRegion: '' }, nothing, 'no valid voice region'],
  ])('when %s the text reply goes instead, with a ticket note', async (_name, voice, script, reason) => {
    const ctx = await promptSandbox({ ...FRANCISCA, ...voice });
    const customer = nextNumber();
    script();
    openai.reply('Abrimos às 8h.');
    await ctx.say(ctx.connection.id, customer, 'Que horas abrem?');
    const [sent] = await outboxOf(ctx, customer, 1);
    expect(sent).toMatchObject({ body: 'Abrimos às 8h.', media: null });
    const ticket = (await ctx.ticketOf(ctx.connection.id))!;
    const notes = await waitUntil(async () => {
      const rows = await ctx.notesOf(ticket.id);
      return rows.length ? rows : null;
    });
    expect(notes.map((note) => note.note)).toEqual([
      `The bot's reply could not be spoken (${reason}); it was sent as text`,
    ]);
    expect(JSON.stringify(notes)).not.toContain('azure-key');
    // The bot goes on answering: a speech failure is no reason to hand over.
    expect(ticket).toMatchObject({ status: 'pending', useIntegration: true, promptId: ctx.prompt.id });
  });

  it("each company's replies are spoken with its own voice key and region", async () => {
    const bakery = await promptSandbox(FRANCISCA);
    const florist = await promptSandbox({
      voice: 'pt-BR-AntonioNeural',
      voiceKey: OTHER_AZURE_KEY,
      voiceRegion: 'eastus',
    });
    const bakeryCustomer = nextNumber();
    const floristCustomer = nextNumber();
    const before = azure.spoken.length;
    openai.reply('Pão quentinho.');
    await bakery.say(bakery.connection.id, bakeryCustomer, 'Oi padaria');
    await outboxOf(bakery, bakeryCustomer, 1);
    openai.reply('Rosas vermelhas.');
    await florist.say(florist.connection.id, floristCustomer, 'Oi floricultura');
    await outboxOf(florist, floristCustomer, 1);
    expect(azure.spoken.slice(before).map(({ key, region, voice, text }) => ({ key, region, voice, text }))).toEqual([
      { key: AZURE_KEY, region: 'brazilsouth', voice: 'pt-BR-FranciscaNeural', text: 'Pão quentinho.' },
      { key: OTHER_AZURE_KEY, region: 'eastus', voice: 'pt-BR-AntonioNeural', text: 'Rosas vermelhas.' },
    ]);
    // Neither company reads the other's prompt, key or not.
    expect((await florist.api.get(`/api/prompt/${bakery.prompt.id}`)).status).toBe(404);
  });
});
