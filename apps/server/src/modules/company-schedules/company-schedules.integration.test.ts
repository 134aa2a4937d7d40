import { defaultWeeklySchedule, type WeeklyScheduleEntry } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let t: TestServer;
let companyId: number;
let adminToken: string;

const week = (overrides: Partial<WeeklyScheduleEntry> = {}) =>
  defaultWeeklySchedule.map((day) => (day.weekdayEn === 'monday' ? { ...day, ...overrides } : day));

async function tokenOf(user: { email: string }) {
  return (await t.login(user.email, TEST_PASSWORD)).token;
}

beforeAll(async () => {
  t = await startTestServer();
  companyId = (await buildCompany(t.db)).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
});
afterAll(() => t.close());

describe('company schedules', () => {
  it('answers the spec default week while none is saved', async () => {
    const response = await t.as(adminToken).get(`/api/companies/${companyId}/schedules`);
    expect(response.status).toBe(200);
    expect(response.body.schedules).toEqual(defaultWeeklySchedule);
    expect(response.body.schedules.find((day: WeeklyScheduleEntry) => day.weekdayEn === 'sunday')).toMatchObject({
      startTime: '00:00',
      endTime: '00:00',
    });
  });

  it('saves the week in weekday order and reads it back', async () => {
    const reversed = [...week({ startTime: '09:30', endTime: '17:45' })].reverse();
    const saved = await t.as(adminToken).put(`/api/companies/${companyId}/schedules`, { schedules: reversed });
    expect(saved.status).toBe(200);
    expect(saved.body.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTime: '09:30', endTime: '17:45' });
    const read = await t.as(adminToken).get(`/api/companies/${companyId}/schedules`);
    expect(read.body.schedules).toEqual(saved.body.schedules);
  });

  it('refuses times that are not HH:MM, an end before the start, and repeated days', async () => {
    for (const bad of [
      { startTime: '8:00' },
      { endTime: '24:00' },
      { startTime: '18:00', endTime: '08:00' },
      { startTime: '10:00', endTime: '10:00' },
    ]) {
      const response = await t.as(adminToken).put(`/api/companies/${companyId}/schedules`, { schedules: week(bad) });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    const twice = [...defaultWeeklySchedule, defaultWeeklySchedule[0]];
    expect((await t.as(adminToken).put(`/api/companies/${companyId}/schedules`, { schedules: twice })).status).toBe(
      400,
    );
    // 00:00-00:00 is a closed day, not an error.
    const closed = await t.as(adminToken).put(`/api/companies/${companyId}/schedules`, {
      schedules: week({ startTime: '00:00', endTime: '00:00' }),
    });
    expect(closed.status).toBe(200);
  });

  it('is for the admins of the company', async () => {
    const user = await buildUser(t.db, { companyId });
    const token = await tokenOf(user);
    expect((await t.as(token).get(`/api/companies/${companyId}/schedules`)).status).toBe(403);
    expect((await t.as(token).put(`/api/companies/${companyId}/schedules`, { schedules: week() })).status).toBe(403);
  });

  it("never reads or changes another company's hours (404)", async () => {
    const other = await buildCompany(t.db);
    const otherToken = await tokenOf(await buildUser(t.db, { companyId: other.id, profile: 'admin' }));
    const before = (await t.as(adminToken).get(`/api/companies/${companyId}/schedules`)).body;
    expect((await t.as(otherToken).get(`/api/companies/${companyId}/schedules`)).status).toBe(404);
    const put = await t.as(otherToken).put(`/api/companies/${companyId}/schedules`, {
      schedules: week({ startTime: '01:00', endTime: '02:00' }),
    });
    expect(put.status).toBe(404);
    expect((await t.as(adminToken).get(`/api/companies/${companyId}/schedules`)).body).toEqual(before);
  });

  it('lets the super user manage any company, and answers 404 for a company that does not exist', async () => {
    const superCompany = await buildCompany(t.db);
    const superToken = await tokenOf(
      await buildUser(t.db, { companyId: superCompany.id, profile: 'admin', isSuper: true }),
    );
    const put = await t.as(superToken).put(`/api/companies/${companyId}/schedules`, { schedules: week() });
    expect(put.status).toBe(200);
    expect((await t.as(superToken).get('/api/companies/999999/schedules')).status).toBe(404);
  });
});
