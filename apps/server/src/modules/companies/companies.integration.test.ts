import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, isoDay, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
let superToken: string;
let planId: number;
let adminToken: string;
let adminCompanyId: number;

let sequence = 0;
const companyBody = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    name: `Acme ${sequence}`,
    email: `owner-${sequence}-${Date.now()}@acme.test`,
    phone: '11999990000',
    planId,
    status: true,
    campaignsEnabled: false,
    dueDate: '2031-01-31',
    recurrence: 'MENSAL',
    password: 'first-pass',
    ...overrides,
  };
};

beforeAll(async () => {
  t = await startTestServer();
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
  planId = (await buildPlan(t.db, { name: 'Companies test plan' })).id;
  const company = await buildCompany(t.db);
  adminCompanyId = company.id;
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t.close());

describe('companies: create', () => {
  it('creates the company, its default settings and its first admin, who can log in', async () => {
    const body = companyBody();
    const created = await t.as(superToken).post('/api/companies', body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: body.name,
      email: body.email,
      phone: '11999990000',
      planId,
      plan: { id: planId, name: 'Companies test plan' },
      status: true,
      campaignsEnabled: false,
      dueDate: '2031-01-31',
      recurrence: 'MENSAL',
    });
    expect(created.body).not.toHaveProperty('password');

    const session = await t.login(body.email, 'first-pass');
    expect(session.user).toMatchObject({ companyId: created.body.id, profile: 'admin', super: false });
    const settings = await t.as(session.token).get('/api/settings');
    expect(settings.body).toContainEqual({ key: 'campaignsEnabled', value: 'false' });
    expect(settings.body).toContainEqual({ key: 'userRating', value: 'disabled' });
  });

  it('requires a password of 5 to 50 characters, an email and a plan', async () => {
    const missing = await t
      .as(superToken)
      .post('/api/companies', companyBody({ password: undefined, email: '', planId: undefined }));
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields)).toEqual(expect.arrayContaining(['password', 'email', 'planId']));
    const short = await t.as(superToken).post('/api/companies', companyBody({ password: '1234' }));
    expect(short.body.fields).toHaveProperty('password');
    const long = await t.as(superToken).post('/api/companies', companyBody({ password: 'x'.repeat(51) }));
    expect(long.body.fields).toHaveProperty('password');
  });

  it('refuses an email some user already has, on any company', async () => {
    const response = await t
      .as(superToken)
      .post('/api/companies', companyBody({ email: t.config.admin.email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('ERR_EMAIL_IN_USE');
  });

  it('refuses an unknown plan, and stores an invalid due date as null', async () => {
    const unknownPlan = await t.as(superToken).post('/api/companies', companyBody({ planId: 999999 }));
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.fields).toHaveProperty('planId');
    const invalidDate = await t.as(superToken).post('/api/companies', companyBody({ dueDate: '2025-02-30' }));
    expect(invalidDate.status).toBe(201);
    expect(invalidDate.body.dueDate).toBeNull();
  });
});

describe('companies: list, read, update', () => {
  it('pages and searches by name, email or phone', async () => {
    const marker = `Zebra${Date.now()}`;
    await t.as(superToken).post('/api/companies', companyBody({ name: `${marker} One` }));
    await t.as(superToken).post('/api/companies', companyBody({ name: `${marker} Two` }));
    const page = await t.as(superToken).get(`/api/companies?searchParam=${marker.toLowerCase()}&pageNumber=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ count: 2, hasMore: false });
    expect(page.body.companies.map((company: { name: string }) => company.name)).toEqual([
      `${marker} One`,
      `${marker} Two`,
    ]);

    const all = await t.as(superToken).get('/api/companies');
    expect(all.body.count).toBeGreaterThanOrEqual(3);
    const list = await t.as(superToken).get('/api/companies/list');
    expect(list.body.length).toBe(all.body.count);
  });

  it('treats % and _ in the search as plain characters', async () => {
    const page = await t.as(superToken).get('/api/companies?searchParam=%25');
    expect(page.body.count).toBe(0);
  });

  it('updates every field; campaignsEnabled is the company setting', async () => {
    const created = await t.as(superToken).post('/api/companies', companyBody());
    const otherPlan = await buildPlan(t.db);
    const { password: _password, ...fields } = companyBody({
      name: 'Renamed Ltd',
      planId: otherPlan.id,
      status: false,
      campaignsEnabled: true,
      dueDate: 'garbage',
      recurrence: 'ANUAL',
    });
    const updated = await t.as(superToken).put(`/api/companies/${created.body.id}`, fields);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Renamed Ltd',
      plan: { id: otherPlan.id },
      status: false,
      campaignsEnabled: true,
      dueDate: null,
      recurrence: 'ANUAL',
    });
    const read = await t.as(superToken).get(`/api/companies/${created.body.id}`);
    expect(read.body).toEqual(updated.body);
  });

  it('answers 404 for an unknown company', async () => {
    const { password: _password, ...fields } = companyBody();
    expect((await t.as(superToken).get('/api/companies/999999')).status).toBe(404);
    expect((await t.as(superToken).put('/api/companies/999999', fields)).status).toBe(404);
    expect((await t.as(superToken).post('/api/companies/999999/renew')).status).toBe(404);
    expect((await t.as(superToken).delete('/api/companies/999999')).status).toBe(404);
  });
});

describe('companies: switching a company off ends its sessions', () => {
  async function companyWithUsers() {
    const created = await t.as(superToken).post('/api/companies', companyBody());
    const companyId = created.body.id as number;
    const user = await buildUser(t.db, { companyId });
    const owner = await buildUser(t.db, { companyId, isSuper: true, profile: 'admin' });
    const userSession = await t.login(user.email, TEST_PASSWORD);
    const ownerSession = await t.login(owner.email, TEST_PASSWORD);
    const userSocket = t.connectSocket(userSession.token);
    const ownerSocket = t.connectSocket(ownerSession.token);
    await Promise.all([nextEvent(userSocket, 'ready'), nextEvent(ownerSocket, 'ready')]);
    const { password: _password, ...fields } = companyBody({ email: created.body.email });
    return { companyId, fields, userSession, ownerSession, userSocket, ownerSocket };
  }

  it('tells the open pages why, closes their sockets and ends every session but super users', async () => {
    const { companyId, fields, userSession, ownerSession, userSocket, ownerSocket } = await companyWithUsers();
    const ownerEvents: string[] = [];
    ownerSocket.onAny((event: string) => ownerEvents.push(event));
    const disconnected = new Promise((resolve) => userSocket.once('disconnect', resolve));

    const notice = nextEvent(userSocket, `company-${companyId}-auth`);
    expect((await t.as(superToken).put(`/api/companies/${companyId}`, { ...fields, status: false })).status).toBe(200);
    expect(await notice).toEqual({ action: 'companyBlocked', reason: 'ERR_COMPANY_INACTIVE', dueDate: '2031-01-31' });
    await disconnected;

    // Switched on again, the old token and refresh cookie stay dead: the sessions were ended.
    expect((await t.as(superToken).put(`/api/companies/${companyId}`, fields)).status).toBe(200);
    expect((await t.as(userSession.token).get('/api/auth/me')).status).toBe(403);
    const refresh = await t.request('POST', '/api/auth/refresh_token', { cookie: userSession.cookie });
    expect(refresh.status).toBe(401);
    expect(refresh.body.error).toBe('ERR_INVALID_REFRESH_TOKEN');

    // The company's super user keeps their session and socket, as login lets them in.
    expect((await t.as(ownerSession.token).get('/api/auth/me')).status).toBe(200);
    expect(ownerSocket.connected).toBe(true);
    expect(ownerEvents).not.toContain(`company-${companyId}-auth`);
  });

  it('does the same, with the due date, when the due date is moved into the past', async () => {
    const { companyId, fields, userSession, userSocket } = await companyWithUsers();
    const notice = nextEvent(userSocket, `company-${companyId}-auth`);
    const past = isoDay(-2);
    expect((await t.as(superToken).put(`/api/companies/${companyId}`, { ...fields, dueDate: past })).status).toBe(200);
    expect(await notice).toEqual({ action: 'companyBlocked', reason: 'ERR_SUBSCRIPTION_EXPIRED', dueDate: past });
    expect((await t.as(userSession.token).get('/api/auth/me')).status).toBe(403);
  });

  it('leaves sessions alone on an edit that keeps the company usable', async () => {
    const { companyId, fields, userSession, userSocket } = await companyWithUsers();
    const events: string[] = [];
    userSocket.onAny((event: string) => events.push(event));
    const renamed = { ...fields, name: 'Still Open Ltd', dueDate: isoDay(60) };
    expect((await t.as(superToken).put(`/api/companies/${companyId}`, renamed)).status).toBe(200);
    expect((await t.as(userSession.token).get('/api/auth/me')).status).toBe(200);
    expect(userSocket.connected).toBe(true);
    expect(events).not.toContain(`company-${companyId}-auth`);
  });
});

describe('companies: renewal', () => {
  it('advances the due date by the recurrence, from the current due date, clamping month ends', async () => {
    const cases = [
      ['MENSAL', '2031-01-31', '2031-02-28'],
      ['BIMESTRAL', '2031-12-31', '2032-02-29'],
      ['TRIMESTRAL', '2031-05-15', '2031-08-15'],
      ['SEMESTRAL', '2031-08-31', '2032-02-29'],
      ['ANUAL', '2032-02-29', '2033-02-28'],
    ] as const;
    for (const [recurrence, from, to] of cases) {
      const created = await t.as(superToken).post('/api/companies', companyBody({ recurrence, dueDate: from }));
      const renewed = await t.as(superToken).post(`/api/companies/${created.body.id}/renew`);
      expect(renewed.status).toBe(200);
      expect(renewed.body.dueDate, recurrence).toBe(to);
    }
  });

  it('renews a company without a due date from today', async () => {
    const created = await t.as(superToken).post('/api/companies', companyBody({ dueDate: null, recurrence: 'MENSAL' }));
    const renewed = await t.as(superToken).post(`/api/companies/${created.body.id}/renew`);
    expect(renewed.body.dueDate > isoDay(27)).toBe(true);
    expect(renewed.body.dueDate <= isoDay(31)).toBe(true);
  });
});

describe('companies: who may call', () => {
  it('refuses every super route to a company admin with 403', async () => {
    const target = await buildCompany(t.db);
    const { password: _password, ...fields } = companyBody();
    const calls = [
      t.as(adminToken).get('/api/companies'),
      t.as(adminToken).get('/api/companies/list'),
      t.as(adminToken).post('/api/companies', companyBody()),
      t.as(adminToken).put(`/api/companies/${target.id}`, fields),
      t.as(adminToken).post(`/api/companies/${target.id}/renew`),
      t.as(adminToken).delete(`/api/companies/${target.id}`),
      t.as(adminToken).put(`/api/companies/${adminCompanyId}`, fields),
      t.as(adminToken).delete(`/api/companies/${adminCompanyId}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('ERR_NO_PERMISSION');
    }
    expect((await t.as(superToken).get(`/api/companies/${target.id}`)).body.name).toBe(target.name);
  });

  it("lets a company's users read their own company and plan; another company's id answers 404", async () => {
    const other = await buildCompany(t.db);
    expect((await t.as(adminToken).get(`/api/companies/${adminCompanyId}`)).status).toBe(200);
    expect((await t.as(adminToken).get(`/api/companies/${other.id}`)).status).toBe(404);
    expect((await t.as(adminToken).get(`/api/companies/listPlan/${adminCompanyId}`)).status).toBe(200);
    const foreignPlan = await t.as(adminToken).get(`/api/companies/listPlan/${other.id}`);
    expect(foreignPlan.status).toBe(404);
    expect((await t.as(superToken).get(`/api/companies/listPlan/${other.id}`)).status).toBe(200);
  });

  it('needs a login', async () => {
    expect((await t.request('GET', '/api/companies')).status).toBe(401);
    expect((await t.request('GET', '/api/companies/usage')).status).toBe(401);
  });
});

describe('companies: usage', () => {
  it("answers the caller's plan limits and what the company uses", async () => {
    const plan = await buildPlan(t.db, { users: 5, connections: 1, queues: 2, useKanban: false });
    const company = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const usage = await t.as(token).get('/api/companies/usage');
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      plan: { id: plan.id, name: plan.name, useKanban: false, useCampaigns: true },
      users: { limit: 5, used: 2 },
      connections: { limit: 1, used: 0 },
      queues: { limit: 2, used: 0 },
    });
  });
});
