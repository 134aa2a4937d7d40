import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { userTwoFactor } from '../../tables.ts';

let t: TestServer;
beforeAll(async () => {
  // Three wrong codes per user, as three wrong passwords per email.
  t = await startTestServer({ LOGIN_LIMIT_PER_EMAIL: '3' });
});
afterAll(() => t.close());

/** The code an authenticator app shows, `stepOffset` steps of 30 s from now. */
const codeOf = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepOffset * 30_000 });

const signIn = (email: string, password = TEST_PASSWORD) =>
  t.request('POST', '/api/auth/login', { body: { email, password } });

async function companyWithAdmin() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const session = await t.login(admin.email, TEST_PASSWORD);
  return { company, admin, token: session.token };
}

/** Turns the second step on for a signed-in user; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = await t.as(token).post('/api/auth/2fa/setup');
  expect(setup.status).toBe(200);
  // The current code; a later use takes the next step's (one step of tolerance keeps both good).
  const enabled = await t.as(token).post('/api/auth/2fa/enable', { code: codeOf(setup.body.secret) });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

describe('two-step sign-in', () => {
  it('enrols with a confirmed code and then asks for a code after the password', async () => {
    const { company } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);

    const setup = await t.as(token).post('/api/auth/2fa/setup');
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.otpauthUri).toContain(setup.body.secret);
    // Not on before a code confirms it.
    expect((await t.as(token).get('/api/auth/2fa')).body).toMatchObject({ enabled: false });
    const wrong = await t.as(token).post('/api/auth/2fa/enable', { code: '000000' });
    expect(wrong.body.error).toBe('ERR_2FA_INVALID_CODE');
    const enabled = await t.as(token).post('/api/auth/2fa/enable', { code: codeOf(setup.body.secret) });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await t.as(token).get('/api/auth/2fa')).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });

    const first = await signIn(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.cookie).toBeUndefined();

    const code = codeOf(setup.body.secret, 1);
    const second = await t.request('POST', '/api/auth/login/2fa', { body: { challenge: first.body.challenge, code } });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(user.id);
    expect(second.cookie).toBeDefined();
    expect((await t.as(second.body.token).get('/api/auth/me')).status).toBe(200);

    // The same code again, within its window: refused.
    const again = await signIn(user.email);
    const replay = await t.request('POST', '/api/auth/login/2fa', { body: { challenge: again.body.challenge, code } });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('ERR_2FA_INVALID_CODE');
  });

  it('accepts each recovery code once', async () => {
    const { company } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    const { recoveryCodes } = await enrol((await t.login(user.email, TEST_PASSWORD)).token);

    const challenge = async () => (await signIn(user.email)).body.challenge;
    const used = await t.request('POST', '/api/auth/login/2fa', {
      body: { challenge: await challenge(), recoveryCode: recoveryCodes[3].toUpperCase() },
    });
    expect(used.status).toBe(200);
    const reused = await t.request('POST', '/api/auth/login/2fa', {
      body: { challenge: await challenge(), recoveryCode: recoveryCodes[3] },
    });
    expect(reused.body.error).toBe('ERR_2FA_INVALID_CODE');
    expect((await t.as(used.body.token).get('/api/auth/2fa')).body.recoveryCodesLeft).toBe(9);
  });

  it('refuses a forged challenge and limits wrong codes per user', async () => {
    const { company } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    const { secret } = await enrol((await t.login(user.email, TEST_PASSWORD)).token);

    const forged = await t.request('POST', '/api/auth/login/2fa', { body: { challenge: 'x.y.z', code: '123456' } });
    expect(forged.body.error).toBe('ERR_2FA_CHALLENGE_EXPIRED');

    const { challenge } = (await signIn(user.email)).body;
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: '000000' } });
      expect(wrong.body.error).toBe('ERR_2FA_INVALID_CODE');
    }
    // Even the right code waits once the user's failures are used up.
    const limited = await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: codeOf(secret, 1) } });
    expect(limited.status).toBe(429);
  });

  it('keeps the secret sealed in the database, and still reads one stored in clear before', async () => {
    const { company } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    const { secret } = await enrol((await t.login(user.email, TEST_PASSWORD)).token);
    const stored = async () =>
      (await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id)))[0].secret!;
    expect(await stored()).toMatch(/^sealed:v1:/);
    expect(await stored()).not.toContain(secret);

    // A row written before secrets were sealed: it signs in, and is sealed by that use.
    await t.db.update(userTwoFactor).set({ secret }).where(eq(userTwoFactor.userId, user.id));
    const { challenge } = (await signIn(user.email)).body;
    const signedIn = await t.request('POST', '/api/auth/login/2fa', { body: { challenge, code: codeOf(secret, 1) } });
    expect(signedIn.status).toBe(200);
    expect(await stored()).toMatch(/^sealed:v1:/);
  });

  it('sends an admin of a company that requires it to the set-up, which alone it opens', async () => {
    const { company, token: adminToken } = await companyWithAdmin();
    const agent = await buildUser(t.db, { companyId: company.id });
    const admin2 = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    expect((await t.as(adminToken).put('/api/settings/require2faForAdmins', { value: 'enabled' })).status).toBe(200);

    const first = await signIn(admin2.email);
    expect(first.body).toEqual({ twoFactorSetupRequired: true, token: expect.any(String) });
    const setupToken = first.body.token;
    const elsewhere = await t.as(setupToken).get('/api/tickets');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toBe('ERR_2FA_SETUP_REQUIRED');

    const setup = await t.as(setupToken).post('/api/auth/2fa/setup');
    const enabled = await t.as(setupToken).post('/api/auth/2fa/enable', { code: codeOf(setup.body.secret) });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    // The sign-in it interrupted is complete.
    expect(enabled.body.session.user.id).toBe(admin2.id);
    expect(enabled.cookie).toBeDefined();
    expect((await t.as(enabled.body.session.token).get('/api/auth/me')).status).toBe(200);

    // A plain user is not asked; with `everyone` they are.
    expect((await signIn(agent.email)).body.token).toEqual(expect.any(String));
    await enrol(adminToken);
    await t.as(adminToken).put('/api/settings/require2faForAdmins', { value: 'everyone' });
    expect((await signIn(agent.email)).body.twoFactorSetupRequired).toBe(true);
  });

  it('holds an admin already signed in at the set-up from their next request once the rule is on', async () => {
    const { company, token: adminToken } = await companyWithAdmin();
    const admin2 = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const signedIn = (await t.login(admin2.email, TEST_PASSWORD)).token;
    const agentToken = (await t.login((await buildUser(t.db, { companyId: company.id })).email, TEST_PASSWORD)).token;
    await enrol(adminToken);
    expect((await t.as(signedIn).get('/api/tickets')).status).toBe(200);

    expect((await t.as(adminToken).put('/api/settings/require2faForAdmins', { value: 'enabled' })).status).toBe(200);
    const held = await t.as(signedIn).get('/api/tickets');
    expect(held.status).toBe(403);
    expect(held.body.error).toBe('ERR_2FA_SETUP_REQUIRED');
    // Their own session still answers (the app shows the set-up from it); someone with it on, or not named, goes on.
    expect((await t.as(signedIn).get('/api/auth/me')).body.twoFactorSetupPending).toBe(true);
    expect((await t.as(adminToken).get('/api/tickets')).status).toBe(200);
    expect((await t.as(agentToken).get('/api/tickets')).status).toBe(200);
    expect((await t.as(agentToken).get('/api/auth/me')).body.twoFactorSetupPending).toBe(false);

    // Set up with the same session: it carries on, no new sign-in.
    const enabled = await enrol(signedIn);
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect((await t.as(signedIn).get('/api/tickets')).status).toBe(200);
    expect((await t.as(signedIn).get('/api/auth/me')).body.twoFactorSetupPending).toBe(false);
  });

  it('lets the super user require it platform-wide', async () => {
    const { company } = await companyWithAdmin();
    const agent = await buildUser(t.db, { companyId: company.id });
    const superToken = (await t.login('admin@admin.com', '123456')).token;
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const refused = await t.as((await t.login(admin.email, TEST_PASSWORD)).token).put('/api/auth/2fa/policy', {
      require2fa: 'everyone',
    });
    expect(refused.status).toBe(403);

    expect((await t.as(superToken).put('/api/auth/2fa/policy', { require2fa: 'everyone' })).status).toBe(200);
    try {
      expect((await signIn(agent.email)).body.twoFactorSetupRequired).toBe(true);
      // The rule names the super user too: held at the set-up until it is on.
      expect((await t.as(superToken).get('/api/tickets')).body.error).toBe('ERR_2FA_SETUP_REQUIRED');
      await enrol(superToken);
    } finally {
      await t.as(superToken).put('/api/auth/2fa/policy', { require2fa: 'disabled' });
    }
    expect((await signIn(agent.email)).body.token).toEqual(expect.any(String));
  });

  it("lets an admin reset a user's second step, in their own company only", async () => {
    const { company, token: adminToken } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    await enrol((await t.login(user.email, TEST_PASSWORD)).token);
    const other = await companyWithAdmin();

    const foreign = await t.as(other.token).delete(`/api/users/${user.id}/2fa`);
    expect(foreign.status).toBe(404);
    const agentToken = (await t.login((await buildUser(t.db, { companyId: company.id })).email, TEST_PASSWORD)).token;
    expect((await t.as(agentToken).delete(`/api/users/${user.id}/2fa`)).status).toBe(403);
    expect((await signIn(user.email)).body.twoFactorRequired).toBe(true);

    expect((await t.as(adminToken).delete(`/api/users/${user.id}/2fa`)).status).toBe(204);
    expect((await signIn(user.email)).body.token).toEqual(expect.any(String));
  });

  it('turns off with a current code only', async () => {
    const { company } = await companyWithAdmin();
    const user = await buildUser(t.db, { companyId: company.id });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    const { secret } = await enrol(token);
    expect((await t.as(token).post('/api/auth/2fa/disable', { code: '000000' })).status).toBe(400);
    expect((await t.as(token).post('/api/auth/2fa/disable', { code: codeOf(secret, 1) })).status).toBe(204);
    expect((await t.as(token).get('/api/auth/2fa')).body.enabled).toBe(false);
  });
});
