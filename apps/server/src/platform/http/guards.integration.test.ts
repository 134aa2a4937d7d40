import type { Profile } from '@wacrm/shared';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { AppError } from './app-error.ts';
import type { HookedRoute } from './guards.ts';

// Authorization before validation: a caller who may not act gets the guard's refusal, never a
// form's field errors, whatever the body, query or params hold.

let t: TestServer;
type Caller = { label: string; token: string; session: FastifyRequest['session'] };
let admin: Caller;
let attendant: Caller;

async function caller(companyId: number, profile: Profile): Promise<Caller> {
  const user = await buildUser(t.db, { companyId, profile });
  const { token } = await t.login(user.email, TEST_PASSWORD);
  const session = { userId: user.id, companyId, profile, isSuper: false, tokenVersion: user.tokenVersion };
  return {
    label: `${profile} (not super)`,
    token,
    session: { ...session, viewer: { allTicket: false, queueIds: [] } },
  };
}

beforeAll(async () => {
  t = await startTestServer();
  // A plan without any optional feature, so plan guards refuse as well.
  const plan = await buildPlan(t.db, {
    useCampaigns: false,
    useKanban: false,
    useOpenAi: false,
    useIntegrations: false,
    useSchedules: false,
    useInternalChat: false,
    useExternalApi: false,
  });
  const company = await buildCompany(t.db, { planId: plan.id });
  admin = await caller(company.id, 'admin');
  attendant = await caller(company.id, 'user');
});

afterAll(() => t?.close());

/** What the route's guards answer this caller, run on their own: the refusal, or null when they let it through. */
async function refusalOf(route: HookedRoute, who: Caller) {
  const request = { session: who.session, params: {}, query: {} } as unknown as FastifyRequest;
  for (const guard of route.guards) {
    try {
      await guard(request);
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, code: error.code };
      throw error;
    }
  }
  return null;
}

/** The route's URL with every path parameter invalid and a query no list schema accepts. */
function invalidUrl(url: string) {
  const path = url.replace(/:[^/]+/g, 'not-an-id');
  return `${path}?pageNumber=not-a-number&companyId=x&date=not-a-date&limit=-5`;
}

async function callInvalid(method: string, url: string, token: string) {
  const withBody = method !== 'GET' && method !== 'HEAD';
  const response = await t.app.inject({
    method: method as 'GET',
    url: invalidUrl(url),
    headers: { authorization: `Bearer ${token}` },
    // An array where every body schema expects an object, plus junk fields.
    ...(withBody ? { payload: [{ name: '', email: 'not-an-email', value: 'x' }] } : {}),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

describe('guards run before validation', () => {
  it('refuses callers without permission on every guarded route before looking at the input', async () => {
    const apiRoutes = t.server.hookedRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.guards.length > 0,
    );
    // The walk must see the routes: if guards stop being collected, this is what fails.
    expect(apiRoutes.length).toBeGreaterThan(30);
    let refusalsChecked = 0;
    for (const who of [admin, attendant]) {
      for (const route of apiRoutes) {
        const refusal = await refusalOf(route, who);
        if (!refusal) continue;
        const answer = await callInvalid(route.method, route.url, who.token);
        expect({ who: who.label, route: `${route.method} ${route.url}`, ...answer }).toMatchObject({
          status: refusal.status,
          body: { error: refusal.code },
        });
        expect(answer.body.fields, `${route.method} ${route.url} revealed field errors`).toBeUndefined();
        refusalsChecked++;
      }
    }
    expect(refusalsChecked).toBeGreaterThan(40);
  });

  it('knows every pre-handler of the API: checks of who may act are guards', () => {
    // A check written as a plain preHandler would run after validation again. Make it with
    // defineGuard (platform/http/guards.ts); a hook that is truly not a check of the caller goes here.
    const notGuards = new Set<string>([]);
    const unexpected = t.server.hookedRoutes
      .filter((route) => route.url.startsWith('/api/') && route.otherHooks > 0)
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !notGuards.has(route));
    expect(unexpected).toEqual([]);
  });

  it('covers the admin screens: companies, plans, users, settings, queues', async () => {
    const asAdmin = t.as(admin.token);
    const asAttendant = t.as(attendant.token);
    const answers = {
      'admin POST /api/companies': await asAdmin.post('/api/companies', { name: '' }),
      'admin PUT /api/companies/:id': await asAdmin.put('/api/companies/abc', { dueDate: 'tomorrow' }),
      'admin POST /api/plans': await asAdmin.post('/api/plans', { users: -1 }),
      'admin PUT /api/companies/:id/settings/:key': await asAdmin.put('/api/companies/abc/settings/nope', {}),
      'attendant POST /api/users': await asAttendant.post('/api/users', { email: 'not-an-email' }),
      'attendant PUT /api/settings/:key': await asAttendant.put('/api/settings/userRating', { value: 42 }),
      'attendant POST /api/queue': await asAttendant.post('/api/queue', { name: '' }),
      'attendant PUT /api/queue/:id': await asAttendant.put('/api/queue/abc', {}),
      'attendant GET /api/users/': await asAttendant.get('/api/users/?pageNumber=-1'),
    };
    for (const [route, answer] of Object.entries(answers)) {
      expect({ route, status: answer.status, error: answer.body.error, fields: answer.body.fields }).toEqual({
        route,
        status: 403,
        error: 'ERR_NO_PERMISSION',
        fields: undefined,
      });
    }
  });

  it('still validates the input of callers who may act', async () => {
    const superAdmin = await t.login('admin@admin.com', '123456');
    const answer = await t.as(superAdmin.token).post('/api/companies', { name: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(Object.keys(answer.body.fields ?? {})).not.toHaveLength(0);
  });
});
