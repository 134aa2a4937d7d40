import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { buildCompany, buildUser, findUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { type FakeSmtpServer, readCode, startFakeSmtpServer } from '../../../test/fake-smtp-server.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { buildServer } from '../../app.ts';
import { passwordResetCodes } from '../../tables.ts';
import { redactResetUrl } from './password-reset.routes.ts';

let smtp: FakeSmtpServer;
let t: TestServer;
let ipSeq = 0;
const NEW_PASSWORD = 'NewSecret9';

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await startTestServer({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'crm@example.com',
    PASSWORD_RESET_LIMIT_PER_IP: '1000',
    PASSWORD_RESET_LIMIT_PER_EMAIL: '1000',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function post(url: string, server = t, ip = `10.2.0.${++ipSeq % 250}`) {
  return server.app.inject({ method: 'POST', url, remoteAddress: ip });
}

const resetUrl = (email: string, code: string, password: string) =>
  `/api/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`;

/** Asks for a code and answers it as read from the captured mail. */
async function requestCode(email: string) {
  const before = smtp.mails.length;
  const response = await post(`/api/forgetpassword/${encodeURIComponent(email)}`);
  expect(response.statusCode).toBe(200);
  return readCode(await smtp.waitForMail(email, before));
}

async function makeUser(overrides: { language?: string } = {}) {
  const company = await buildCompany(t.db);
  return buildUser(t.db, { companyId: company.id, ...overrides });
}

describe('POST /api/forgetpassword/:email', () => {
  it('mails a six-digit code in Portuguese by default, and stores only its hash', async () => {
    const user = await makeUser();
    const before = smtp.mails.length;
    const response = await post(`/api/forgetpassword/${user.email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true, expiresInMinutes: 30 });
    const mail = await smtp.waitForMail(user.email, before);
    expect(mail.from).toBe('crm@example.com');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?C=C3=B3digo|Subject: Código/);
    const code = readCode(mail);
    expect(code).toMatch(/^\d{6}$/);

    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row.codeHash).not.toContain(code);
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it("writes the mail in the user's language", async () => {
    const english = await makeUser({ language: 'en' });
    let before = smtp.mails.length;
    await post(`/api/forgetpassword/${english.email}`);
    expect((await smtp.waitForMail(english.email, before)).raw).toContain('Your verification code is');
    const spanish = await makeUser({ language: 'es' });
    before = smtp.mails.length;
    await post(`/api/forgetpassword/${spanish.email}`);
    expect((await smtp.waitForMail(spanish.email, before)).raw).toMatch(
      /Tu c=C3=B3digo de verificaci=C3=B3n|Tu código/,
    );
  });

  it('answers 404 for an unknown email and a validation error for a malformed one', async () => {
    const unknown = await post('/api/forgetpassword/nobody-here@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('ERR_NO_USER_FOUND');
    const malformed = await post('/api/forgetpassword/not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { email: 'Invalid email' } });
  });

  it('finds the user whatever the case of the email', async () => {
    const user = await makeUser();
    const before = smtp.mails.length;
    expect((await post(`/api/forgetpassword/${user.email.toUpperCase()}`)).statusCode).toBe(200);
    await smtp.waitForMail(user.email, before);
  });
});

describe('POST /api/resetpasswords/:email/:token/:newPassword', () => {
  it('sets the new password with the mailed code, once, and ends the other sessions', async () => {
    const user = await makeUser();
    const session = await t.login(user.email, TEST_PASSWORD);
    const versionBefore = (await findUser(t.db, user.id)).tokenVersion;
    const code = await requestCode(user.email);

    const response = await post(resetUrl(user.email, code, NEW_PASSWORD));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reset: true });

    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toBeDefined();
    expect(
      (await t.request('POST', '/api/auth/login', { body: { email: user.email, password: TEST_PASSWORD } })).status,
    ).toBe(401);
    expect((await findUser(t.db, user.id)).tokenVersion).toBeGreaterThan(versionBefore);
    // The session opened before the reset can neither call the API nor refresh.
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(403);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie })).status).toBe(401);

    // The code works once.
    const again = await post(resetUrl(user.email, code, 'Another1Pass'));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('ERR_INVALID_RESET_CODE');
    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toBeDefined();
  });

  it('refuses a wrong code, and the right one after too many wrong guesses', async () => {
    const user = await makeUser();
    const code = await requestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await post(resetUrl(user.email, wrong, NEW_PASSWORD));
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toBe('ERR_INVALID_RESET_CODE');
    for (let guess = 0; guess < 4; guess++) {
      expect((await post(resetUrl(user.email, wrong, NEW_PASSWORD))).statusCode).toBe(400);
    }
    // Five guesses spent: even the right code no longer works.
    expect((await post(resetUrl(user.email, code, NEW_PASSWORD))).statusCode).toBe(400);
    const [row] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(row.attempts).toBe(5);
    // A new code starts over.
    const fresh = await requestCode(user.email);
    expect((await post(resetUrl(user.email, fresh, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await makeUser();
    const code = await requestCode(user.email);
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.id));
    const response = await post(resetUrl(user.email, code, NEW_PASSWORD));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_INVALID_RESET_CODE');
    await expect(t.login(user.email, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('a new request makes the older code stop working', async () => {
    const user = await makeUser();
    const older = await requestCode(user.email);
    let newer = await requestCode(user.email);
    while (newer === older) newer = await requestCode(user.email);
    expect((await post(resetUrl(user.email, older, NEW_PASSWORD))).statusCode).toBe(400);
    expect((await post(resetUrl(user.email, newer, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a code works only for the user it was sent to', async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const code = await requestCode(owner.email);
    await requestCode(other.email);
    expect((await post(resetUrl(other.email, code, NEW_PASSWORD))).statusCode).toBe(400);
    expect((await post(resetUrl('nobody-at-all@example.com', code, NEW_PASSWORD))).statusCode).toBe(400);
    await expect(t.login(other.email, TEST_PASSWORD)).resolves.toBeDefined();
  });

  it('applies the password rule: 8+ characters with uppercase, lowercase and a digit', async () => {
    const user = await makeUser();
    const code = await requestCode(user.email);
    for (const [password, message] of [
      ['Short1', 'Too Short!'],
      ['alllowercase1', 'Needs an uppercase letter'],
      ['ALLUPPERCASE1', 'Needs a lowercase letter'],
      ['NoDigitsHere', 'Needs a digit'],
    ]) {
      const response = await post(resetUrl(user.email, code, password));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: { newPassword: message } });
    }
    // Refused shapes spend no attempt: the code still works.
    expect((await post(resetUrl(user.email, code, 'Good/Pass%1'))).statusCode).toBe(200);
    await expect(t.login(user.email, 'Good/Pass%1')).resolves.toBeDefined();
  });

  it('only the first of two requests with the same code changes the password', async () => {
    const user = await makeUser();
    const code = await requestCode(user.email);
    const answers = await Promise.all([
      post(resetUrl(user.email, code, 'FirstPass1')),
      post(resetUrl(user.email, code, 'SecondPass2')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      PASSWORD_RESET_LIMIT_PER_IP: '4',
      PASSWORD_RESET_LIMIT_PER_EMAIL: '2',
    });
  });
  afterAll(() => limited.close());

  it('limits code requests per email, whatever the IP', async () => {
    const company = await buildCompany(limited.db);
    const user = await buildUser(limited.db, { companyId: company.id });
    const ask = (ip: string) => post(`/api/forgetpassword/${user.email}`, limited, ip);
    expect((await ask('10.3.0.1')).statusCode).toBe(200);
    expect((await ask('10.3.0.2')).statusCode).toBe(200);
    const blocked = await ask('10.3.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('ERR_RATE_LIMITED');
  });

  it('limits code requests and reset attempts per IP, whatever the email', async () => {
    const ask = (n: number) => post(`/api/forgetpassword/someone-${n}@example.com`, limited, '10.3.9.9');
    for (let n = 0; n < 4; n++) expect((await ask(n)).statusCode).toBe(404);
    expect((await ask(99)).statusCode).toBe(429);

    const guess = (n: number) =>
      post(resetUrl(`someone-${n}@example.com`, '123456', NEW_PASSWORD), limited, '10.3.8.8');
    for (let n = 0; n < 4; n++) expect((await guess(n)).statusCode).toBe(400);
    expect((await guess(99)).statusCode).toBe(429);
  });
});

describe('without SMTP settings', () => {
  it('logs that email cannot be sent and answers ERR_EMAIL_NOT_CONFIGURED', async () => {
    const lines: string[] = [];
    const { server, close } = await startLoggedServer({}, lines);
    try {
      const response = await server.app.inject({ method: 'POST', url: '/api/forgetpassword/admin@admin.com' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toBe('ERR_EMAIL_NOT_CONFIGURED');
      expect(lines.some((line) => line.includes('SMTP is not configured') && line.includes('"level":40'))).toBe(true);
    } finally {
      await close();
    }
  });
});

describe('logs', () => {
  it('never contain the new password or the code, even at trace level', async () => {
    const lines: string[] = [];
    const { server, close } = await startLoggedServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }, lines);
    try {
      const company = await buildCompany(server.platform.db);
      const user = await buildUser(server.platform.db, { companyId: company.id });
      const before = smtp.mails.length;
      await server.app.inject({ method: 'POST', url: `/api/forgetpassword/${user.email}` });
      const code = readCode(await smtp.waitForMail(user.email, before));
      const secret = 'Log5afeSecret';
      const inject = (url: string) => server.app.inject({ method: 'POST', url });
      expect((await inject(resetUrl(user.email, '000001', `${secret}x`))).statusCode).toBe(400);
      expect((await inject(resetUrl(user.email, code, 'weak'))).statusCode).toBe(400);
      expect((await inject(`/api/resetpasswords/${user.email}/${code}/${secret}y/extra`)).statusCode).toBe(404);
      expect((await inject(`/api/resetpasswords/${user.email}/${code}`)).statusCode).toBe(404);
      expect((await inject(resetUrl(user.email, code, `${secret}z`))).statusCode).toBe(200);

      const all = lines.join('\n');
      expect(all).toContain('/api/resetpasswords/');
      expect(all).toContain('[redacted]');
      expect(all).not.toContain(secret);
      expect(all).not.toContain(code);
    } finally {
      await close();
    }
  });

  it('redacts everything after the email in a reset URL', () => {
    expect(redactResetUrl('/api/resetpasswords/a%40b.com/123456/Secret1')).toBe(
      '/api/resetpasswords/a%40b.com/[redacted]',
    );
    expect(redactResetUrl('/api/resetpasswords/a@b.com?x=Secret1')).toBe('/api/resetpasswords/a@b.com/[redacted]');
    expect(redactResetUrl('/api/forgetpassword/a@b.com')).toBe('/api/forgetpassword/a@b.com');
  });
});

/** A server whose every log line (trace level) lands in `lines`. */
async function startLoggedServer(overrides: Record<string, string>, lines: string[]) {
  const { database, dataDir, dispose } = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const logger = pino({ level: 'trace' }, stream);
  const server = await buildServer(testConfig(dataDir, overrides), database, { loggerInstance: logger });
  await server.app.ready();
  return {
    server,
    close: async () => {
      await server.stop();
      await dispose();
    },
  };
}
