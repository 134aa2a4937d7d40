import { defaultQueueSchedules, type QueueRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { prompts, queueIntegrations } from '../integrations/integrations.tables.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;
let colorSeq = 0;

/** A fresh, valid colour per call, so tests do not collide on the per-company unique colour. */
const nextColor = () => `#${(0x100000 + ++colorSeq * 7919).toString(16).slice(-6)}`;
const queueBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Queue ${++colorSeq}`,
  color: nextColor(),
  ...overrides,
});

async function tokenOf(user: { email: string }) {
  return (await t.login(user.email, TEST_PASSWORD)).token;
}

beforeAll(async () => {
  t = await startTestServer();
  // A roomy plan: these tests create many queues in one company.
  companyId = (await buildCompany(t.db, { planId: (await buildPlan(t.db, { queues: 500 })).id })).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('queues CRUD', () => {
  it('creates a queue with the default week when no hours are sent, and reads it back', async () => {
    const created = await t.as(adminToken).post('/api/queue', {
      name: '  Sales  ',
      color: '#AABBCC',
      greetingMessage: 'Welcome to sales',
      orderQueue: 2,
    });
    expect(created.status).toBe(200);
    const queue: QueueRecord = created.body;
    expect(queue).toMatchObject({
      companyId,
      name: 'Sales',
      color: '#aabbcc',
      greetingMessage: 'Welcome to sales',
      complationMessage: null,
      orderQueue: 2,
      integrationId: null,
      promptId: null,
    });
    expect(queue.schedules).toEqual(defaultQueueSchedules);

    const read = await t.as(adminToken).get(`/api/queue/${queue.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(queue);
    const list = await t.as(adminToken).get('/api/queue');
    expect(list.body.map((q: QueueRecord) => q.id)).toContain(queue.id);
  });

  it('updates every field, including hours, promptId and integrationId, and keeps what is left out', async () => {
    const { body: queue } = await t
      .as(adminToken)
      .post('/api/queue', queueBody({ greetingMessage: 'Hello', ratingMessage: 'Rate us' }));
    // The company's own prompt and integration (another company's ids answer 404).
    const [prompt] = await t.db
      .insert(prompts)
      .values({
        companyId,
        name: 'Prompt',
        prompt: 'p',
        model: 'gpt-4o-mini',
        maxTokens: 100,
        temperature: 1,
        queueId: queue.id,
        maxMessages: 10,
      })
      .returning();
    const [integration] = await t.db
      .insert(queueIntegrations)
      .values({ companyId, type: 'webhook', name: 'Hook' })
      .returning();
    const schedules = defaultQueueSchedules.map((day) =>
      day.weekdayEn === 'saturday' ? { ...day, startTime: '09:00', endTime: '13:30' } : day,
    );
    const updated = await t.as(adminToken).put(`/api/queue/${queue.id}`, {
      name: 'Support',
      color: '#112233',
      complationMessage: 'Bye',
      outOfHoursMessage: 'We are closed',
      orderQueue: 1,
      promptId: prompt.id,
      integrationId: integration.id,
      schedules: [...schedules].reverse(),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Support',
      color: '#112233',
      greetingMessage: 'Hello',
      complationMessage: 'Bye',
      outOfHoursMessage: 'We are closed',
      ratingMessage: 'Rate us',
      orderQueue: 1,
      promptId: prompt.id,
      integrationId: integration.id,
    });
    // Stored Monday first, whatever order was sent.
    expect(updated.body.schedules).toEqual(schedules);

    const cleared = await t
      .as(adminToken)
      .put(`/api/queue/${queue.id}`, { name: 'Support', color: '#112233', greetingMessage: '  ', promptId: null });
    expect(cleared.body).toMatchObject({ greetingMessage: null, promptId: null, integrationId: integration.id });
  });

  it('lists queues by their order, unordered ones last', async () => {
    const company = await buildCompany(t.db);
    const token = await tokenOf(await buildUser(t.db, { companyId: company.id, profile: 'admin' }));
    await t.as(token).post('/api/queue', queueBody({ name: 'No order' }));
    await t.as(token).post('/api/queue', queueBody({ name: 'Second', orderQueue: 2 }));
    await t.as(token).post('/api/queue', queueBody({ name: 'First', orderQueue: 1 }));
    const list = await t.as(token).get('/api/queue');
    expect(list.body.map((q: QueueRecord) => q.name)).toEqual(['First', 'Second', 'No order']);
  });

  it('deletes a queue and tells the company live', async () => {
    const { body: queue } = await t.as(adminToken).post('/api/queue', queueBody());
    const socket = t.connectSocket(adminToken);
    await waitFor(socket, 'connect');
    const event = nextEvent(socket, `company-${companyId}-queue`);
    const deleted = await t.as(adminToken).delete(`/api/queue/${queue.id}`);
    expect(deleted.status).toBe(200);
    expect(await event).toEqual({ action: 'delete', queueId: queue.id });
    expect((await t.as(adminToken).get(`/api/queue/${queue.id}`)).status).toBe(404);
    expect((await t.as(adminToken).delete(`/api/queue/${queue.id}`)).status).toBe(404);
  });

  it('announces a created and an updated queue with action update', async () => {
    const socket = t.connectSocket(adminToken);
    await waitFor(socket, 'connect');
    const createdEvent = nextEvent<{ action: string; queue: QueueRecord }>(socket, `company-${companyId}-queue`);
    const { body: queue } = await t.as(adminToken).post('/api/queue', queueBody());
    expect(await createdEvent).toEqual({ action: 'update', queue });
    const updatedEvent = nextEvent<{ action: string; queue: QueueRecord }>(socket, `company-${companyId}-queue`);
    await t.as(adminToken).put(`/api/queue/${queue.id}`, { name: 'Renamed live', color: queue.color });
    expect(await updatedEvent).toMatchObject({ action: 'update', queue: { id: queue.id, name: 'Renamed live' } });
  });
});

describe('queue validation', () => {
  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['a one-letter name', { name: 'A' }, 'name'],
    ['a 51-letter name', { name: 'x'.repeat(51) }, 'name'],
    ['a missing colour', { color: undefined }, 'color'],
    ['a colour that is not hex', { color: 'blue' }, 'color'],
    ['a colour longer than 9', { color: '#aabbccdde' }, 'color'],
    ['a negative order', { orderQueue: -1 }, 'orderQueue'],
    ['six days of hours', { schedules: defaultQueueSchedules.slice(0, 6) }, 'schedules'],
    [
      'a time that is not HH:MM',
      { schedules: defaultQueueSchedules.map((d) => ({ ...d, startTime: '8:00' })) },
      'schedules',
    ],
    [
      'an end before its start',
      { schedules: defaultQueueSchedules.map((d) => ({ ...d, startTime: '18:00', endTime: '08:00' })) },
      'schedules',
    ],
    ['a weekday twice', { schedules: [...defaultQueueSchedules.slice(0, 6), defaultQueueSchedules[0]] }, 'schedules'],
  ])('refuses %s with ERR_VALIDATION', async (_label, overrides, field) => {
    const response = await t.as(adminToken).post('/api/queue', queueBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields ?? {}).join(' ')).toContain(field);
  });

  it('accepts a 00:00-00:00 day as closed', async () => {
    const schedules = defaultQueueSchedules.map((d) => ({ ...d, startTime: '00:00', endTime: '00:00' }));
    const response = await t.as(adminToken).post('/api/queue', queueBody({ schedules }));
    expect(response.status).toBe(200);
    expect(response.body.schedules).toEqual(schedules);
  });

  it('keeps names unique per company, ignoring case, with ERR_QUEUE_NAME_ALREADY_EXISTS', async () => {
    await t.as(adminToken).post('/api/queue', queueBody({ name: 'Billing' }));
    const again = await t.as(adminToken).post('/api/queue', queueBody({ name: 'billing' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ERR_QUEUE_NAME_ALREADY_EXISTS', fields: { name: expect.any(String) } });
    const { body: other } = await t.as(adminToken).post('/api/queue', queueBody({ name: 'Billing 2' }));
    const rename = await t.as(adminToken).put(`/api/queue/${other.id}`, { name: 'BILLING', color: other.color });
    expect(rename.status).toBe(409);
    // Saving a queue with its own name is not a conflict.
    expect(
      (await t.as(adminToken).put(`/api/queue/${other.id}`, { name: 'Billing 2', color: other.color })).status,
    ).toBe(200);
  });

  it('keeps colours unique per company, ignoring case, with ERR_QUEUE_COLOR_ALREADY_EXISTS', async () => {
    await t.as(adminToken).post('/api/queue', queueBody({ color: '#00FF7F' }));
    const again = await t.as(adminToken).post('/api/queue', queueBody({ color: '#00ff7f' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS',
      fields: { color: expect.any(String) },
    });
  });

  it('lets two companies use the same name and colour', async () => {
    const company = await buildCompany(t.db);
    const token = await tokenOf(await buildUser(t.db, { companyId: company.id, profile: 'admin' }));
    const response = await t.as(token).post('/api/queue', { name: 'Billing', color: '#00ff7f' });
    expect(response.status).toBe(200);
  });

  it('answers one conflict, not a 500, when the same queue is created twice at once', async () => {
    const body = queueBody();
    const answers = await Promise.all([
      t.as(adminToken).post('/api/queue', body),
      t.as(adminToken).post('/api/queue', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('queue plan limit', () => {
  it('refuses a queue past the plan limit with ERR_PLAN_LIMIT, also when requests race', async () => {
    const plan = await buildPlan(t.db, { queues: 2 });
    const company = await buildCompany(t.db, { planId: plan.id });
    const token = await tokenOf(await buildUser(t.db, { companyId: company.id, profile: 'admin' }));
    expect((await t.as(token).post('/api/queue', queueBody())).status).toBe(200);
    const racing = await Promise.all([
      t.as(token).post('/api/queue', queueBody()),
      t.as(token).post('/api/queue', queueBody()),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 403]);
    const over = await t.as(token).post('/api/queue', queueBody());
    expect(over.status).toBe(403);
    expect(over.body.error).toBe('ERR_PLAN_LIMIT');
    expect((await t.as(token).get('/api/queue')).body).toHaveLength(2);
  });
});

describe('queue permissions and tenancy', () => {
  it('lets a user profile read queues but not change them (403)', async () => {
    const { body: queue } = await t.as(adminToken).post('/api/queue', queueBody());
    const userToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'user' }));
    expect((await t.as(userToken).get('/api/queue')).status).toBe(200);
    expect((await t.as(userToken).get(`/api/queue/${queue.id}`)).status).toBe(200);
    for (const response of [
      await t.as(userToken).post('/api/queue', queueBody()),
      await t.as(userToken).put(`/api/queue/${queue.id}`, queueBody()),
      await t.as(userToken).delete(`/api/queue/${queue.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
  });

  it("answers 404 for another company's queue, never lists it, and its events never arrive", async () => {
    const other = await buildCompany(t.db);
    const otherToken = await tokenOf(await buildUser(t.db, { companyId: other.id, profile: 'admin' }));
    const { body: mine } = await t.as(adminToken).post('/api/queue', queueBody());

    const otherSocket = t.connectSocket(otherToken);
    await waitFor(otherSocket, 'connect');
    const leaked: unknown[] = [];
    otherSocket.onAny((event: string, payload: unknown) => leaked.push({ event, payload }));

    expect((await t.as(otherToken).get(`/api/queue/${mine.id}`)).status).toBe(404);
    expect((await t.as(otherToken).put(`/api/queue/${mine.id}`, queueBody())).status).toBe(404);
    expect((await t.as(otherToken).delete(`/api/queue/${mine.id}`)).status).toBe(404);
    // spec: GET /queue takes an optional companyId; it is ignored for anyone but the super user.
    const list = await t.as(otherToken).get(`/api/queue?companyId=${companyId}`);
    expect(list.body.map((q: QueueRecord) => q.id)).not.toContain(mine.id);

    await t.as(adminToken).put(`/api/queue/${mine.id}`, { name: mine.name, color: mine.color, orderQueue: 5 });
    await t.as(adminToken).delete(`/api/queue/${mine.id}`);
    // A later event of its own company proves the socket was listening while the others were sent.
    const own = nextEvent(otherSocket, `company-${other.id}-queue`);
    await t.as(otherToken).post('/api/queue', queueBody());
    await own;
    expect(leaked.filter((e) => JSON.stringify(e).includes(`company-${companyId}-`))).toEqual([]);
  });

  it('lets the super user list the queues of a named company', async () => {
    const superCompany = await buildCompany(t.db);
    const superToken = await tokenOf(
      await buildUser(t.db, { companyId: superCompany.id, profile: 'admin', isSuper: true }),
    );
    const list = await t.as(superToken).get(`/api/queue?companyId=${companyId}`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((q: QueueRecord) => q.companyId === companyId)).toBe(true);
  });

  it('requires a token', async () => {
    expect((await t.request('GET', '/api/queue')).status).toBe(401);
  });
});
