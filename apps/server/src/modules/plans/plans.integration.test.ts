import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
let superToken: string;
let adminToken: string;

const planBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
  users: 3,
  connections: 2,
  queues: 4,
  value: 149.9,
  useCampaigns: true,
  useKanban: false,
  useOpenAi: true,
  useIntegrations: false,
  useSchedules: true,
  useInternalChat: false,
  useExternalApi: true,
  ...overrides,
});

beforeAll(async () => {
  t = await startTestServer();
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t.close());

describe('plans', () => {
  it('lets the super user create, read, change and delete a plan', async () => {
    const created = await t.as(superToken).post('/api/plans', planBody({ name: 'Gold' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Gold', users: 3, value: 149.9, useKanban: false, useOpenAi: true });
    const id = created.body.id;

    expect((await t.as(superToken).get(`/api/plans/${id}`)).body).toMatchObject({ id, name: 'Gold' });
    const all = await t.as(superToken).get('/api/plans/all');
    expect(all.body.map((plan: { id: number }) => plan.id)).toContain(id);

    const updated = await t
      .as(superToken)
      .put(`/api/plans/${id}`, planBody({ name: 'Gold', users: 9, useKanban: true }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ users: 9, useKanban: true });

    expect((await t.as(superToken).delete(`/api/plans/${id}`)).status).toBe(204);
    expect((await t.as(superToken).get(`/api/plans/${id}`)).status).toBe(404);
  });

  it('lists plans publicly for the signup page, without the flags', async () => {
    const response = await t.request('GET', '/api/plans/list');
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    expect(Object.keys(response.body[0]).sort()).toEqual(['connections', 'id', 'name', 'queues', 'users', 'value']);
  });

  it('refuses a duplicate name, whatever the case', async () => {
    await t.as(superToken).post('/api/plans', planBody({ name: 'Silver' }));
    const duplicate = await t.as(superToken).post('/api/plans', planBody({ name: 'silver' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_PLAN_NAME_IN_USE');

    const other = await t.as(superToken).post('/api/plans', planBody({ name: 'Bronze' }));
    const renamed = await t.as(superToken).put(`/api/plans/${other.body.id}`, planBody({ name: 'SILVER' }));
    expect(renamed.status).toBe(409);
    // Keeping its own name is no conflict.
    expect((await t.as(superToken).put(`/api/plans/${other.body.id}`, planBody({ name: 'Bronze' }))).status).toBe(200);
  });

  it('refuses to delete a plan that a company uses', async () => {
    const plan = await t.as(superToken).post('/api/plans', planBody());
    await buildCompany(t.db, { planId: plan.body.id });
    const response = await t.as(superToken).delete(`/api/plans/${plan.body.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: 'ERR_PLAN_IN_USE', details: { companies: 1 } });
  });

  it('validates the fields', async () => {
    const response = await t.as(superToken).post('/api/plans', planBody({ name: ' ', users: -1, value: 'abc' }));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(expect.arrayContaining(['name', 'users', 'value']));
  });

  it('answers 404 for an unknown plan', async () => {
    expect((await t.as(superToken).put('/api/plans/999999', planBody())).status).toBe(404);
    expect((await t.as(superToken).delete('/api/plans/999999')).status).toBe(404);
  });

  it('is the super user’s: a company admin gets 403 on every route but the public list', async () => {
    const plan = await t.as(superToken).post('/api/plans', planBody());
    const id = plan.body.id;
    const calls = [
      t.as(adminToken).get('/api/plans/all'),
      t.as(adminToken).post('/api/plans', planBody()),
      t.as(adminToken).get(`/api/plans/${id}`),
      t.as(adminToken).put(`/api/plans/${id}`, planBody()),
      t.as(adminToken).delete(`/api/plans/${id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.as(superToken).get(`/api/plans/${id}`)).status).toBe(200);
  });
});
