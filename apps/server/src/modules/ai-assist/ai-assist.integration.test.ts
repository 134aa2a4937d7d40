import { Writable } from 'node:stream';
import type { AiAssistStatus, AiAssistUsage } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startFakeOpenAi } from '../../../test/fake-openai.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { buildServer } from '../../app.ts';
import { aiAssistUsage, contacts, messages, plans, queues, quickMessages, tickets } from '../../tables.ts';
import { SUGGEST_SYSTEM, SUMMARY_SYSTEM } from './ai-assist.prompts.ts';

let t: TestServer;
let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  // One second: the hanging provider's test waits for it.
  t = await startTestServer({ OPENAI_BASE_URL: openai.baseUrl, BOT_TIMEOUT_SECONDS: '1' });
});
afterAll(async () => {
  await t.close();
  await openai.close();
});

let seq = 0;
const KEY = () => `sk-assist-secret-key-${++seq}-abcdefgh`;

/**
 * A company whose plan has OpenAI, an admin and an attendant, a customer's ticket with a short
 * conversation (one image, one deleted message), and the assist switched on with `key`.
 */
async function setup(options: { enable?: boolean; useOpenAi?: boolean } = {}) {
  const plan = await buildPlan(t.db, { useOpenAi: options.useOpenAi ?? true });
  const company = await buildCompany(t.db, { planId: plan.id });
  const [adminUser, attendantUser] = await Promise.all([
    buildUser(t.db, { companyId: company.id, profile: 'admin' }),
    buildUser(t.db, { companyId: company.id, name: 'Ana Attendant', allTicket: 'enabled', language: 'en' }),
  ]);
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId: company.id, name: 'Carla Customer', number: `55117${String(++seq).padStart(8, '0')}` })
    .returning();
  const [earlier, ticket] = await t.db
    .insert(tickets)
    .values([
      { companyId: company.id, contactId: contact.id, status: 'closed' },
      { companyId: company.id, contactId: contact.id, status: 'open', userId: attendantUser.id },
    ])
    .returning();
  const base = { companyId: company.id, contactId: contact.id };
  await t.db.insert(messages).values([
    { ...base, ticketId: earlier.id, body: 'My last order came late', fromMe: false },
    { ...base, ticketId: ticket.id, body: 'Hola, quiero cambiar mi pedido', fromMe: false },
    { ...base, ticketId: ticket.id, body: 'Claro, ¿cuál es el número?', fromMe: true },
    { ...base, ticketId: ticket.id, body: 'password 1234', fromMe: false, isDeleted: true },
    { ...base, ticketId: ticket.id, body: 'Este', fromMe: false, mediaType: 'image', mediaPath: 'x.jpg' },
  ]);
  const [lastCustomerMessage] = await t.db
    .insert(messages)
    .values({ ...base, ticketId: ticket.id, body: 'Es el pedido 42', fromMe: false })
    .returning();
  const admin = (await t.login(adminUser.email, TEST_PASSWORD)).token;
  const attendant = (await t.login(attendantUser.email, TEST_PASSWORD)).token;
  const key = KEY();
  const set = (key: string, value: string) => t.as(admin).put(`/api/settings/${key}`, { value });
  if (options.enable ?? true) {
    for (const [name, value] of [
      ['aiAssistEnabled', 'enabled'],
      ['aiAssistModel', 'llama-3.1-8b'],
      ['aiAssistApiKey', key],
    ]) {
      const saved = await set(name, value);
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    }
  }
  const assist = (feature: string, body: unknown = {}, token = attendant) =>
    t.as(token).post(`/api/tickets/${ticket.id}/assist/${feature}`, body);
  return {
    company,
    plan,
    adminUser,
    attendantUser,
    contact,
    ticket,
    earlier,
    lastCustomerMessage,
    admin,
    attendant,
    key,
    set,
    assist,
  };
}

/** A streamed assist through inject: the events in order. */
async function streamed(token: string, path: string, body: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    payload: body as object,
  });
  const events = response.body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.replace('event: ', ''), data: JSON.parse(dataLine.replace('data: ', '')) };
    });
  return { response, events };
}

const usageRows = (companyId: number) =>
  t.db.select().from(aiAssistUsage).where(eq(aiAssistUsage.companyId, companyId));

describe('AI assist settings', () => {
  it('keeps the key write-only: masked in the answer, the list, the login and the settings event', async () => {
    const s = await setup({ enable: false });
    const socket = t.connectSocket(s.admin);
    await waitFor(socket, 'connect');
    const heard: unknown[] = [];
    socket.onAny((_event, payload) => heard.push(payload));
    const saved = await s.set('aiAssistApiKey', s.key);
    expect(saved.status).toBe(200);
    expect(saved.body.value).toBe(`sk-…${s.key.slice(-4)}`);
    await waitUntil(() => heard.length > 0);
    const listed = await t.as(s.admin).get('/api/settings');
    const login = await t.login(s.attendantUser.email, TEST_PASSWORD);
    const superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
    const bySuper = await t.as(superToken).get(`/api/companies/${s.company.id}/settings`);
    expect(bySuper.status).toBe(200);
    for (const answer of [saved.body, listed.body, login, heard, bySuper.body])
      expect(JSON.stringify(answer)).not.toContain(s.key);
    expect(listed.body).toContainEqual({ key: 'aiAssistApiKey', value: `sk-…${s.key.slice(-4)}` });
  });

  it('checks each value, and only admins set them', async () => {
    const s = await setup({ enable: false });
    for (const [key, value] of [
      ['aiAssistMonthlyTokens', '-5'],
      ['aiAssistMonthlyTokens', 'lots'],
      ['aiAssistModel', 'a model with spaces'],
      ['aiAssistFeatures', 'summary,dance'],
      ['aiAssistApiKey', 'has a space'],
      ['aiAssistEnabled', 'yes'],
    ]) {
      const refused = await s.set(key, value);
      expect(refused.status, `${key}=${value}`).toBe(400);
      expect(refused.body.fields).toHaveProperty('value');
    }
    expect((await s.set('aiAssistMonthlyTokens', '5000')).status).toBe(200);
    expect((await s.set('aiAssistFeatures', 'summary,translate')).status).toBe(200);
    const byAttendant = await t.as(s.attendant).put('/api/settings/aiAssistApiKey', { value: 'sk-mine-123456789' });
    expect(byAttendant.status).toBe(403);
  });

  it('is off until enabled, and the plan flag is enforced before the body is read', async () => {
    const off = await setup({ enable: false });
    const status = (await t.as(off.attendant).get('/api/ai-assist/status')).body as AiAssistStatus;
    expect(status).toMatchObject({ available: false, reason: 'disabled', features: [] });
    const refused = await off.assist('summary');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_AI_ASSIST_UNAVAILABLE', details: { reason: 'disabled' } });

    const noPlan = await setup({ useOpenAi: false });
    const calls = openai.chats.length;
    // Every helper, as JSON or as a stream, and with a body that would fail validation: the plan's answer.
    for (const feature of ['summary', 'suggest', 'rewrite', 'translate']) {
      const bad = await noPlan.assist(feature, { style: 'pirate' });
      expect(bad.status, feature).toBe(403);
      expect(bad.body, feature).toMatchObject({ error: 'ERR_AI_ASSIST_UNAVAILABLE', details: { reason: 'plan' } });
      const stream = await t.app.inject({
        method: 'POST',
        url: `/api/tickets/${noPlan.ticket.id}/assist/${feature}`,
        headers: { authorization: `Bearer ${noPlan.attendant}`, accept: 'text/event-stream' },
        payload: {},
      });
      expect(stream.statusCode, feature).toBe(403);
      expect(stream.json(), feature).toMatchObject({ details: { reason: 'plan' } });
    }
    expect(openai.chats.length).toBe(calls);
    expect(((await t.as(noPlan.attendant).get('/api/ai-assist/status')).body as AiAssistStatus).reason).toBe('plan');
    // Turning the flag on opens it.
    await t.db.update(plans).set({ useOpenAi: true }).where(eq(plans.id, noPlan.plan.id));
    expect((await noPlan.assist('rewrite', { text: 'ok', style: 'formal' })).status).toBe(200);
  });

  it('a helper switched off says so; no key says so; a prompt’s key can be reused', async () => {
    const s = await setup();
    await s.set('aiAssistFeatures', 'summary');
    expect((await s.assist('suggest')).body.details).toEqual({ reason: 'feature' });
    await s.set('aiAssistFeatures', 'summary,suggest,rewrite,translate');
    await s.set('aiAssistApiKey', '');
    expect((await s.assist('suggest')).body.details).toEqual({ reason: 'noKey' });
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId: s.company.id, name: 'Bots', color: '#654321' })
      .returning();
    const prompt = await t.as(s.admin).post('/api/prompt', {
      name: 'Shop bot',
      prompt: 'You are the shop assistant. Answer briefly and kindly, in the customer’s language.',
      apiKey: 'sk-prompt-key-000111222',
      queueId: queue.id,
      model: 'gpt-4o-mini',
      maxMessages: 3,
    });
    expect(prompt.status).toBe(201);
    await s.set('aiAssistKeyPromptId', String(prompt.body.id));
    openai.reply('Claro');
    expect((await s.assist('suggest')).status).toBe(200);
    expect(openai.chats.at(-1)?.authorization).toBe('Bearer sk-prompt-key-000111222');
  });
});

describe('AI assist helpers', () => {
  it('summary: the system prompt and the transcript (media by type, deleted left out), answered as JSON', async () => {
    const s = await setup();
    openai.reply('Wants to change order 42.', { usage: { prompt_tokens: 120, completion_tokens: 9 } });
    const answer = await s.assist('summary', { includeEarlier: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ text: 'Wants to change order 42.', usage: { inputTokens: 120, outputTokens: 9 } });
    const sent = openai.chats.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${s.key}`);
    expect(sent.body.model).toBe('llama-3.1-8b');
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: SUMMARY_SYSTEM });
    const material = sent.body.messages[1].content;
    expect(material).toContain('Interface language: en');
    expect(material).toContain(
      'Customer: Hola, quiero cambiar mi pedido\nAttendant: Claro, ¿cuál es el número?\nCustomer: [image attached] Este\nCustomer: Es el pedido 42',
    );
    expect(material).toContain('Customer: My last order came late');
    expect(material).not.toContain('password 1234');
    const [row] = await usageRows(s.company.id);
    expect(row).toMatchObject({
      userId: s.attendantUser.id,
      ticketId: s.ticket.id,
      feature: 'summary',
      inputTokens: 120,
      outputTokens: 9,
    });
  });

  it('suggest: streams the draft with the quick messages as references; the key is in no event', async () => {
    const s = await setup();
    await t.db.insert(quickMessages).values([
      {
        companyId: s.company.id,
        shortcode: 'cambio',
        message: 'Para cambiar un pedido necesitamos el número.',
        geral: true,
      },
      { companyId: s.company.id, shortcode: 'private', message: 'Someone else’s', userId: s.adminUser.id },
    ]);
    openai.reply('Perfecto, cambio el pedido 42 ahora.', { usage: { prompt_tokens: 200, completion_tokens: 12 } });
    const { response, events } = await streamed(s.attendant, `/api/tickets/${s.ticket.id}/assist/suggest`, {});
    expect(response.headers['content-type']).toContain('text/event-stream');
    // The stream is hijacked from Fastify: the security headers set before it still go out.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.data.text).join('')).toBe('Perfecto, cambio el pedido 42 ahora.');
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { text: 'Perfecto, cambio el pedido 42 ahora.', usage: { inputTokens: 200, outputTokens: 12 } },
    });
    expect(response.body).not.toContain(s.key);
    const sent = openai.chats.at(-1)!.body;
    expect(sent.stream).toBe(true);
    expect(sent.messages[0]).toEqual({ role: 'system', content: SUGGEST_SYSTEM });
    expect(sent.messages[1].content).toContain('/cambio: Para cambiar un pedido necesitamos el número.');
    expect(sent.messages[1].content).not.toContain('Someone else');
    // Nothing reached the customer: the thread has no new message.
    const thread = await t.db.select().from(messages).where(eq(messages.ticketId, s.ticket.id));
    expect(thread).toHaveLength(5);
  });

  it('rewrite: the style and the text; bad input is a field error', async () => {
    const s = await setup();
    openai.reply('Dear customer, we will change it.');
    const answer = await s.assist('rewrite', { text: 'ok we change it', style: 'formal' });
    expect(answer.body.text).toBe('Dear customer, we will change it.');
    const sent = openai.chats.at(-1)!.body.messages;
    expect(sent[0].content).toContain('more formal');
    expect(sent[1]).toEqual({ role: 'user', content: 'ok we change it' });
    expect((await s.assist('rewrite', { text: 'x', style: 'pirate' })).body.fields).toHaveProperty('style');
    expect((await s.assist('rewrite', { text: '   ', style: 'formal' })).body.fields).toHaveProperty('text');
  });

  it("translate: a customer's message into the attendant's language, and a reply into the customer's", async () => {
    const s = await setup();
    openai.reply('It is order 42');
    const answer = await s.assist('translate', { messageId: s.lastCustomerMessage.id });
    expect(answer.body.text).toBe('It is order 42');
    let sent = openai.chats.at(-1)!.body.messages;
    expect(sent[0].content).toContain('the tag "en"');
    expect(sent[1].content).toBe('Es el pedido 42');

    openai.reply('Lo cambio ahora');
    await s.assist('translate', { text: 'I will change it now', to: 'customer' });
    sent = openai.chats.at(-1)!.body.messages;
    expect(sent[0].content).toContain('the language the customer writes in');
    expect(sent[0].content).toContain('Es el pedido 42');
    expect(sent[1].content).toBe('I will change it now');

    const other = await setup();
    const foreign = await s.assist('translate', { messageId: other.lastCustomerMessage.id });
    expect(foreign.status).toBe(404);
    expect((await s.assist('translate', { messageId: 1, text: 'both' })).status).toBe(400);
  });
});

describe('AI assist limits', () => {
  it('stops at the month’s budget, and the status explains why', async () => {
    const s = await setup();
    await s.set('aiAssistMonthlyTokens', '100');
    openai.reply('one', { usage: { prompt_tokens: 80, completion_tokens: 30 } });
    expect((await s.assist('suggest')).status).toBe(200);
    const refused = await s.assist('suggest');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_AI_ASSIST_UNAVAILABLE', details: { reason: 'budget' } });
    const status = (await t.as(s.attendant).get('/api/ai-assist/status')).body as AiAssistStatus;
    expect(status).toMatchObject({ available: false, reason: 'budget', monthlyTokens: 100, usedTokens: 110 });
    // 0: no limit.
    await s.set('aiAssistMonthlyTokens', '0');
    openai.reply('two');
    expect((await s.assist('suggest')).status).toBe(200);
  });

  it('a failing or silent provider is a clear 502 (or the stream’s error event), never the key, and costs nothing', async () => {
    const s = await setup();
    openai.fail(401);
    const refused = await s.assist('suggest');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: 'ERR_AI_ASSIST_PROVIDER', details: { reason: 'status', status: 401 } });
    expect(JSON.stringify(refused.body)).not.toContain(s.key);

    openai.hang();
    const slow = await s.assist('summary');
    expect(slow.status).toBe(502);
    expect(slow.body.details).toEqual({ reason: 'timeout' });

    openai.fail(500);
    const { events } = await streamed(s.attendant, `/api/tickets/${s.ticket.id}/assist/rewrite`, {
      text: 'hi',
      style: 'shorter',
    });
    expect(events).toEqual([
      { event: 'error', data: { error: 'ERR_AI_ASSIST_PROVIDER', message: expect.any(String) } },
    ]);
    expect(await usageRows(s.company.id)).toHaveLength(0);
  });

  it('cancel: closing the stream stops the provider call, and what it wrote is counted', async () => {
    const s = await setup();
    openai.reply('uno dos tres cuatro cinco seis siete ocho nueve diez', { pieceDelayMs: 150 });
    const before = openai.abandonedStreams;
    const controller = new AbortController();
    const response = await fetch(`${t.url}/api/tickets/${s.ticket.id}/assist/suggest`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.attendant}`,
        accept: 'text/event-stream',
        'content-type': 'application/json',
      },
      body: '{}',
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    controller.abort();
    await waitUntil(() => openai.abandonedStreams > before);
    const [row] = await waitUntil(async () => {
      const rows = await usageRows(s.company.id);
      return rows.length ? rows : null;
    });
    expect(row.outputTokens).toBeGreaterThan(0);
    expect(row.outputTokens).toBeLessThan(10);
  });
});

describe('AI assist tenancy and usage', () => {
  it("another company's ticket, or one the caller may not open, answers 404", async () => {
    const a = await setup();
    const b = await setup();
    const foreign = await t.as(b.attendant).post(`/api/tickets/${a.ticket.id}/assist/summary`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_TICKET_FOUND');
    // An attendant outside the ticket's queue, who may not see tickets of other queues.
    const [queue] = await t.db
      .insert(queues)
      .values({ companyId: a.company.id, name: 'VIP', color: '#123456' })
      .returning();
    await t.db.update(tickets).set({ queueId: queue.id, userId: a.adminUser.id }).where(eq(tickets.id, a.ticket.id));
    const outsider = await buildUser(t.db, { companyId: a.company.id });
    const outsiderToken = (await t.login(outsider.email, TEST_PASSWORD)).token;
    expect((await a.assist('summary', {}, outsiderToken)).status).toBe(404);
    expect(openai.chats.filter((chat) => chat.authorization === `Bearer ${a.key}`)).toHaveLength(0);
  });

  it('usage by attendant and helper adds up, per company, for admins only', async () => {
    const a = await setup();
    const b = await setup();
    openai.reply('x', { usage: { prompt_tokens: 10, completion_tokens: 2 } });
    openai.reply('y', { usage: { prompt_tokens: 20, completion_tokens: 3 } });
    openai.reply('z', { usage: { prompt_tokens: 40, completion_tokens: 4 } });
    openai.reply('w', { usage: { prompt_tokens: 1000, completion_tokens: 1000 } });
    await a.assist('summary');
    await a.assist('summary');
    await a.assist('rewrite', { text: 'hi', style: 'friendly' }, a.admin);
    await b.assist('summary');
    expect((await t.as(a.attendant).get('/api/ai-assist/usage')).status).toBe(403);
    const usage = (await t.as(a.admin).get('/api/ai-assist/usage')).body as AiAssistUsage;
    expect(usage.total).toEqual({ requests: 3, inputTokens: 70, outputTokens: 9 });
    const attendant = usage.byUser.find((row) => row.userId === a.attendantUser.id)!;
    expect(attendant).toMatchObject({ userName: 'Ana Attendant', requests: 2, inputTokens: 30, outputTokens: 5 });
    expect(attendant.byFeature).toEqual({ summary: { requests: 2, inputTokens: 30, outputTokens: 5 } });
    const sum = usage.byUser.reduce((total, row) => total + row.inputTokens + row.outputTokens, 0);
    expect(sum).toBe(79);
    const lastYear = (await t.as(a.admin).get('/api/ai-assist/usage?month=2020-01')).body as AiAssistUsage;
    expect(lastYear).toMatchObject({ month: '2020-01', total: { requests: 0 }, byUser: [] });
    expect((await t.as(a.admin).get('/api/ai-assist/usage?month=2020-13')).status).toBe(400);
  });
});

describe('AI assist and the log', () => {
  it('never writes the key, even at debug level: saving it, using it, a provider that refuses it', async () => {
    const opened = await openTestDatabase();
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    const config = testConfig(opened.dataDir, { OPENAI_BASE_URL: openai.baseUrl, BOT_TIMEOUT_SECONDS: '1' });
    const server = await buildServer(config, opened.database, { loggerInstance: pino({ level: 'debug' }, sink) });
    try {
      const plan = await buildPlan(opened.database.db, { useOpenAi: true });
      const company = await buildCompany(opened.database.db, { planId: plan.id });
      const admin = await buildUser(opened.database.db, { companyId: company.id, profile: 'admin' });
      const [contact] = await opened.database.db
        .insert(contacts)
        .values({ companyId: company.id, name: 'Log customer', number: '5511900001111' })
        .returning();
      const [ticket] = await opened.database.db
        .insert(tickets)
        .values({ companyId: company.id, contactId: contact.id, status: 'open', userId: admin.id })
        .returning();
      const call = async (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
        server.app.inject({ method, url, payload, headers });
      const login = await call('POST', '/api/auth/login', { email: admin.email, password: TEST_PASSWORD });
      const auth = { authorization: `Bearer ${login.json().token}` };
      const key = KEY();
      await call('PUT', '/api/settings/aiAssistEnabled', { value: 'enabled' }, auth);
      expect((await call('PUT', '/api/settings/aiAssistApiKey', { value: key }, auth)).statusCode).toBe(200);
      openai.reply('fine');
      expect((await call('POST', `/api/tickets/${ticket.id}/assist/suggest`, {}, auth)).statusCode).toBe(200);
      openai.fail(401);
      expect((await call('POST', `/api/tickets/${ticket.id}/assist/summary`, {}, auth)).statusCode).toBe(502);
      openai.fail(500);
      await call(
        'POST',
        `/api/tickets/${ticket.id}/assist/rewrite`,
        { text: 'hi', style: 'correct' },
        {
          ...auth,
          accept: 'text/event-stream',
        },
      );
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.join('')).not.toContain(key);
    } finally {
      await server.stop();
      await opened.dispose();
    }
  });
});
