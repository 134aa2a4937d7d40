import type { PlanFeatureFlag } from '@wacrm/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildServer, type Server } from '../../app.ts';
import { createPlanRules } from './plan-rules.ts';
import { createPlansRepository } from './plans.repository.ts';

/**
 * The feature modules gated by plan flags (schedules, campaigns, kanban…) come later, so this
 * builds the real app and adds one route per flag, guarded exactly as those modules will be.
 */
let server: Server;
let dispose: () => Promise<void>;

async function login(email: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  return response.json().token as string;
}

const callGated = (flag: PlanFeatureFlag, token: string, way: 'gated' | 'declared' = 'gated') =>
  server.app.inject({ method: 'GET', url: `/api/test-${way}/${flag}`, headers: { authorization: `Bearer ${token}` } });

/** A route that declares its flag and validates a body: refusals must not reveal the form's fields. */
const postDeclared = (flag: PlanFeatureFlag, token: string, payload: object) =>
  server.app.inject({
    method: 'POST',
    url: `/api/test-declared/${flag}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const flags: PlanFeatureFlag[] = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
];

/** As the company's admin, through the settings API (which tells the settings cache). */
async function setSetting(adminToken: string, key: string, value: string) {
  const response = await server.app.inject({
    method: 'PUT',
    url: `/api/settings/${key}`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { value },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  server = await buildServer(testConfig(opened.dataDir), opened.database);
  const rules = createPlanRules(createPlansRepository(opened.database.db), server.settings);
  const api = server.app.withTypeProvider<ZodTypeProvider>();
  for (const flag of flags) {
    server.app.get(`/api/test-gated/${flag}`, { preHandler: rules.requireFeature(flag) }, async () => ({ ok: true }));
    // The way later modules gate their routes: they only declare the flag.
    server.app.get(`/api/test-declared/${flag}`, { config: { planFeature: flag } }, async () => ({ ok: true }));
    api.post(
      `/api/test-declared/${flag}`,
      { config: { planFeature: flag }, schema: { body: z.object({ name: z.string().min(1) }) } },
      async () => ({ ok: true }),
    );
  }
  await server.app.ready();
});
afterAll(async () => {
  await server.stop();
  await dispose();
});

describe('plan feature flags gate the API', () => {
  it.each(flags)('a plan without %s gets 403 ERR_PLAN_FEATURE_DISABLED; a plan with it passes', async (flag) => {
    const db = server.platform.db;
    const without = await buildCompany(db, { planId: (await buildPlan(db, { [flag]: false })).id });
    const withIt = await buildCompany(db, { planId: (await buildPlan(db, { [flag]: true })).id });
    const deniedUser = await buildUser(db, { companyId: without.id, profile: 'admin' });
    const allowedUser = await buildUser(db, { companyId: withIt.id, profile: 'admin' });
    const deniedToken = await login(deniedUser.email);
    // Campaigns also open with the company setting (default 'true').
    if (flag === 'useCampaigns') await setSetting(deniedToken, 'campaignsEnabled', 'false');

    const denied = await callGated(flag, deniedToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED', details: { feature: flag } });

    const allowed = await callGated(flag, await login(allowedUser.email));
    expect(allowed.statusCode).toBe(200);
  });

  // issue 13 defect 5: routes declare `config: { planFeature }`; the plan gate refuses before validation.
  it.each(flags)('a route declaring %s is refused (403, no field errors) for a plan without it', async (flag) => {
    const db = server.platform.db;
    const without = await buildCompany(db, { planId: (await buildPlan(db, { [flag]: false })).id });
    const withIt = await buildCompany(db, { planId: (await buildPlan(db, { [flag]: true })).id });
    const denied = await login((await buildUser(db, { companyId: without.id, profile: 'admin' })).email);
    if (flag === 'useCampaigns') await setSetting(denied, 'campaignsEnabled', 'false');
    const allowed = await login((await buildUser(db, { companyId: withIt.id, profile: 'admin' })).email);

    const refused = await callGated(flag, denied, 'declared');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED', details: { feature: flag } });
    const invalidBody = await postDeclared(flag, denied, {});
    expect(invalidBody.statusCode).toBe(403);
    expect(invalidBody.json().fields).toBeUndefined();

    expect((await callGated(flag, allowed, 'declared')).statusCode).toBe(200);
    expect((await postDeclared(flag, allowed, {})).statusCode).toBe(400);
    expect((await postDeclared(flag, allowed, { name: 'x' })).statusCode).toBe(200);
  });

  it('opens campaigns with the company setting campaignsEnabled even when the plan lacks them', async () => {
    const db = server.platform.db;
    const company = await buildCompany(db, { planId: (await buildPlan(db, { useCampaigns: false })).id });
    const token = await login((await buildUser(db, { companyId: company.id, profile: 'admin' })).email);
    await setSetting(token, 'campaignsEnabled', 'true');
    expect((await callGated('useCampaigns', token, 'declared')).statusCode).toBe(200);
    expect((await callGated('useCampaigns', token, 'gated')).statusCode).toBe(200);
    // The answer above is kept in the settings cache: the change must reach the gate at once.
    await setSetting(token, 'campaignsEnabled', 'false');
    expect((await callGated('useCampaigns', token, 'declared')).statusCode).toBe(403);
    expect((await callGated('useCampaigns', token, 'gated')).statusCode).toBe(403);
  });

  it('follows the plan live: switching a flag off in the plan closes the route at once', async () => {
    const db = server.platform.db;
    const plan = await buildPlan(db);
    const company = await buildCompany(db, { planId: plan.id });
    const user = await buildUser(db, { companyId: company.id });
    const token = await login(user.email);
    expect((await callGated('useKanban', token)).statusCode).toBe(200);

    const superToken = (
      await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: server.platform.config.admin.email, password: server.platform.config.admin.password },
      })
    ).json().token;
    const { id: _id, ...fields } = (
      await server.app.inject({
        method: 'GET',
        url: `/api/plans/${plan.id}`,
        headers: { authorization: `Bearer ${superToken}` },
      })
    ).json();
    const updated = await server.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.id}`,
      headers: { authorization: `Bearer ${superToken}` },
      payload: { ...fields, useKanban: false },
    });
    expect(updated.statusCode).toBe(200);
    expect((await callGated('useKanban', token)).statusCode).toBe(403);
  });
});
