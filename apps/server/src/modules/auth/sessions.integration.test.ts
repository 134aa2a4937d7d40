import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

interface Listed {
  id: string;
  current: boolean;
  browser: string | null;
  ip: string | null;
}

async function company(multipleSessions: 'enabled' | 'disabled') {
  const created = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: created.id, profile: 'admin' });
  const adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  await t.as(adminToken).put('/api/settings/multipleSessions', { value: multipleSessions });
  const user = await buildUser(t.db, { companyId: created.id });
  return { adminToken, user };
}

const sessionsOf = async (token: string) => (await t.as(token).get('/api/auth/sessions')).body as Listed[];
const isSignedIn = async (token: string) => (await t.as(token).get('/api/auth/me')).status === 200;

describe('signed-in devices', () => {
  it("keeps the spec's one session by default: the list shows the live one", async () => {
    const { user } = await company('disabled');
    const first = (await t.login(user.email, TEST_PASSWORD)).token;
    const second = (await t.login(user.email, TEST_PASSWORD)).token;
    expect(await isSignedIn(first)).toBe(false);
    const listed = await sessionsOf(second);
    expect(listed).toEqual([
      expect.objectContaining({ current: true, ip: '127.0.0.1', lastSeenAt: expect.any(String) }),
    ]);
  });

  it('with multipleSessions, lists each device and signs one out at once', async () => {
    const { user } = await company('enabled');
    const first = (await t.login(user.email, TEST_PASSWORD)).token;
    const second = (await t.login(user.email, TEST_PASSWORD)).token;
    const third = (await t.login(user.email, TEST_PASSWORD)).token;
    expect(await isSignedIn(first)).toBe(true);

    const listed = await sessionsOf(third);
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const firstId = (await sessionsOf(first)).find((session) => session.current)!.id;

    expect((await t.as(third).delete(`/api/auth/sessions/${firstId}`)).status).toBe(204);
    expect(await isSignedIn(first)).toBe(false);
    expect(await isSignedIn(second)).toBe(true);

    expect((await t.as(third).delete('/api/auth/sessions')).status).toBe(204);
    expect(await isSignedIn(second)).toBe(false);
    expect(await isSignedIn(third)).toBe(true);
    expect(await sessionsOf(third)).toHaveLength(1);
  });

  it('signs the other devices out when the password changes', async () => {
    const { user } = await company('enabled');
    const other = (await t.login(user.email, TEST_PASSWORD)).token;
    const { token, cookie } = await t.login(user.email, TEST_PASSWORD);
    const changed = await t.as(token).put('/api/auth/me', {
      name: 'Renamed',
      password: 'another-secret',
      currentPassword: TEST_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(token)).toBe(true);
    expect((await t.request('POST', '/api/auth/refresh_token', { cookie })).status).toBe(200);
  });

  it("ends only the caller's own sessions, and lets an admin sign out a user of their company only", async () => {
    const { adminToken, user } = await company('enabled');
    const userToken = (await t.login(user.email, TEST_PASSWORD)).token;
    const adminSessionId = (await sessionsOf(adminToken))[0].id;
    expect((await t.as(userToken).delete(`/api/auth/sessions/${adminSessionId}`)).status).toBe(404);
    expect(await isSignedIn(adminToken)).toBe(true);

    const stranger = await company('disabled');
    expect((await t.as(stranger.adminToken).delete(`/api/users/${user.id}/sessions`)).status).toBe(404);
    expect((await t.as(userToken).delete(`/api/users/${user.id}/sessions`)).status).toBe(403);
    expect(await isSignedIn(userToken)).toBe(true);
    expect((await t.as(adminToken).delete(`/api/users/${user.id}/sessions`)).status).toBe(204);
    expect(await isSignedIn(userToken)).toBe(false);
  });

  it('names the browser of each device', async () => {
    const { user } = await company('enabled');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      },
    });
    const listed = await sessionsOf(response.json().token);
    expect(listed[0].browser).toBe('Chrome · Windows');
  });
});
