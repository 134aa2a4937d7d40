import type { ConnectionRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/channels.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextMatching, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { queues } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function companyWithAdmin(planOverrides: Record<string, unknown> = {}) {
  const plan = await buildPlan(t.db, planOverrides);
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const { token } = await t.login(admin.email, TEST_PASSWORD);
  return { company, token };
}

async function buildQueue(companyId: number, name: string, color: string) {
  const [queue] = await t.db.insert(queues).values({ companyId, name, color }).returning();
  return queue;
}

describe('connections', () => {
  it('creates the first connection as default, with a generated token and the spec defaults', async () => {
    const { token } = await companyWithAdmin();
    const created = await t.as(token).post('/api/whatsapp', { name: 'Sales', provider: 'beta' });
    expect(created.status).toBe(201);
    const connection = created.body as ConnectionRecord;
    expect(connection).toMatchObject({
      name: 'Sales',
      provider: 'baileys',
      isDefault: true,
      maxUseBotQueues: 3,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      queues: [],
    });
    expect(connection.token).toMatch(/^[0-9a-f]{32}$/);

    const list = await t.as(token).get('/api/whatsapp?session=0&companyId=999');
    expect(list.status).toBe(200);
    expect(list.body.map((row: ConnectionRecord) => row.name)).toEqual(['Sales']);
    // The list goes to every user: no tokens in it.
    expect(list.body[0].token).toBeUndefined();
  });

  it('answers the token by id to admins only', async () => {
    const { company, token } = await companyWithAdmin();
    const { body } = await t.as(token).post('/api/whatsapp', { name: 'Main', provider: 'stable', token: 'my-token-1' });
    expect(body.token).toBe('my-token-1');
    const user = await buildUser(t.db, { companyId: company.id });
    const userToken = (await t.login(user.email, TEST_PASSWORD)).token;
    const asUser = await t.as(userToken).get(`/api/whatsapp/${body.id}`);
    expect(asUser.status).toBe(200);
    expect(asUser.body.token).toBeUndefined();
    expect((await t.as(userToken).post('/api/whatsapp', { name: 'Mine' })).status).toBe(403);
    expect((await t.as(userToken).delete(`/api/whatsapp/${body.id}`)).status).toBe(403);
    expect((await t.as(userToken).post(`/api/whatsappsession/${body.id}`)).status).toBe(403);
  });

  it('keeps names unique per company (not across companies) and tokens unique everywhere', async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    expect((await t.as(one.token).post('/api/whatsapp', { name: 'Support', token: 'shared-token' })).status).toBe(201);
    const sameName = await t.as(one.token).post('/api/whatsapp', { name: 'support' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe('ERR_WAPP_NAME_IN_USE');
    expect((await t.as(two.token).post('/api/whatsapp', { name: 'Support' })).status).toBe(201);
    const sameToken = await t.as(two.token).post('/api/whatsapp', { name: 'Other', token: 'shared-token' });
    expect(sameToken.status).toBe(409);
    expect(sameToken.body.error).toBe('ERR_WAPP_TOKEN_IN_USE');
  });

  it('keeps exactly one default connection', async () => {
    const { company, token } = await companyWithAdmin();
    const first = (await t.as(token).post('/api/whatsapp', { name: 'First' })).body as ConnectionRecord;
    const second = (await t.as(token).post('/api/whatsapp', { name: 'Second' })).body as ConnectionRecord;
    expect(second.isDefault).toBe(false);

    const socket = t.connectSocket(token);
    await waitFor(socket, 'connect');
    const events: { action: string; whatsapp?: ConnectionRecord }[] = [];
    socket.on(`company-${company.id}-whatsapp`, (event) => events.push(event));
    const made = await t.as(token).put(`/api/whatsapp/${second.id}`, { isDefault: true });
    expect(made.body.isDefault).toBe(true);
    const list = (await t.as(token).get('/api/whatsapp')).body as ConnectionRecord[];
    expect(list.filter((row) => row.isDefault).map((row) => row.id)).toEqual([second.id]);
    // The old default is told it is not the default any more.
    await waitUntil(async () => events.some((event) => event.whatsapp?.id === first.id && !event.whatsapp.isDefault));

    const undefault = await t.as(token).put(`/api/whatsapp/${second.id}`, { isDefault: false });
    expect(undefault.status).toBe(400);
    expect(undefault.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    const deleteDefault = await t.as(token).delete(`/api/whatsapp/${second.id}`);
    expect(deleteDefault.body.error).toBe('ERR_NO_OTHER_WHATSAPP');

    // A connection left unpaired may announce its QR timing out meanwhile: wait for the delete.
    const deleted = nextMatching<{ action: string }>(
      socket,
      `company-${company.id}-whatsapp`,
      (event) => event.action === 'delete',
    );
    expect((await t.as(token).delete(`/api/whatsapp/${first.id}`)).status).toBe(200);
    expect(await deleted).toEqual({ action: 'delete', whatsappId: first.id });
    // The last one may go.
    expect((await t.as(token).delete(`/api/whatsapp/${second.id}`)).status).toBe(200);
  });

  it('requires a greeting when the connection has more than one queue', async () => {
    const { company, token } = await companyWithAdmin();
    const a = await buildQueue(company.id, 'A', '#111111');
    const b = await buildQueue(company.id, 'B', '#222222');
    const refused = await t.as(token).post('/api/whatsapp', { name: 'Queued', queueIds: [a.id, b.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const created = await t.as(token).post('/api/whatsapp', {
      name: 'Queued',
      queueIds: [a.id, b.id],
      greetingMessage: 'Hello! Choose an option',
    });
    expect(created.status).toBe(201);
    expect(created.body.queueIds.sort()).toEqual([a.id, b.id].sort());
    const cleared = await t.as(token).put(`/api/whatsapp/${created.body.id}`, { greetingMessage: ' ' });
    expect(cleared.body.error).toBe('ERR_WAPP_GREETING_REQUIRED');
    const oneQueue = await t
      .as(token)
      .put(`/api/whatsapp/${created.body.id}`, { greetingMessage: '', queueIds: [a.id] });
    expect(oneQueue.status).toBe(200);

    const other = await companyWithAdmin();
    const foreignQueue = await t.as(other.token).post('/api/whatsapp', { name: 'Foreign', queueIds: [a.id] });
    expect(foreignQueue.status).toBe(400);
  });

  it("enforces the plan's connection limit", async () => {
    const { token } = await companyWithAdmin({ connections: 1 });
    expect((await t.as(token).post('/api/whatsapp', { name: 'One' })).status).toBe(201);
    const second = await t.as(token).post('/api/whatsapp', { name: 'Two' });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe('ERR_PLAN_LIMIT');
  });

  it("never reads, changes, starts or deletes another company's connection", async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    const { body } = await t.as(one.token).post('/api/whatsapp', { name: 'Private' });
    const intruder = t.as(two.token);
    expect((await intruder.get(`/api/whatsapp/${body.id}`)).status).toBe(404);
    expect((await intruder.put(`/api/whatsapp/${body.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await intruder.delete(`/api/whatsapp/${body.id}`)).status).toBe(404);
    for (const method of ['post', 'put', 'delete'] as const) {
      expect((await intruder[method](`/api/whatsappsession/${body.id}`)).status).toBe(404);
    }
    expect((await intruder.get('/api/whatsapp')).body).toEqual([]);
  });

  it("refuses another company's queue as a queue or as the transfer queue, naming the field", async () => {
    const one = await companyWithAdmin();
    const two = await companyWithAdmin();
    const own = await buildQueue(one.company.id, 'Own', '#101010');
    const foreign = await buildQueue(two.company.id, 'Foreign', '#202020');
    const api = t.as(one.token);

    const asTransfer = await api.post('/api/whatsapp', {
      name: 'Transfer',
      queueIds: [own.id],
      transferQueueId: foreign.id,
    });
    expect(asTransfer.status).toBe(400);
    expect(asTransfer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { transferQueueId: 'Unknown queue' } });
    expect(asTransfer.body.fields.queueIds).toBeUndefined();
    const asQueue = await api.post('/api/whatsapp', { name: 'Queued', queueIds: [foreign.id] });
    expect(asQueue.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { queueIds: 'Unknown queue' } });
    expect((await api.get('/api/whatsapp')).body).toEqual([]);

    const created = await api.post('/api/whatsapp', { name: 'Ok', transferQueueId: own.id, timeToTransfer: 5 });
    expect(created.status).toBe(201);
    const update = await api.put(`/api/whatsapp/${created.body.id}`, { transferQueueId: foreign.id });
    expect(update.status).toBe(400);
    expect(update.body.fields).toEqual({ transferQueueId: 'Unknown queue' });
    expect((await api.get(`/api/whatsapp/${created.body.id}`)).body.transferQueueId).toBe(own.id);
  });
});
