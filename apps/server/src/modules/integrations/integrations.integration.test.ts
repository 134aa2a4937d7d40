import type { PromptEvent, PromptRecord, QueueIntegrationRecord, QueueIntegrationsPage } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { queues } from '../../tables.ts';
import { fakeServiceAccount } from './fakes/service-account.ts';
import { prompts, queueIntegrations } from './integrations.tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'false' });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function setup(flags: { useOpenAi?: boolean; useIntegrations?: boolean } = {}) {
  const plan = await buildPlan(t.db, {
    useOpenAi: flags.useOpenAi ?? true,
    useIntegrations: flags.useIntegrations ?? true,
  });
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const user = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  const [queue] = await t.db
    .insert(queues)
    .values({ companyId: company.id, name: `Support ${++seq}`, color: `#00${String(seq).padStart(4, '0')}` })
    .returning();
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  const { token: userToken } = await t.login(user.email, TEST_PASSWORD);
  return { company, queue, token, api: t.as(token), userApi: t.as(userToken) };
}

const PROMPT_TEXT = 'You are the helpful assistant of a bakery. Answer briefly and kindly in Portuguese.';
const API_KEY = 'sk-test-0123456789abcdefSECRET';
const promptBody = (queueId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Bakery bot',
  prompt: PROMPT_TEXT,
  apiKey: API_KEY,
  queueId,
  ...extra,
});
const WEBHOOK_SECRET = 'whsec-0123456789-SECRET';
const webhookBody = (extra: Record<string, unknown> = {}) => ({
  type: 'webhook',
  name: 'Orders hook',
  urlN8N: 'https://93.184.215.14/hook',
  webhookSecret: WEBHOOK_SECRET,
  ...extra,
});

describe('/prompt', () => {
  it('creates with the spec defaults, masks the key, keeps it on edit, tells the company, deletes', async () => {
    const { api, queue, company, token } = await setup();
    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const events: PromptEvent[] = [];
    socket.on(`company-${company.id}-prompt`, (event: PromptEvent) => events.push(event));

    const created = await api.post('/api/prompt', promptBody(queue.id));
    expect(created.status).toBe(201);
    const prompt = created.body as PromptRecord;
    expect(prompt).toMatchObject({
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      queue: { id: queue.id },
    });
    expect(prompt.apiKey).toBe('sk-…CRET');

    // A blank key on edit keeps the stored one.
    const edited = await api.put(`/api/prompt/${prompt.id}`, promptBody(queue.id, { apiKey: '', temperature: 0.7 }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ temperature: 0.7, apiKey: 'sk-…CRET' });
    const replaced = await api.put(`/api/prompt/${prompt.id}`, promptBody(queue.id, { apiKey: 'sk-other-key-9999' }));
    expect(replaced.body.apiKey).toBe('sk-…9999');

    const list = await api.get('/api/prompt');
    expect(list.body.prompts.map((p: PromptRecord) => p.id)).toEqual([prompt.id]);
    for (const response of [created, edited, list, await api.get(`/api/prompt/${prompt.id}`)]) {
      expect(JSON.stringify(response.body)).not.toContain('SECRET');
    }
    await waitUntil(async () => events.some((event) => event.action === 'update'));
    expect(JSON.stringify(events)).not.toContain('SECRET');

    const removed = await api.delete(`/api/prompt/${prompt.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBeTruthy();
    expect((await api.get(`/api/prompt/${prompt.id}`)).status).toBe(404);
    await waitUntil(async () => events.some((event) => event.action === 'delete'));
  });

  it('validates: name 5–100, prompt min 50, temperature 0–1, queue and key required', async () => {
    const { api, queue } = await setup();
    const bad = await api.post('/api/prompt', { name: 'abc', prompt: 'short', temperature: 2, apiKey: 'k' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'prompt', 'temperature', 'queueId']));
    const noKey = await api.post('/api/prompt', promptBody(queue.id, { apiKey: undefined }));
    expect(noKey.status).toBe(400);
    expect(noKey.body.fields).toEqual({ apiKey: 'Required' });
  });

  it('is admins only, needs useOpenAi, and keeps companies apart', async () => {
    const a = await setup();
    const b = await setup();
    const noPlan = await setup({ useOpenAi: false });
    const prompt = (await a.api.post('/api/prompt', promptBody(a.queue.id))).body as PromptRecord;

    expect((await a.userApi.get('/api/prompt')).status).toBe(403);
    expect((await a.userApi.post('/api/prompt', promptBody(a.queue.id))).status).toBe(403);
    for (const [method, path] of [
      ['get', '/api/prompt'],
      ['get', `/api/prompt/${prompt.id}`],
      ['post', '/api/prompt'],
      ['put', `/api/prompt/${prompt.id}`],
      ['delete', `/api/prompt/${prompt.id}`],
    ] as const) {
      const answer = await noPlan.api[method](path, method === 'post' || method === 'put' ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
    }
    expect((await b.api.get(`/api/prompt/${prompt.id}`)).status).toBe(404);
    expect((await b.api.put(`/api/prompt/${prompt.id}`, promptBody(b.queue.id))).status).toBe(404);
    expect((await b.api.delete(`/api/prompt/${prompt.id}`)).status).toBe(404);
    expect((await b.api.get('/api/prompt')).body.prompts).toEqual([]);
    // Another company's queue.
    const foreignQueue = await b.api.post('/api/prompt', promptBody(a.queue.id));
    expect(foreignQueue.status).toBe(404);
    expect(foreignQueue.body.fields).toEqual({ queueId: 'ERR_NOT_FOUND' });
  });
});

describe('/queueIntegration', () => {
  it('creates each type with its fields, masks secrets, pages and searches, deletes', async () => {
    const { api } = await setup();
    const webhook = await api.post('/api/queueIntegration', webhookBody());
    expect(webhook.status).toBe(201);
    expect(webhook.body).toMatchObject({ type: 'webhook', projectName: 'Orders hook', webhookSecret: 'whs…CRET' });

    const typebot = await api.post('/api/queueIntegration', {
      type: 'typebot',
      name: 'Typebot',
      urlN8N: 'https://93.184.215.14',
      typebotSlug: 'my-bot',
    });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ typebotDelayMessage: 1000, typebotExpires: 1, typebotSlug: 'my-bot' });

    const account = fakeServiceAccount('https://93.184.215.14/token');
    const dialogflow = await api.post('/api/queueIntegration', {
      type: 'dialogflow',
      name: 'Dialogflow',
      projectName: 'test-project',
      language: 'pt-BR',
      jsonContent: account.json,
    });
    expect(dialogflow.status).toBe(201);
    expect(dialogflow.body.jsonContent).toBe('bot…@test-project.iam.gserviceaccount.com');

    const page = (await api.get('/api/queueIntegration?searchParam=hook')).body as QueueIntegrationsPage;
    expect(page).toMatchObject({ count: 1, hasMore: false });
    const all = (await api.get('/api/queueIntegration')).body as QueueIntegrationsPage;
    expect(all.count).toBe(3);
    const serialized = JSON.stringify([
      webhook.body,
      dialogflow.body,
      all,
      (await api.get(`/api/queueIntegration/${dialogflow.body.id}`)).body,
    ]);
    expect(serialized).not.toContain('SECRET');
    expect(serialized).not.toContain('PRIVATE KEY');

    // Blank secret keeps the stored one.
    const edited = await api.put(
      `/api/queueIntegration/${webhook.body.id}`,
      webhookBody({ webhookSecret: '', name: 'Hook 2' }),
    );
    expect(edited.status).toBe(200);
    expect((edited.body as QueueIntegrationRecord).webhookSecret).toBe('whs…CRET');

    expect((await api.delete(`/api/queueIntegration/${webhook.body.id}`)).status).toBe(200);
    expect((await api.get(`/api/queueIntegration/${webhook.body.id}`)).status).toBe(404);
  });

  it('refuses private URLs, a missing URL or slug, malformed Dialogflow JSON and flowbuilder without a flow', async () => {
    const { api } = await setup();
    const loopback = await api.post('/api/queueIntegration', webhookBody({ urlN8N: 'http://127.0.0.1:9/x' }));
    expect(loopback.status).toBe(400);
    expect(loopback.body).toMatchObject({ error: 'ERR_URL_NOT_ALLOWED', fields: { urlN8N: 'ERR_URL_NOT_ALLOWED' } });
    // A public-looking name that does not resolve is not called private: it is not found.
    const unknownHost = await api.post(
      '/api/queueIntegration',
      webhookBody({ urlN8N: 'https://n8n.no-such-host.invalid/webhook' }),
    );
    expect(unknownHost.status).toBe(400);
    expect(unknownHost.body).toMatchObject({
      error: 'ERR_URL_UNRESOLVABLE',
      fields: { urlN8N: 'ERR_URL_UNRESOLVABLE' },
    });
    const notHttp = await api.post('/api/queueIntegration', webhookBody({ urlN8N: 'ftp://files.example.com/x' }));
    expect(notHttp.body).toMatchObject({ error: 'ERR_URL_INVALID', fields: { urlN8N: 'ERR_URL_INVALID' } });
    const noUrl = await api.post('/api/queueIntegration', { type: 'typebot', name: 'Typebot' });
    expect(noUrl.status).toBe(400);
    expect(Object.keys(noUrl.body.fields)).toEqual(expect.arrayContaining(['urlN8N', 'typebotSlug']));
    const malformed = await api.post('/api/queueIntegration', {
      type: 'dialogflow',
      name: 'DF',
      projectName: 'p',
      language: 'en',
      jsonContent: '{ not json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      error: 'ERR_DIALOGFLOW_CREDENTIALS_INVALID',
      fields: { jsonContent: 'ERR_DIALOGFLOW_CREDENTIALS_INVALID' },
    });
    const noSecret = await api.post('/api/queueIntegration', webhookBody({ webhookSecret: undefined }));
    expect(noSecret.body.fields).toEqual({ webhookSecret: 'Required' });
    const flow = await api.post('/api/queueIntegration', { type: 'flowbuilder', name: 'Flow' });
    expect(flow.status).toBe(400);
    expect(flow.body.fields).toEqual({ flowId: 'Required' });
    const malformedTest = await api.post('/api/queueIntegration/testSession', {
      projectName: 'p',
      language: 'en',
      jsonContent: '[]',
    });
    expect(malformedTest.status).toBe(400);
    expect(malformedTest.body.fields).toEqual({ jsonContent: 'ERR_DIALOGFLOW_CREDENTIALS_INVALID' });
  });

  it('is admins only, needs useIntegrations, and keeps companies apart', async () => {
    const a = await setup();
    const b = await setup();
    const noPlan = await setup({ useIntegrations: false });
    const integration = (await a.api.post('/api/queueIntegration', webhookBody())).body as QueueIntegrationRecord;
    expect((await a.userApi.get('/api/queueIntegration')).status).toBe(403);
    for (const [method, path] of [
      ['get', '/api/queueIntegration'],
      ['get', `/api/queueIntegration/${integration.id}`],
      ['post', '/api/queueIntegration'],
      ['post', '/api/queueIntegration/testSession'],
      ['put', `/api/queueIntegration/${integration.id}`],
      ['delete', `/api/queueIntegration/${integration.id}`],
    ] as const) {
      const answer = await noPlan.api[method](path, method === 'post' || method === 'put' ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect((await b.api.get(`/api/queueIntegration/${integration.id}`)).status).toBe(404);
    expect((await b.api.put(`/api/queueIntegration/${integration.id}`, webhookBody())).status).toBe(404);
    expect((await b.api.delete(`/api/queueIntegration/${integration.id}`)).status).toBe(404);
    expect(
      (await b.api.post('/api/queueIntegration/testSession', { id: integration.id, projectName: 'p', language: 'en' }))
        .status,
    ).toBe(404);
    expect((await b.api.get('/api/queueIntegration')).body.count).toBe(0);
  });
});

describe('write-only secrets read back masked and saved back unchanged', () => {
  it('keep the stored secret for every one; a different masked text is refused', async () => {
    const { api, queue, company } = await setup();
    const stored = async () => {
      const [promptRow] = await t.db.select().from(prompts).where(eq(prompts.companyId, company.id));
      const integrationRows = await t.db
        .select()
        .from(queueIntegrations)
        .where(eq(queueIntegrations.companyId, company.id));
      return { promptRow, integrationRows: integrationRows.sort((a, b) => a.id - b.id) };
    };
    const VOICE_KEY = 'azure-voice-0123456789-KEY';
    const prompt = (await api.post('/api/prompt', promptBody(queue.id, { voiceKey: VOICE_KEY }))).body as PromptRecord;
    const webhook = (await api.post('/api/queueIntegration', webhookBody())).body as QueueIntegrationRecord;
    const account = fakeServiceAccount('https://93.184.215.14/token');
    const dialogflow = (
      await api.post('/api/queueIntegration', {
        type: 'dialogflow',
        name: 'Dialogflow',
        projectName: 'test-project',
        language: 'pt-BR',
        jsonContent: account.json,
      })
    ).body as QueueIntegrationRecord;
    const before = await stored();

    // Read with GET and PUT back as they are, the way an API client edits a record.
    const promptRead = (await api.get(`/api/prompt/${prompt.id}`)).body as PromptRecord & Record<string, unknown>;
    expect(promptRead.apiKey).toMatch(/…/);
    expect(promptRead.voiceKey).toMatch(/…/);
    expect((await api.put(`/api/prompt/${prompt.id}`, { ...promptRead, queueId: queue.id })).status).toBe(200);
    for (const integration of [webhook, dialogflow]) {
      const read = (await api.get(`/api/queueIntegration/${integration.id}`)).body as QueueIntegrationRecord;
      const saved = await api.put(`/api/queueIntegration/${integration.id}`, read);
      expect(saved.status, `${integration.type}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    expect(await stored()).toEqual({
      promptRow: { ...before.promptRow, updatedAt: expect.any(Date) },
      integrationRows: before.integrationRows.map((row) => ({ ...row, updatedAt: expect.any(Date) })),
    });
    expect((await stored()).promptRow).toMatchObject({ apiKey: API_KEY, voiceKey: VOICE_KEY });

    // A masked text that is not this key's mask is no key at all: refused, nothing changes.
    const wrongMask = await api.put(`/api/prompt/${prompt.id}`, {
      ...promptRead,
      queueId: queue.id,
      apiKey: 'sk-…abcd',
    });
    expect(wrongMask.status).toBe(400);
    expect(wrongMask.body).toMatchObject({ error: 'ERR_SECRET_MASKED', fields: { apiKey: 'ERR_SECRET_MASKED' } });
    const wrongSecret = await api.put(
      `/api/queueIntegration/${webhook.id}`,
      webhookBody({ webhookSecret: 'whs…XXXX' }),
    );
    expect(wrongSecret.body).toMatchObject({ error: 'ERR_SECRET_MASKED' });
    expect((await stored()).promptRow.apiKey).toBe(API_KEY);
    expect((await stored()).integrationRows[0].webhookSecret).toBe(WEBHOOK_SECRET);
  });
});

describe('realtime tenancy', () => {
  it("another company's sockets never hear of a prompt or an integration", async () => {
    const a = await setup();
    const b = await setup();
    const socket = t.connectSocket(b.token);
    await waitFor(socket, 'connect');
    const leaked: string[] = [];
    socket.onAny((event: string) => leaked.push(event));
    const prompt = (await a.api.post('/api/prompt', promptBody(a.queue.id))).body as PromptRecord;
    const integration = (await a.api.post('/api/queueIntegration', webhookBody())).body as QueueIntegrationRecord;
    await a.api.delete(`/api/prompt/${prompt.id}`);
    await a.api.delete(`/api/queueIntegration/${integration.id}`);
    // A later event of its own company proves the socket was listening while the others were sent.
    const own = nextEvent(socket, `company-${b.company.id}-queueIntegration`);
    await b.api.post('/api/queueIntegration', webhookBody());
    await own;
    expect(leaked.filter((event) => event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });
});

describe('pickers on queues and connections', () => {
  it('a queue takes the company own prompt and integration, not another company', async () => {
    const a = await setup();
    const b = await setup();
    const prompt = (await a.api.post('/api/prompt', promptBody(a.queue.id))).body as PromptRecord;
    const integration = (await a.api.post('/api/queueIntegration', webhookBody())).body as QueueIntegrationRecord;
    const queueBody = { name: a.queue.name, color: a.queue.color };
    const saved = await a.api.put(`/api/queue/${a.queue.id}`, { ...queueBody, promptId: prompt.id });
    expect(saved.status).toBe(200);
    expect(saved.body.promptId).toBe(prompt.id);
    const foreign = await b.api.put(`/api/queue/${b.queue.id}`, {
      name: b.queue.name,
      color: b.queue.color,
      integrationId: integration.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.fields).toEqual({ integrationId: 'ERR_NOT_FOUND' });
    const connection = await b.api.post('/api/whatsapp', { name: 'Phone B', provider: 'sandbox', promptId: prompt.id });
    expect(connection.status).toBe(404);
    // Deleting the prompt leaves the queue without it.
    await a.api.delete(`/api/prompt/${prompt.id}`);
    expect((await a.api.get(`/api/queue/${a.queue.id}`)).body.promptId).toBeNull();
  });
});
