import type { UserRecord } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, findUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { userQueues } from '../../tables.ts';

let t: TestServer;
let companyId: number;
let adminId: number;
let adminToken: string;
let queueId: number;
let connectionId: number;

// Raw SQL so these helpers do not depend on columns later issues add to queues and connections.
async function buildQueue(companyIdOfQueue: number, name = `Queue ${Math.random()}`) {
  const { rows } = await t.server.platform.database.executeSql(
    `insert into queues (company_id, name, color) values ($1, $2, '#112233') returning id`,
    [companyIdOfQueue, name],
  );
  return { id: Number((rows[0] as { id: number }).id) };
}

async function buildConnection(companyIdOfConnection: number) {
  const { rows } = await t.server.platform.database.executeSql(
    'insert into whatsapps (company_id, name) values ($1, $2) returning id',
    [companyIdOfConnection, `Phone ${Math.random()}`],
  );
  return { id: Number((rows[0] as { id: number }).id) };
}

async function loginAs(user: { email: string }) {
  return (await t.login(user.email, TEST_PASSWORD)).token;
}

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Maria Souza',
  email: `maria-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'secret1',
  ...overrides,
});

beforeAll(async () => {
  t = await startTestServer();
  // Room for every user the tests below create.
  const company = await buildCompany(t.db, { planId: (await buildPlan(t.db, { users: 1000 })).id });
  companyId = company.id;
  const admin = await buildUser(t.db, { companyId, profile: 'admin', name: 'Ana Admin' });
  adminId = admin.id;
  adminToken = await loginAs(admin);
  queueId = (await buildQueue(companyId)).id;
  connectionId = (await buildConnection(companyId)).id;
});
afterAll(() => t.close());

describe('users: create', () => {
  it('creates a user with the spec defaults and never answers the password hash', async () => {
    const response = await t.as(adminToken).post('/api/users', newUser());
    expect(response.status).toBe(201);
    const user = response.body as UserRecord;
    expect(user).toMatchObject({ name: 'Maria Souza', profile: 'user', allTicket: 'desabled', queues: [] });
    expect(JSON.stringify(response.body)).not.toMatch(/password/i);
    const shown = await t.as(adminToken).get(`/api/users/${user.id}`);
    expect(JSON.stringify(shown.body)).not.toMatch(/password|\$argon|\$2[aby]\$/i);
    // The new user can log in with the password the admin chose.
    expect((await t.login(user.email, 'secret1')).user.id).toBe(user.id);
  });

  it('stores queues and the default connection of the company', async () => {
    const response = await t
      .as(adminToken)
      .post(
        '/api/users',
        newUser({ queueIds: [queueId], whatsappId: connectionId, allTicket: 'enabled', profile: 'admin' }),
      );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      profile: 'admin',
      allTicket: 'enabled',
      whatsappId: connectionId,
      whatsapp: { id: connectionId },
      queues: [{ id: queueId }],
    });
  });

  it('validates the fields with the spec messages', async () => {
    const response = await t.as(adminToken).post('/api/users', { name: 'A', email: 'not-an-email', password: '123' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(response.body.fields).toMatchObject({ name: 'Too Short!', email: 'Invalid email', password: 'Too Short!' });
    const long = await t.as(adminToken).post('/api/users', newUser({ name: 'x'.repeat(51) }));
    expect(long.body.fields).toMatchObject({ name: 'Too Long!' });
    const missing = await t.as(adminToken).post('/api/users', { email: 'a@b.co', password: '12345' });
    expect(missing.body.fields.name).toBe('Required');
    const badProfile = await t.as(adminToken).post('/api/users', newUser({ profile: 'owner', allTicket: 'disabled' }));
    expect(Object.keys(badProfile.body.fields)).toEqual(expect.arrayContaining(['profile', 'allTicket']));
  });

  it('refuses an email used anywhere on the platform with 409 ERR_EMAIL_IN_USE, whatever its case', async () => {
    const other = await buildCompany(t.db);
    const someone = await buildUser(t.db, { companyId: other.id });
    const response = await t.as(adminToken).post('/api/users', newUser({ email: someone.email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('ERR_EMAIL_IN_USE');
  });

  it('refuses a user beyond the plan limit with 403 ERR_PLAN_LIMIT', async () => {
    const plan = await buildPlan(t.db, { users: 2 });
    const company = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const token = await loginAs(admin);
    expect((await t.as(token).post('/api/users', newUser())).status).toBe(201);
    const refused = await t.as(token).post('/api/users', newUser());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'ERR_PLAN_LIMIT', details: { resource: 'users', limit: 2, used: 2 } });
  });

  it('is for admins only', async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    const response = await t.as(token).post('/api/users', newUser());
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('users: list', () => {
  it('pages and searches by name or email, with count and hasMore', async () => {
    const company = await buildCompany(t.db, { planId: (await buildPlan(t.db, { users: 100 })).id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', name: 'Zed Admin' });
    const token = await loginAs(admin);
    for (let index = 0; index < 45; index++) {
      await buildUser(t.db, { companyId: company.id, name: `Agent ${String(index).padStart(2, '0')}` });
    }
    await buildUser(t.db, { companyId: company.id, name: 'Special', email: `needle-${Date.now()}@example.com` });

    const first = await t.as(token).get('/api/users/?pageNumber=1');
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(40);
    expect(first.body).toMatchObject({ count: 47, hasMore: true });
    const second = await t.as(token).get('/api/users/?pageNumber=2');
    expect(second.body.users).toHaveLength(7);
    expect(second.body.hasMore).toBe(false);

    const byName = await t.as(token).get('/api/users/?searchParam=agent%2004');
    expect(byName.body.users.map((user: UserRecord) => user.name)).toEqual(['Agent 04']);
    const byEmail = await t.as(token).get('/api/users/?searchParam=NEEDLE');
    expect(byEmail.body).toMatchObject({ count: 1, hasMore: false, users: [{ name: 'Special' }] });
    const wildcard = await t.as(token).get('/api/users/?searchParam=%25');
    expect(wildcard.body.count).toBe(0);
  });

  it("never shows another company's users, in the page or the picker list", async () => {
    const other = await buildCompany(t.db);
    const stranger = await buildUser(t.db, { companyId: other.id, name: 'Stranger Danger' });
    const page = await t.as(adminToken).get('/api/users/?searchParam=Stranger');
    expect(page.body).toMatchObject({ users: [], count: 0 });
    const list = await t.as(adminToken).get('/api/users/list');
    expect(list.status).toBe(200);
    expect(list.body.map((user: { id: number }) => user.id)).not.toContain(stranger.id);
    expect(list.body.map((user: { id: number }) => user.id)).toContain(adminId);
  });

  it("lists each user's queue ids in the picker list, so the transfer dialog can offer a queue's users", async () => {
    const member = await buildUser(t.db, { companyId, name: 'Queue Member' });
    await t.db.insert(userQueues).values({ userId: member.id, queueId });
    const list = await t.as(adminToken).get('/api/users/list');
    expect(list.status).toBe(200);
    const listed = (list.body as { id: number; queueIds: number[] }[]).find((user) => user.id === member.id);
    expect(listed?.queueIds).toEqual([queueId]);
    expect(list.body.every((user: { queueIds: unknown }) => Array.isArray(user.queueIds))).toBe(true);
  });

  it('gives every user the picker list, but the paged list only to admins', async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    expect((await t.as(token).get('/api/users/list')).status).toBe(200);
    expect((await t.as(token).get('/api/users/')).status).toBe(403);
  });
});

describe('users: edit', () => {
  it('lets an admin change every field; the password stays when left blank', async () => {
    const created = (await t.as(adminToken).post('/api/users', newUser())).body as UserRecord;
    const response = await t.as(adminToken).put(`/api/users/${created.id}`, {
      name: 'Maria Renamed',
      email: created.email,
      password: '',
      profile: 'admin',
      allTicket: 'enabled',
      queueIds: [queueId],
      whatsappId: connectionId,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Maria Renamed',
      profile: 'admin',
      allTicket: 'enabled',
      queues: [{ id: queueId }],
    });
    expect((await t.login(created.email, 'secret1')).user.name).toBe('Maria Renamed');
    const cleared = await t.as(adminToken).put(`/api/users/${created.id}`, {
      name: 'Maria Renamed',
      email: created.email,
      queueIds: [],
      whatsappId: null,
    });
    expect(cleared.body).toMatchObject({ queues: [], whatsappId: null, whatsapp: null });
  });

  it("ends a user's sessions when an admin changes their password or profile", async () => {
    const user = await buildUser(t.db, { companyId });
    const session = await t.login(user.email, TEST_PASSWORD);
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(200);
    const socket = t.connectSocket(session.token);
    await waitFor(socket, 'connect');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await t.as(adminToken).put(`/api/users/${user.id}`, { name: user.name, email: user.email, password: 'newpass1' });
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(403);
    const refresh = await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(refresh.status).toBe(401);
    await disconnected;
    expect((await t.login(user.email, 'newpass1')).user.id).toBe(user.id);
  });

  it('lets a user edit their own name, email and password, and keeps their session', async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    const email = `self-${Date.now()}@example.com`;
    const response = await t
      .as(token)
      .put(`/api/users/${user.id}`, { name: 'Self Edited', email, password: 'mynewpass' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Self Edited', email, profile: 'user' });
    expect((await t.as(token).get('/api/auth/me')).status).toBe(200);
    expect((await t.as(token).get(`/api/users/${user.id}`)).status).toBe(200);
  });

  it('refuses a user raising their own profile or changing admin-only fields (403), but accepts them unchanged', async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    const base = { name: user.name, email: user.email };
    const raise = await t.as(token).put(`/api/users/${user.id}`, { ...base, profile: 'admin' });
    expect(raise.status).toBe(403);
    expect(raise.body).toMatchObject({ error: 'ERR_NO_PERMISSION', details: { fields: ['profile'] } });
    for (const change of [{ allTicket: 'enabled' }, { queueIds: [queueId] }, { whatsappId: connectionId }]) {
      expect((await t.as(token).put(`/api/users/${user.id}`, { ...base, ...change })).status).toBe(403);
    }
    expect((await findUser(t.db, user.id)).profile).toBe('user');
    const unchanged = await t.as(token).put(`/api/users/${user.id}`, {
      ...base,
      profile: 'user',
      allTicket: 'desabled',
      queueIds: [],
      whatsappId: null,
    });
    expect(unchanged.status).toBe(200);
  });

  it("refuses a user reading or editing someone else's account", async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    expect((await t.as(token).get(`/api/users/${adminId}`)).status).toBe(403);
    const edit = await t.as(token).put(`/api/users/${adminId}`, { name: 'Hacked', email: 'h@example.com' });
    expect(edit.status).toBe(403);
    expect((await t.as(token).delete(`/api/users/${adminId}`)).status).toBe(403);
  });

  it('refuses an email taken by another user with 409', async () => {
    const user = await buildUser(t.db, { companyId });
    const other = await buildUser(t.db, { companyId });
    const response = await t.as(adminToken).put(`/api/users/${user.id}`, { name: user.name, email: other.email });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('ERR_EMAIL_IN_USE');
  });

  it('never demotes the last admin of a company (409 ERR_LAST_ADMIN)', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const token = await loginAs(admin);
    const response = await t
      .as(token)
      .put(`/api/users/${admin.id}`, { name: admin.name, email: admin.email, profile: 'user' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('ERR_LAST_ADMIN');
    // With a second admin, demoting oneself is fine.
    await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const demoted = await t
      .as(token)
      .put(`/api/users/${admin.id}`, { name: admin.name, email: admin.email, profile: 'user' });
    expect(demoted.status).toBe(200);
  });

  it('answers 404 ERR_NO_USER_FOUND for an unknown id', async () => {
    const response = await t.as(adminToken).put('/api/users/999999', { name: 'Nobody', email: 'nobody@example.com' });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_USER_FOUND');
  });
});

describe('users: delete', () => {
  it('deletes a user, whose sessions end', async () => {
    const user = await buildUser(t.db, { companyId });
    const session = await t.login(user.email, TEST_PASSWORD);
    expect((await t.as(adminToken).delete(`/api/users/${user.id}`)).status).toBe(204);
    expect(await findUser(t.db, user.id)).toBeUndefined();
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(403);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
    expect((await t.as(adminToken).get(`/api/users/${user.id}`)).status).toBe(404);
  });

  it('refuses deleting oneself and the last admin', async () => {
    const self = await t.as(adminToken).delete(`/api/users/${adminId}`);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('ERR_CANNOT_DELETE_SELF');

    // A super admin of another company is the only way to be an admin deleting the last admin elsewhere;
    // inside one company, the last admin is always the caller, so check the rule with two admins removing one.
    const company = await buildCompany(t.db);
    const first = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const second = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const token = await loginAs(first);
    expect((await t.as(token).delete(`/api/users/${second.id}`)).status).toBe(204);
    // `first` is now the last admin: demoting them through another admin path is covered above.
    expect((await t.as(token).delete(`/api/users/${first.id}`)).body.error).toBe('ERR_CANNOT_DELETE_SELF');
  });

  it('is for admins only', async () => {
    const user = await buildUser(t.db, { companyId });
    const victim = await buildUser(t.db, { companyId });
    const token = await loginAs(user);
    expect((await t.as(token).delete(`/api/users/${victim.id}`)).status).toBe(403);
  });
});

describe('users: across companies', () => {
  let otherToken: string;
  let otherCompanyId: number;
  beforeAll(async () => {
    const other = await buildCompany(t.db);
    otherCompanyId = other.id;
    const otherAdmin = await buildUser(t.db, { companyId: other.id, profile: 'admin' });
    otherToken = await loginAs(otherAdmin);
  });

  it('cannot read, change or delete a user of another company (404)', async () => {
    const victim = await buildUser(t.db, { companyId });
    expect((await t.as(otherToken).get(`/api/users/${victim.id}`)).status).toBe(404);
    const edit = await t.as(otherToken).put(`/api/users/${victim.id}`, { name: 'Taken', email: victim.email });
    expect(edit.status).toBe(404);
    const remove = await t.as(otherToken).delete(`/api/users/${victim.id}`);
    expect(remove.status).toBe(404);
    expect(await findUser(t.db, victim.id)).toMatchObject({ name: victim.name, companyId });
  });

  it("cannot assign another company's queue or connection", async () => {
    const create = await t
      .as(otherToken)
      .post('/api/users', newUser({ queueIds: [queueId], whatsappId: connectionId }));
    expect(create.status).toBe(400);
    expect(create.body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { queueIds: expect.any(String), whatsappId: expect.any(String) },
    });
    const own = (await t.as(otherToken).post('/api/users', newUser())).body as UserRecord;
    const update = await t
      .as(otherToken)
      .put(`/api/users/${own.id}`, { name: own.name, email: own.email, queueIds: [queueId] });
    expect(update.status).toBe(400);
    const links = await t.db.select().from(userQueues).where(eq(userQueues.userId, own.id));
    expect(links).toEqual([]);
  });

  it("never sends a company's user events to another company's socket", async () => {
    const mine = t.connectSocket(adminToken);
    const theirs = t.connectSocket(otherToken);
    await Promise.all([waitFor(mine, 'connect'), waitFor(theirs, 'connect')]);
    const leaked: unknown[] = [];
    const created = nextEvent<{ action: string; user: UserRecord }>(mine, `company-${companyId}-user`);
    const response = await t.as(adminToken).post('/api/users', newUser({ name: 'Live User' }));
    expect(response.status).toBe(201);
    expect(await created).toMatchObject({ action: 'create', user: { id: response.body.id, name: 'Live User' } });

    const updated = nextEvent(mine, `company-${companyId}-user`);
    await t.as(adminToken).put(`/api/users/${response.body.id}`, { name: 'Live Renamed', email: response.body.email });
    expect(await updated).toMatchObject({ action: 'update', user: { id: response.body.id, name: 'Live Renamed' } });

    const deleted = nextEvent(mine, `company-${companyId}-user`);
    await t.as(adminToken).delete(`/api/users/${response.body.id}`);
    expect(await deleted).toEqual({ action: 'delete', userId: response.body.id });

    // Give any stray emit time to arrive before checking nothing reached the other company.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaked).toEqual([]);
    expect(otherCompanyId).not.toBe(companyId);
  });
});
