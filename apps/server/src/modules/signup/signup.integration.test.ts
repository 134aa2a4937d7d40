import { settingKeys } from '@wacrm/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, isoDay } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { companies, settings, users } from '../../tables.ts';

let t: TestServer;
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  t = await startTestServer({ SIGNUP_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

function signupBody(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Padaria ${seq}`,
    email: `owner-${process.pid}-${seq}@example.com`,
    password: 'secret1',
    phone: '(11) 98765-4321',
    planId: 1,
    ...overrides,
  };
}

/** Each call from its own address, so the rate limit stays out of tests that are not about it. */
function signup(body: unknown, server = t, url = '/api/companies/cadastro', ip = `10.1.0.${++ipSeq % 250}`) {
  return server.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });
}

describe('POST /api/companies/cadastro', () => {
  it('creates a company on a 3-day trial with its admin, every default setting and campaigns on', async () => {
    const plan = await buildPlan(t.db, { users: 3 });
    const body = signupBody({ planId: plan.id, userName: ' Ana Souza ' });
    const response = await signup(body);
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer.company).toMatchObject({
      name: body.name,
      dueDate: isoDay(3),
      recurrence: 'MENSAL',
      status: true,
      planId: plan.id,
    });
    // The admin has their own name, not the company's (the accept greeting says "meu nome é *Ana Souza*").
    expect(answer.user).toEqual({ id: expect.any(Number), name: 'Ana Souza', email: body.email });

    const [company] = await t.db.select().from(companies).where(eq(companies.id, answer.company.id));
    expect(company).toMatchObject({ email: body.email, phone: '11987654321', planId: plan.id, status: true });
    const rows = await t.db.select().from(settings).where(eq(settings.companyId, company.id));
    expect(rows.map((row) => row.key).sort()).toEqual([...settingKeys].sort());
    expect(rows.find((row) => row.key === 'campaignsEnabled')?.value).toBe('true');

    // The admin logs in at once and is warned that fewer than 5 days remain.
    const session = await t.login(body.email, body.password);
    expect(session.user).toMatchObject({ profile: 'admin', super: false, companyId: company.id });
    expect(session.user.company.dueDate).toBe(isoDay(3));
    expect(session.dueDateWarningDays).toBe(3);
    expect(session.user.company.isTrial).toBe(true);

    // Once renewed past the trial, the same company reads as a subscription.
    await t.db
      .update(companies)
      .set({ dueDate: isoDay(33) })
      .where(eq(companies.id, company.id));
    const renewed = await t.login(body.email, body.password);
    expect(renewed.user.company.isTrial).toBe(false);
  });

  it('names the admin from the email when no name is given, never after the company', async () => {
    const plan = await buildPlan(t.db, { users: 3 });
    const named = await signup(
      signupBody({ planId: plan.id, name: 'Padaria Boa Vista', email: `maria.clara-${process.pid}@example.com` }),
    );
    expect(named.json().user.name).toBe('Maria Clara');
    const blank = await signup(
      signupBody({
        planId: plan.id,
        name: 'Padaria Boa Vista',
        userName: '  ',
        email: `jo_${process.pid}@example.com`,
      }),
    );
    expect(blank.json().user.name).toBe('Jo');
    // Nothing usable before the @: the company's name is the last resort.
    const bare = await signup(
      signupBody({ planId: plan.id, name: 'Padaria Boa Vista', email: `x${process.pid}@example.com` }),
    );
    expect(bare.json().user.name).toBe('Padaria Boa Vista');
    const short = await signup(signupBody({ planId: plan.id, userName: 'A' }));
    expect(short.json().fields).toMatchObject({ userName: 'Too Short!' });
    const long = await signup(signupBody({ planId: plan.id, userName: 'A'.repeat(51) }));
    expect(long.json().fields).toMatchObject({ userName: 'Too Long!' });
  });

  it('ignores the due date, status, recurrence and campaignsEnabled a client sends', async () => {
    const body = signupBody({
      dueDate: '2099-12-31',
      status: false,
      recurrence: 'ANUAL',
      campaignsEnabled: false,
      profile: 'admin',
      super: true,
    });
    const response = await signup(body);
    expect(response.statusCode).toBe(201);
    const { company, user } = response.json();
    expect(company).toMatchObject({ dueDate: isoDay(3), recurrence: 'MENSAL', status: true });
    const [stored] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored).toMatchObject({ dueDate: isoDay(3), recurrence: 'MENSAL', status: true });
    const [admin] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(admin.isSuper).toBe(false);
    const [setting] = await t.db.select().from(settings).where(eq(settings.companyId, company.id));
    expect(setting).toBeDefined();
    const campaigns = await t.db.select().from(settings).where(eq(settings.companyId, company.id));
    expect(campaigns.find((row) => row.key === 'campaignsEnabled')?.value).toBe('true');
  });

  it('accepts the phone with or without the mask, as 10 or 11 digits', async () => {
    for (const phone of ['11987654321', '(11) 8765-4321', '11 98765 4321']) {
      expect((await signup(signupBody({ phone }))).statusCode).toBe(201);
    }
    for (const [phone, message] of [
      ['(11) 8765-432', 'Too Short!'],
      ['(11) 98765-43210', 'Too Long!'],
      ['', 'Required'],
    ]) {
      const response = await signup(signupBody({ phone }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.phone).toBe(message);
    }
  });

  it('answers the spec messages per field', async () => {
    const empty = await signup({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { name: 'Required', email: 'Required', password: 'Required', phone: 'Required', planId: 'Required' },
    });
    const short = await signup(signupBody({ name: 'A', password: '1234', email: 'not-an-email' }));
    expect(short.json().fields).toMatchObject({ name: 'Too Short!', password: 'Too Short!', email: 'Invalid email' });
    const long = await signup(signupBody({ name: 'A'.repeat(51), password: 'x'.repeat(51) }));
    expect(long.json().fields).toMatchObject({ name: 'Too Long!', password: 'Too Long!' });
  });

  it('refuses a plan that does not exist', async () => {
    const response = await signup(signupBody({ planId: 987_654 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { planId: 'Plan not found' } });
  });

  it('refuses a plan that allows no user, since the first admin is one', async () => {
    const plan = await buildPlan(t.db, { users: 0 });
    const body = signupBody({ planId: plan.id });
    const response = await signup(body);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'ERR_PLAN_LIMIT', details: { resource: 'users', limit: 0 } });
    expect(await t.db.select().from(companies).where(eq(companies.email, body.email))).toEqual([]);
  });

  it('refuses an email any user of the platform has, whatever its case, and writes nothing', async () => {
    const other = await buildCompany(t.db);
    const existing = await buildUser(t.db, { companyId: other.id });
    const body = signupBody({ email: existing.email.toUpperCase() });
    const response = await signup(body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'ERR_EMAIL_IN_USE', fields: { email: expect.any(String) } });
    expect(await t.db.select().from(companies).where(eq(companies.name, body.name))).toEqual([]);
    // The super admin's email too.
    expect((await signup(signupBody({ email: 'admin@admin.com' }))).statusCode).toBe(409);
  });

  it('makes one company when the same email signs up twice at once', async () => {
    const body = signupBody();
    const answers = await Promise.all([signup(body), signup(body), signup(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.select().from(companies).where(eq(companies.email, body.email))).toHaveLength(1);
  });

  it('accepts the companyId query parameter as a referral and ignores a malformed one', async () => {
    expect((await signup(signupBody(), t, '/api/companies/cadastro?companyId=1')).statusCode).toBe(201);
    expect((await signup(signupBody(), t, '/api/companies/cadastro?companyId=abc')).statusCode).toBe(201);
    // The referral never makes the new admin a member of that company.
    const body = signupBody();
    const response = await signup(body, t, '/api/companies/cadastro?companyId=1');
    expect(response.json().company.id).not.toBe(1);
    const session = await t.login(body.email, body.password);
    expect(session.user.companyId).toBe(response.json().company.id);
    expect((await t.as(session.token).get('/api/companies/listPlan/1')).status).toBe(404);
  });

  it('needs no token, and a logged-in caller gets a separate company all the same', async () => {
    const { token } = await t.login('admin@admin.com', '123456');
    const response = await t.as(token).post('/api/companies/cadastro', signupBody());
    expect(response.status).toBe(201);
    expect(response.body.company.id).not.toBe(1);
  });
});

describe('signup rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ SIGNUP_LIMIT_PER_IP: '2' });
  });
  afterAll(() => limited.close());

  it('limits signups per IP', async () => {
    const from = (ip: string) => signup(signupBody(), limited, '/api/companies/cadastro', ip);
    expect((await from('10.7.0.1')).statusCode).toBe(201);
    expect((await from('10.7.0.1')).statusCode).toBe(201);
    const blocked = await from('10.7.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: 'ERR_RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect((await from('10.7.0.2')).statusCode).toBe(201);
  });
});

describe('signup turned off (SIGNUP_ENABLED=false)', () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startTestServer({ SIGNUP_ENABLED: 'false' });
  });
  afterAll(() => closed.close());

  it('answers 403 ERR_USER_CREATION_DISABLED, even before reading the body, and creates nothing', async () => {
    const body = signupBody();
    const refused = await signup(body, closed);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ERR_USER_CREATION_DISABLED');
    expect(await closed.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await closed.db.select().from(companies).where(eq(companies.name, body.name))).toEqual([]);

    const malformed = await signup({ name: '' }, closed);
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json().error).toBe('ERR_USER_CREATION_DISABLED');
  });
});
