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

describe("the company's clock: GET /api/settings/time-zone", () => {
  it('answers every user of the company its zone, the default first and the new one once an admin changes it', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
    const adminOf = t.as((await t.login(admin.email, TEST_PASSWORD)).token);
    const attendantOf = t.as((await t.login(attendant.email, TEST_PASSWORD)).token);

    const before = await attendantOf.get('/api/settings/time-zone');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ timeZone: 'America/Sao_Paulo' });
    expect((await adminOf.put('/api/settings/timezone', { value: 'Europe/Lisbon' })).status).toBe(200);
    expect((await attendantOf.get('/api/settings/time-zone')).body).toEqual({ timeZone: 'Europe/Lisbon' });
    // Another company's change is not this one's clock.
    expect((await t.as(adminToken).get('/api/settings/time-zone')).body).toEqual({ timeZone: 'America/Sao_Paulo' });
  });

  it('needs a signed-in user', async () => {
    const response = await t.request('GET', '/api/settings/time-zone');
    expect(response.status).toBe(401);
  });
});

describe("the super user's companies admin: a company's settings by id", () => {
  let superToken: string;
  beforeAll(async () => {
    superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
  });

  it("reads and changes another company's settings, and that company hears it live", async () => {
    const listed = await t.as(superToken).get(`/api/companies/${companyId}/settings`);
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({ key: 'scheduleType', value: 'disabled' });

    const socket = t.connectSocket(adminToken);
    await waitFor(socket, 'connect');
    const event = nextEvent(socket, `company-${companyId}-settings`);
    const saved = await t.as(superToken).put(`/api/companies/${companyId}/settings/scheduleType`, { value: 'company' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: 'scheduleType', value: 'company' });
    expect(await event).toEqual({ action: 'update', setting: { key: 'scheduleType', value: 'company' } });
    expect((await t.as(adminToken).get('/api/settings')).body).toContainEqual({
      key: 'scheduleType',
      value: 'company',
    });
    // The super user's own company is untouched.
    expect((await t.as(superToken).get('/api/settings')).body).toContainEqual({
      key: 'scheduleType',
      value: 'disabled',
    });
  });

  it('refuses unknown companies, keys and values with clear codes', async () => {
    const unknownCompany = await t.as(superToken).put('/api/companies/999999/settings/call', { value: 'enabled' });
    expect(unknownCompany.status).toBe(404);
    expect(unknownCompany.body.error).toBe('ERR_NOT_FOUND');
    expect((await t.as(superToken).get('/api/companies/999999/settings')).status).toBe(404);
    const unknownKey = await t.as(superToken).put(`/api/companies/${companyId}/settings/nope`, { value: 'x' });
    expect(unknownKey.body.error).toBe('ERR_NO_SETTING_FOUND');
    const badValue = await t.as(superToken).put(`/api/companies/${companyId}/settings/call`, { value: 'maybe' });
    expect(badValue.status).toBe(400);
    expect((await t.as(superToken).get('/api/companies/abc/settings')).status).toBe(400);
  });

  it("is the super user's only: a company admin cannot reach even their own company this way", async () => {
    const own = await t.as(adminToken).get(`/api/companies/${companyId}/settings`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('ERR_NO_PERMISSION');
    const other = await buildCompany(t.db);
    const write = await t.as(adminToken).put(`/api/companies/${other.id}/settings/call`, { value: 'disabled' });
    expect(write.status).toBe(403);
    expect((await t.as(superToken).get(`/api/companies/${other.id}/settings`)).body).toContainEqual({
      key: 'call',
      value: 'enabled',
    });
  });
});
