import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { settings } from '../../tables.ts';

/**
 * A company's settings are kept per process for a few seconds (settings-reader.ts): every change
 * made through the app is seen by the very next request, and only that company's. The campaigns
 * gate reads one (campaignsEnabled opens campaigns for a plan without them), so it shows what the
 * reader answers.
 */
let t: TestServer;
let superToken: string;

beforeAll(async () => {
  t = await startTestServer();
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
});
afterAll(() => t.close());

/** A company whose plan lacks campaigns: only its campaignsEnabled setting opens them. */
async function companyWithoutCampaignsPlan() {
  const plan = await buildPlan(t.db, { useCampaigns: false });
  const company = await buildCompany(t.db, { planId: plan.id });
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const token = (await t.login(admin.email, TEST_PASSWORD)).token;
  return { company, plan, token, campaigns: async () => (await t.as(token).get('/api/campaigns')).status };
}

async function writeBehindTheAppsBack(companyId: number, value: string) {
  await t.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.companyId, companyId), eq(settings.key, 'campaignsEnabled')));
}

describe('the settings cache', () => {
  it('answers from memory, and a change through the settings API is seen at once', async () => {
    const o = await companyWithoutCampaignsPlan();
    expect(await o.campaigns()).toBe(200);
    // Not through the app: the kept answer stands (this is what the cache saves).
    await writeBehindTheAppsBack(o.company.id, 'false');
    expect(await o.campaigns()).toBe(200);

    expect((await t.as(o.token).put('/api/settings/campaignsEnabled', { value: 'false' })).status).toBe(200);
    expect(await o.campaigns()).toBe(403);
    expect((await t.as(o.token).put('/api/settings/campaignsEnabled', { value: 'true' })).status).toBe(200);
    expect(await o.campaigns()).toBe(200);
  });

  it("sees the super user's changes at once: a company setting, and the company's own form", async () => {
    const o = await companyWithoutCampaignsPlan();
    expect(await o.campaigns()).toBe(200);
    const setting = await t
      .as(superToken)
      .put(`/api/companies/${o.company.id}/settings/campaignsEnabled`, { value: 'false' });
    expect(setting.status).toBe(200);
    expect(await o.campaigns()).toBe(403);

    const company = await t.as(superToken).put(`/api/companies/${o.company.id}`, {
      name: o.company.name,
      email: `owner-${o.company.id}@cache.test`,
      phone: '11999990000',
      planId: o.plan.id,
      status: true,
      campaignsEnabled: true,
      dueDate: '2031-01-31',
      recurrence: 'MENSAL',
    });
    expect(company.status).toBe(200);
    expect(await o.campaigns()).toBe(200);
  });

  it("keeps each company's settings apart", async () => {
    const a = await companyWithoutCampaignsPlan();
    const b = await companyWithoutCampaignsPlan();
    expect(await a.campaigns()).toBe(200);
    expect(await b.campaigns()).toBe(200);
    expect((await t.as(b.token).put('/api/settings/campaignsEnabled', { value: 'false' })).status).toBe(200);
    expect(await b.campaigns()).toBe(403);
    expect(await a.campaigns()).toBe(200);
  });
});
