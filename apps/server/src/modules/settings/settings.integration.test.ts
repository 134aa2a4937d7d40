import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { nextEvent, startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';

let t: TestServer;
let adminToken: string;
let companyId: number;
beforeAll(async () => {
  t = await startTestServer();
  const company = await buildCompany(t.db);
  companyId = company.id;
  const admin = await buildUser(t.db, { companyId, profile: 'admin' });
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t.close());

describe('settings', () => {
  it('lists every setting of the spec for a new company', async () => {
    const response = await t.as(adminToken).get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.body.map((setting: { key: string }) => setting.key)).toEqual(
      expect.arrayContaining(['userRating', 'scheduleType', 'call', 'CheckMsgIsGroup', 'sendGreetingAccepted']),
    );
  });

  it('saves a value and tells the company live', async () => {
    const socket = t.connectSocket(adminToken);
    await waitFor(socket, 'connect');
    const event = nextEvent(socket, `company-${companyId}-settings`);
    const response = await t.as(adminToken).put('/api/settings/userRating', { value: 'enabled' });
    expect(response.status).toBe(200);
    expect(await event).toEqual({ action: 'update', setting: { key: 'userRating', value: 'enabled' } });
    const list = await t.as(adminToken).get('/api/settings');
    expect(list.body).toContainEqual({ key: 'userRating', value: 'enabled' });
  });

  it('refuses unknown keys and values', async () => {
    const unknownKey = await t.as(adminToken).put('/api/settings/notASetting', { value: 'enabled' });
    expect(unknownKey.status).toBe(404);
    expect(unknownKey.body.error).toBe('ERR_NO_SETTING_FOUND');
    const badValue = await t.as(adminToken).put('/api/settings/scheduleType', { value: 'sometimes' });
    expect(badValue.status).toBe(400);
    expect(badValue.body.error).toBe('ERR_VALIDATION');
  });

  it('is an admin route: a user profile is refused', async () => {
    const user = await buildUser(t.db, { companyId, profile: 'user' });
    const { token } = await t.login(user.email, TEST_PASSWORD);
    const list = await t.as(token).get('/api/settings');
    expect(list.status).toBe(403);
    expect(list.body.error).toBe('ERR_NO_PERMISSION');
    expect((await t.as(token).put('/api/settings/userRating', { value: 'disabled' })).status).toBe(403);
  });

  it("never reads or changes another company's settings", async () => {
    const other = await buildCompany(t.db);
    const otherAdmin = await buildUser(t.db, { companyId: other.id, profile: 'admin' });
    const { token } = await t.login(otherAdmin.email, TEST_PASSWORD);
    await t.as(token).put('/api/settings/call', { value: 'disabled' });
    const mine = await t.as(adminToken).get('/api/settings');
    expect(mine.body).toContainEqual({ key: 'call', value: 'enabled' });
  });
});
