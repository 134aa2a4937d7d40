import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer, waitFor } from '../../../test/test-server.ts';
import { announcements, queues, userQueues, users, whatsapps } from '../../platform/db/schema.ts';

let t: TestServer;
let superToken: string;

beforeAll(async () => {
  t = await startTestServer();
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
});
afterAll(() => t.close());

/** Both drivers (pg, PGlite) answer raw SQL with `{ rows }`. */
async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with a company_id column, read from the catalogue so new tables count too. */
async function rowsLeftOf(companyId: number) {
  const tables = await rows<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id'`);
  const left: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [result] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`,
    );
    left[table] = result.n;
  }
  return left;
}

describe('deleting a company', () => {
  it('removes every row and file of the company, and ends its sessions', async () => {
    const plan = await buildPlan(t.db);
    const created = await t.as(superToken).post('/api/companies', {
      name: 'Doomed Inc',
      email: 'owner@doomed.test',
      planId: plan.id,
      dueDate: '2031-01-01',
      password: 'doomed-pass',
    });
    const companyId: number = created.body.id;
    const agent = await buildUser(t.db, { companyId });
    const [queue] = await t.db.insert(queues).values({ companyId, name: 'Sales', color: '#ff0000' }).returning();
    await t.db.insert(userQueues).values({ userId: agent.id, queueId: queue.id });
    await t.db.insert(whatsapps).values({ companyId, name: 'Main number' });
    await t.db.insert(announcements).values({ companyId, title: 'Hi', text: 'Hello' });
    const stored = await t.server.platform.storage.save(companyId, { extension: 'png', data: Buffer.from('img') });
    const companyFolder = path.join(t.config.publicDir, `company-${companyId}`);
    expect(existsSync(path.join(t.config.publicDir, stored))).toBe(true);

    const session = await t.login('owner@doomed.test', 'doomed-pass');
    await t.login(agent.email, TEST_PASSWORD);
    const socket = t.connectSocket(session.token);
    await waitFor(socket, 'connect');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    const before = await rowsLeftOf(companyId);
    expect(before.users).toBe(2);
    expect(before.auth_sessions).toBe(2);

    const response = await t.as(superToken).delete(`/api/companies/${companyId}`);
    expect(response.status).toBe(204);

    const after = await rowsLeftOf(companyId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(Object.keys(before).length);
    const orphanLinks = await t.db.select().from(userQueues).where(sql`${userQueues.queueId} = ${queue.id}`);
    expect(orphanLinks).toEqual([]);
    expect(await t.db.select().from(users).where(sql`${users.id} = ${agent.id}`)).toEqual([]);
    expect(existsSync(companyFolder)).toBe(false);

    await disconnected;
    const me = await t.as(session.token).get('/api/auth/me');
    expect(me.status).toBe(403);
    const refresh = await t.request('POST', '/api/auth/refresh_token', { cookie: session.cookie });
    expect(refresh.status).toBe(401);
  });

  it('leaves other companies untouched', async () => {
    const keep = await buildCompany(t.db);
    const keeper = await buildUser(t.db, { companyId: keep.id });
    const doomed = await buildCompany(t.db);
    await t.as(superToken).delete(`/api/companies/${doomed.id}`);
    expect((await rowsLeftOf(keep.id)).users).toBe(1);
    expect((await t.login(keeper.email, TEST_PASSWORD)).user.companyId).toBe(keep.id);
  });

  it("refuses to delete company 1, the platform's own, or any company holding a super user", async () => {
    const platform = await t.as(superToken).delete('/api/companies/1');
    expect(platform.status).toBe(403);
    expect(platform.body.error).toBe('ERR_COMPANY_PROTECTED');

    const withSuper = await buildCompany(t.db);
    await buildUser(t.db, { companyId: withSuper.id, isSuper: true, profile: 'admin' });
    const refused = await t.as(superToken).delete(`/api/companies/${withSuper.id}`);
    expect(refused.body.error).toBe('ERR_COMPANY_PROTECTED');
    expect((await t.as(superToken).get('/api/companies/1')).status).toBe(200);
  });
});
