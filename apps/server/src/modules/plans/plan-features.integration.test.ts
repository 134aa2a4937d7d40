import type { PlanFeatureFlag } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const callGated = (flag: PlanFeatureFlag, token: string) =>
  server.app.inject({ method: 'GET', url: `/api/test-gated/${flag}`, headers: { authorization: `Bearer ${token}` } });

const flags: PlanFeatureFlag[] = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
];

beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  server = await buildServer(testConfig(opened.dataDir), opened.database);
  const rules = createPlanRules(createPlansRepository(opened.database.db));
  for (const flag of flags) {
    server.app.get(`/api/test-gated/${flag}`, { preHandler: rules.requireFeature(flag) }, async () => ({ ok: true }));
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

    const denied = await callGated(flag, await login(deniedUser.email));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED', details: { feature: flag } });

    const allowed = await callGated(flag, await login(allowedUser.email));
    expect(allowed.statusCode).toBe(200);
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
