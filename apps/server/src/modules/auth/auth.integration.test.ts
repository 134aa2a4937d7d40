import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, isoDay, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { companies } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('logs the super admin in with the seeded credentials', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      body: { email: 'admin@admin.com', password: '123456' },
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
    expect(response.body.user).toMatchObject({ email: 'admin@admin.com', profile: 'admin', super: true, companyId: 1 });
    expect(response.body.user.company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });
    expect([response.headers['set-cookie']].flat().join('\n')).toMatch(/jrt=.*HttpOnly/i);
    expect(response.body.dueDateWarningDays).toBeUndefined();
  });

  it('accepts the email in any case', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      body: { email: 'ADMIN@admin.com', password: '123456' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const wrongPassword = await t.request('POST', '/api/auth/login', {
      body: { email: 'admin@admin.com', password: 'nope' },
    });
    const unknown = await t.request('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: '123456' },
    });
    for (const response of [wrongPassword, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('ERR_INVALID_CREDENTIALS');
    }
  });

  it('answers a validation error per field for bad input', async () => {
    const response = await t.request('POST', '/api/auth/login', { body: { email: 'not-an-email' } });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(response.body.fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('refuses a company past its due date and tells the due date', async () => {
    const company = await buildCompany(t.db, { dueDate: isoDay(-1) });
    const user = await buildUser(t.db, { companyId: company.id });
    const response = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: isoDay(-1) } });
    expect(response.cookie).toBeUndefined();
  });

  it('lets a company in on its due date and warns when fewer than 5 days remain', async () => {
    const dueToday = await buildCompany(t.db, { dueDate: isoDay(0) });
    const user = await buildUser(t.db, { companyId: dueToday.id });
    const answer = await t.login(user.email, TEST_PASSWORD);
    expect(answer.dueDateWarningDays).toBe(0);

    const dueLater = await buildCompany(t.db, { dueDate: isoDay(4) });
    const other = await buildUser(t.db, { companyId: dueLater.id });
    expect((await t.login(other.email, TEST_PASSWORD)).dueDateWarningDays).toBe(4);
  });

  it('refuses a company that is switched off', async () => {
    const company = await buildCompany(t.db, { status: false });
    const user = await buildUser(t.db, { companyId: company.id });
    const response = await t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_COMPANY_INACTIVE');
  });
});

describe('refresh, logout and sessions', () => {
  it('rotates the refresh cookie and refuses the old one once replaced', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const session = await t.login(user.email, TEST_PASSWORD);

    const first = await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.body.user.id).toBe(user.id);
    expect(first.cookie).toBeDefined();
    expect(first.cookie).not.toBe(session.cookie);

    const second = await t.request('POST', '/api/auth/refresh_token', { cookie: first.cookie });
    expect(second.status).toBe(200);

    // The first cookie was replaced twice: it is a copy, and it ends the session.
    const reused = await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('ERR_INVALID_REFRESH_TOKEN');
    const afterReuse = await t.request('POST', '/api/auth/refresh_token', { cookie: second.cookie });
    expect(afterReuse.status).toBe(401);
  });

  it('refuses a refresh without a cookie or with a forged one', async () => {
    expect((await t.request('POST', '/api/auth/refresh_token')).status).toBe(401);
    const forged = await t.request('POST', '/api/auth/refresh_token', { cookie: 'jrt=abc.def.ghi' });
    expect(forged.status).toBe(401);
  });

  it('ends the session on logout', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const session = await t.login(user.email, TEST_PASSWORD);
    const logout = await t.request('DELETE', '/api/auth/logout', { cookie: session.cookie });
    expect(logout.status).toBe(204);
    expect(logout.headers['set-cookie']).toMatch(/jrt=;/);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);
  });

  it('a second login ends the first session: its token and its refresh stop working', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const first = await t.login(user.email, TEST_PASSWORD);
    expect((await t.as(first.token).get('/api/auth/me')).status).toBe(200);

    const second = await t.login(user.email, TEST_PASSWORD);
    const oldToken = await t.as(first.token).get('/api/auth/me');
    expect(oldToken.status).toBe(403);
    expect(oldToken.body.error).toBe('ERR_SESSION_EXPIRED');
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: first.cookie })).status).toBe(401);
    expect((await t.as(second.token).get('/api/auth/me')).status).toBe(200);
  });
});

describe('a company switched off or past due after login', () => {
  async function loggedInUser(overrides: { isSuper?: boolean; profile?: 'admin' | 'user' } = {}) {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id, ...overrides });
    return { company, session: await t.login(user.email, TEST_PASSWORD) };
  }

  it('refuses the refresh with the login codes and every request like an ended session', async () => {
    const off = await loggedInUser();
    const expired = await loggedInUser();
    await t.db.update(companies).set({ status: false }).where(eq(companies.id, off.company.id));
    await t.db
      .update(companies)
      .set({ dueDate: isoDay(-1) })
      .where(eq(companies.id, expired.company.id));

    for (const { session } of [off, expired]) {
      const request = await t.as(session.token).get('/api/auth/me');
      expect(request.status).toBe(403);
      expect(request.body.error).toBe('ERR_SESSION_EXPIRED');
    }
    const offRefresh = await t.request('POST', '/api/auth/refresh_token', { cookie: off.session.cookie });
    expect(offRefresh.status).toBe(403);
    expect(offRefresh.body.error).toBe('ERR_COMPANY_INACTIVE');
    expect(offRefresh.headers['set-cookie']).toMatch(/jrt=;/); // the browser drops its cookie
    const expiredRefresh = await t.request('POST', '/api/auth/refresh_token', { cookie: expired.session.cookie });
    expect(expiredRefresh.status).toBe(402);
    expect(expiredRefresh.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_EXPIRED', details: { dueDate: isoDay(-1) } });

    // The socket handshake runs the same check.
    const socket = t.connectSocket(off.session.token);
    expect(((await waitFor(socket, 'connect_error')) as Error).message).toBe('ERR_SESSION_EXPIRED');
  });

  it('lets the company back in once it is switched on again', async () => {
    const { company, session } = await loggedInUser();
    await t.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(403);
    await t.db.update(companies).set({ status: true }).where(eq(companies.id, company.id));
    // Written behind the app's back: forget what the token check keeps, as the app's own writes do.
    t.platform.sessions.forgetCompany(company.id);
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(200);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(200);
  });

  it("keeps a super user in, whatever their own company's state, as login does", async () => {
    const { company, session } = await loggedInUser({ isSuper: true, profile: 'admin' });
    await t.db
      .update(companies)
      .set({ status: false, dueDate: isoDay(-3) })
      .where(eq(companies.id, company.id));
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(200);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(200);
  });
});

describe('GET and PUT /api/auth/me', () => {
  it('needs a token', async () => {
    const response = await t.request('GET', '/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ERR_NOT_AUTHENTICATED');
  });

  it('refuses a forged token with 403 so the client refreshes', async () => {
    const response = await t.as('not.a.token').get('/api/auth/me');
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('changes the own name, and the password only with the current one', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);

    const renamed = await t.as(token).put('/api/auth/me', { name: 'Maria Souza' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Maria Souza');

    const wrongCurrent = await t.as(token).put('/api/auth/me', {
      name: 'Maria Souza',
      password: 'newpass1',
      currentPassword: 'wrong',
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.fields.currentPassword).toBeDefined();

    const changed = await t.as(token).put('/api/auth/me', {
      name: 'Maria Souza',
      password: 'newpass1',
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.status).toBe(200);
    await expect(t.login(user.email, 'newpass1')).resolves.toBeDefined();
  });

  it('sets the language of the user', async () => {
    const company = await buildCompany(t.db);
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    expect((await t.as(token).post('/api/users/set-language/es')).status).toBe(204);
    expect((await t.as(token).get('/api/auth/me')).body.language).toBe('es');
    expect((await t.as(token).post('/api/users/set-language/fr')).status).toBe(400);
  });
});

describe('login rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ LOGIN_LIMIT_PER_IP: '5', LOGIN_LIMIT_PER_EMAIL: '3' });
  });
  afterAll(() => limited.close());

  it('limits failed attempts per email, whatever the IP', async () => {
    const attempt = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@admin.com', password: 'wrong' },
        remoteAddress: ip,
      });
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt(ip)).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('ERR_RATE_LIMITED');
    // Even the right password waits until the window ends.
    const right = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@admin.com', password: '123456' },
      remoteAddress: '10.0.0.5',
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits attempts per IP, whatever the email', async () => {
    const attempt = (n: number) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `someone${n}@example.com`, password: 'wrong' },
        remoteAddress: '10.9.9.9',
      });
    for (let n = 0; n < 5; n++) expect((await attempt(n)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });
});
