import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

/** docs/decisions/hardening.md, "Access tokens after logout" and "The refresh grace" (issue 23). */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The cookies a response sets, as `name=value` by name. */
function cookiesOf(setCookie: string | string[] | undefined) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return Object.fromEntries(all.map((cookie) => cookie.split(';')[0]).map((pair) => [pair.split('=')[0], pair]));
}

async function browserLogin() {
  const company = await buildCompany(t.db);
  const user = await buildUser(t.db, { companyId: company.id });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookies = cookiesOf(response.headers['set-cookie']);
  expect(cookies.jdv).toBeDefined();
  return { token: response.json().token as string, refresh: cookies.jrt, device: cookies.jdv };
}

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', headers: { cookie } });

describe('access tokens after logout', () => {
  it('refuses the access token of a session that logged out, at once', async () => {
    const session = await browserLogin();
    expect((await t.as(session.token).get('/api/auth/me')).status).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/logout',
      headers: { cookie: `${session.refresh}; ${session.device}` },
    });
    expect(logout.statusCode).toBe(204);
    const after = await t.as(session.token).get('/api/auth/me');
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('ERR_SESSION_EXPIRED');
  });
});

describe('the refresh grace for parallel tabs', () => {
  it('accepts the cookie just replaced from the same browser', async () => {
    const session = await browserLogin();
    const first = await refresh(`${session.refresh}; ${session.device}`);
    expect(first.statusCode).toBe(200);
    // Another tab of the same browser sent the old cookie a moment later.
    const otherTab = await refresh(`${session.refresh}; ${session.device}`);
    expect(otherTab.statusCode).toBe(200);
  });

  it('ends the session when the replaced cookie comes back from another browser, even within the grace', async () => {
    const session = await browserLogin();
    const first = await refresh(`${session.refresh}; ${session.device}`);
    expect(first.statusCode).toBe(200);
    const rotated = cookiesOf(first.headers['set-cookie']).jrt;
    for (const elsewhere of [session.refresh, `${session.refresh}; jdv=${'A'.repeat(32)}`]) {
      expect((await refresh(elsewhere)).statusCode).toBe(401);
    }
    // The copy ended the session for the legitimate browser too.
    expect((await refresh(`${rotated}; ${session.device}`)).statusCode).toBe(401);
  });
});
