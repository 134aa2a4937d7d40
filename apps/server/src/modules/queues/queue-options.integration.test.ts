import type { QueueOptionRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;
let seq = 0;

async function tokenOf(user: { email: string }) {
  return (await t.login(user.email, TEST_PASSWORD)).token;
}

async function createQueue(token = adminToken) {
  seq++;
  const response = await t.as(token).post('/api/queue', { name: `Options ${seq}`, color: `#0${seq}`.padEnd(7, 'a') });
  expect(response.status).toBe(200);
  return response.body as { id: number };
}

async function createOption(queueId: number, fields: Record<string, unknown>, token = adminToken) {
  return t.as(token).post('/api/queue-options', { queueId, title: 'An option', message: 'Its answer', ...fields });
}

beforeAll(async () => {
  t = await startTestServer();
  // A roomy plan: these tests create many queues in one company.
  companyId = (await buildCompany(t.db, { planId: (await buildPlan(t.db, { queues: 500 })).id })).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('queue options tree', () => {
  it('builds a nested menu and lists it by level, each option with its children', async () => {
    const queue = await createQueue();
    const sales = (await createOption(queue.id, { title: 'Sales', option: '2' })).body as QueueOptionRecord;
    const support = (await createOption(queue.id, { title: 'Support', option: '01' })).body as QueueOptionRecord;
    expect(support).toMatchObject({ queueId: queue.id, parentId: null, option: '1', title: 'Support', children: [] });
    const printers = await createOption(queue.id, { title: 'Printers', option: '1', parentId: support.id });
    expect(printers.status).toBe(200);
    expect(printers.body.parentId).toBe(support.id);

    for (const query of [`queueId=${queue.id}`, `queueId=${queue.id}&parentId=-1`]) {
      const root = await t.as(adminToken).get(`/api/queue-options?${query}`);
      expect(root.status).toBe(200);
      // Ordered by the number a customer types.
      expect(root.body.map((o: QueueOptionRecord) => o.title)).toEqual(['Support', 'Sales']);
      expect(root.body[0].children.map((o: QueueOptionRecord) => o.title)).toEqual(['Printers']);
    }
    const level = await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}&parentId=${support.id}`);
    expect(level.body.map((o: QueueOptionRecord) => o.id)).toEqual([printers.body.id]);
    expect((await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}&parentId=${sales.id}`)).body).toEqual(
      [],
    );
  });

  it('edits title, message and number, and may move an option under another of the same queue', async () => {
    const queue = await createQueue();
    const a = (await createOption(queue.id, { title: 'A', option: '1' })).body as QueueOptionRecord;
    const b = (await createOption(queue.id, { title: 'B', option: '2' })).body as QueueOptionRecord;
    const edited = await t
      .as(adminToken)
      .put(`/api/queue-options/${b.id}`, { title: 'B2', message: 'New answer', option: '3' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'B2', message: 'New answer', option: '3', parentId: null });
    const moved = await t
      .as(adminToken)
      .put(`/api/queue-options/${b.id}`, { title: 'B2', option: '1', parentId: a.id });
    expect(moved.status).toBe(200);
    expect(moved.body.parentId).toBe(a.id);
    // Under itself or its own sub-option: refused.
    const cycle = await t.as(adminToken).put(`/api/queue-options/${a.id}`, { title: 'A', option: '1', parentId: b.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.fields.parentId).toBeDefined();
    const self = await t.as(adminToken).put(`/api/queue-options/${a.id}`, { title: 'A', option: '1', parentId: a.id });
    expect(self.status).toBe(400);
  });

  it('keeps option numbers unique among siblings only', async () => {
    const queue = await createQueue();
    const first = (await createOption(queue.id, { option: '1' })).body as QueueOptionRecord;
    const twin = await createOption(queue.id, { option: '001' });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({
      error: 'ERR_QUEUE_OPTION_ALREADY_EXISTS',
      fields: { option: expect.any(String) },
    });
    // The same number one level down, or in another queue, is fine.
    expect((await createOption(queue.id, { option: '1', parentId: first.id })).status).toBe(200);
    expect((await createOption((await createQueue()).id, { option: '1' })).status).toBe(200);
    const second = (await createOption(queue.id, { option: '2' })).body as QueueOptionRecord;
    const clash = await t.as(adminToken).put(`/api/queue-options/${second.id}`, { title: 'x', option: '1' });
    expect(clash.status).toBe(409);
    // Two creations at once: one wins, the other gets the conflict.
    const racing = await Promise.all([
      createOption(queue.id, { option: '7' }),
      createOption(queue.id, { option: '7' }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('validates the fields', async () => {
    const queue = await createQueue();
    for (const [fields, field] of [
      [{ title: '' }, 'title'],
      [{ option: '' }, 'option'],
      [{ option: '1a' }, 'option'],
      [{ option: '#' }, 'option'],
      [{ option: '12345' }, 'option'],
    ] as const) {
      const response = await createOption(queue.id, { option: '5', ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields)).toContain(field);
    }
  });

  it('deletes an option with its sub-options', async () => {
    const queue = await createQueue();
    const parent = (await createOption(queue.id, { option: '1' })).body as QueueOptionRecord;
    const child = (await createOption(queue.id, { option: '1', parentId: parent.id })).body as QueueOptionRecord;
    await createOption(queue.id, { option: '1', parentId: child.id });
    expect((await t.as(adminToken).delete(`/api/queue-options/${parent.id}`)).status).toBe(200);
    expect((await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}`)).body).toEqual([]);
    expect((await t.as(adminToken).put(`/api/queue-options/${child.id}`, { title: 'x', option: '1' })).status).toBe(
      404,
    );
  });

  it('deletes the options with their queue', async () => {
    const queue = await createQueue();
    const option = (await createOption(queue.id, { option: '1' })).body as QueueOptionRecord;
    await t.as(adminToken).delete(`/api/queue/${queue.id}`);
    expect((await t.as(adminToken).delete(`/api/queue-options/${option.id}`)).status).toBe(404);
    expect((await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}`)).status).toBe(404);
  });

  it('refuses a parent from another queue, and a queue or parent that does not exist', async () => {
    const queue = await createQueue();
    const elsewhere = (await createOption((await createQueue()).id, { option: '1' })).body as QueueOptionRecord;
    const response = await createOption(queue.id, { option: '1', parentId: elsewhere.id });
    expect(response.status).toBe(400);
    expect(response.body.fields.parentId).toBeDefined();
    expect((await createOption(queue.id, { option: '1', parentId: 999_999 })).status).toBe(404);
    expect((await createOption(999_999, { option: '1' })).status).toBe(404);
    expect((await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}&parentId=999999`)).status).toBe(404);
    expect((await t.as(adminToken).get('/api/queue-options')).status).toBe(400);
  });

  it('announces the queue when its menu changes', async () => {
    const queue = await createQueue();
    const socket = t.connectSocket(adminToken);
    await waitFor(socket, 'connect');
    const event = nextEvent(socket, `company-${companyId}-queue`);
    await createOption(queue.id, { option: '1' });
    expect(await event).toMatchObject({ action: 'update', queue: { id: queue.id } });
  });
});

describe('queue options permissions and tenancy', () => {
  it('lets a user profile read the menu but not change it (403)', async () => {
    const queue = await createQueue();
    const option = (await createOption(queue.id, { option: '1' })).body as QueueOptionRecord;
    const userToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'user' }));
    expect((await t.as(userToken).get(`/api/queue-options?queueId=${queue.id}`)).status).toBe(200);
    for (const response of [
      await createOption(queue.id, { option: '2' }, userToken),
      await t.as(userToken).put(`/api/queue-options/${option.id}`, { title: 'x', option: '1' }),
      await t.as(userToken).delete(`/api/queue-options/${option.id}`),
    ]) {
      expect(response.status).toBe(403);
    }
  });

  it("answers 404 for another company's queue and options, and cannot hang options on them", async () => {
    const queue = await createQueue();
    const option = (await createOption(queue.id, { option: '1' })).body as QueueOptionRecord;
    const other = await buildCompany(t.db);
    const otherToken = await tokenOf(await buildUser(t.db, { companyId: other.id, profile: 'admin' }));
    const otherQueue = await createQueue(otherToken);

    const otherSocket = t.connectSocket(otherToken);
    await waitFor(otherSocket, 'connect');
    const leaked: string[] = [];
    otherSocket.onAny((event: string) => leaked.push(event));

    expect((await t.as(otherToken).get(`/api/queue-options?queueId=${queue.id}`)).status).toBe(404);
    expect((await createOption(queue.id, { option: '9' }, otherToken)).status).toBe(404);
    // Its own queue, but my option as the parent.
    expect((await createOption(otherQueue.id, { option: '1', parentId: option.id }, otherToken)).status).toBe(404);
    expect((await t.as(otherToken).put(`/api/queue-options/${option.id}`, { title: 'x', option: '1' })).status).toBe(
      404,
    );
    expect((await t.as(otherToken).delete(`/api/queue-options/${option.id}`)).status).toBe(404);
    // And it cannot move its own option under mine.
    const own = (await createOption(otherQueue.id, { option: '1' }, otherToken)).body as QueueOptionRecord;
    const move = await t
      .as(otherToken)
      .put(`/api/queue-options/${own.id}`, { title: 'x', option: '1', parentId: option.id });
    expect(move.status).toBe(404);

    const mine = await t.as(adminToken).get(`/api/queue-options?queueId=${queue.id}`);
    expect(mine.body).toMatchObject([{ id: option.id, title: 'An option', children: [] }]);

    // My own changes announce my queue; none of it reaches the other company.
    await createOption(queue.id, { option: '2' });
    const ownEvent = nextEvent(otherSocket, `company-${other.id}-queue`);
    await createOption(otherQueue.id, { option: '2' }, otherToken);
    await ownEvent;
    expect(leaked.filter((event) => event.startsWith(`company-${companyId}-`))).toEqual([]);
  });
});
