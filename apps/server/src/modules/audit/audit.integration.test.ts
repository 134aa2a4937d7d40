import { parseCsv } from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { auditLog } from '../../tables.ts';
import { auditRetentionJob } from './audit.jobs.ts';

let t: TestServer;
beforeAll(async () => {
  // Webhook endpoints on this machine's address are allowed here.
  t = await startTestServer({ INTEGRATIONS_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(() => t.close());

async function office() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin', name: 'Ana Admin' });
  const token = (await t.login(admin.email, TEST_PASSWORD)).token;
  return { company, admin, token };
}

const entriesOf = async (token: string, query = '') => (await t.as(token).get(`/api/audit-log${query}`)).body;

describe('audit log', () => {
  it('records user changes with who, where and before → after, never a secret', async () => {
    const { admin, token } = await office();
    const created = await t.as(token).post('/api/users', {
      name: 'Bob',
      email: `bob-${Date.now()}@example.com`,
      password: 'first-secret',
      profile: 'user',
    });
    expect(created.status).toBe(201);
    const userId = created.body.id;
    await t.as(token).put(`/api/users/${userId}`, {
      name: 'Bobby',
      email: created.body.email,
      password: 'second-secret',
      profile: 'supervisor',
    });
    await t.as(token).delete(`/api/users/${userId}`);

    const page = await entriesOf(token);
    expect(page.records.map((entry: { action: string }) => entry.action)).toEqual([
      'user.deleted',
      'user.updated',
      'user.created',
    ]);
    const updated = page.records[1];
    expect(updated).toMatchObject({
      userId: admin.id,
      userName: 'Ana Admin',
      entityType: 'user',
      entityId: String(userId),
      ip: '127.0.0.1',
      changes: {
        name: { before: 'Bob', after: 'Bobby' },
        profile: { before: 'user', after: 'supervisor' },
        password: { before: '[hidden]', after: '[hidden]' },
      },
    });
    expect(updated.changes.email).toBeUndefined();
    const everything = JSON.stringify(page.records);
    expect(everything).not.toContain('first-secret');
    expect(everything).not.toContain('second-secret');
    expect(everything).not.toMatch(/\$argon2/);
  });

  it('records settings and a second-step reset, and nothing for a change that failed', async () => {
    const { company, token } = await office();
    await t.as(token).put('/api/settings/userRating', { value: 'enabled' });
    // Refused inside the transaction (the last admin cannot stop being one): no entry.
    const lastAdmin = await t.as(token).get('/api/auth/me');
    const refused = await t.as(token).put(`/api/users/${lastAdmin.body.id}`, {
      name: 'Ana Admin',
      email: lastAdmin.body.email,
      profile: 'user',
    });
    expect(refused.body.error).toBe('ERR_LAST_ADMIN');
    const user = await buildUser(t.db, { companyId: company.id });
    // A reset of a second step that was never on changes nothing and writes nothing.
    expect((await t.as(token).delete(`/api/users/${user.id}/2fa`)).status).toBe(204);
    expect((await entriesOf(token)).records).toHaveLength(1);

    const userToken = (await t.login(user.email, TEST_PASSWORD)).token;
    const { secret } = (await t.as(userToken).post('/api/auth/2fa/setup')).body;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await t.as(userToken).post('/api/auth/2fa/enable', { code })).status).toBe(200);
    expect((await t.as(token).delete(`/api/users/${user.id}/2fa`)).status).toBe(204);

    const page = await entriesOf(token);
    expect(page.records).toHaveLength(2);
    expect(page.records[0]).toMatchObject({ action: 'user.twoFactorReset', entityId: String(user.id) });
    expect(JSON.stringify(page.records[0])).not.toContain(secret);
    expect(page.records[1]).toMatchObject({
      action: 'setting.updated',
      entityId: 'userRating',
      changes: { userRating: { before: 'disabled', after: 'enabled' } },
    });
  });

  it('records queues created, changed and removed', async () => {
    const { token } = await office();
    const created = await t.as(token).post('/api/queue', { name: 'Sales', color: '#112233' });
    expect(created.status).toBe(200);
    await t.as(token).put(`/api/queue/${created.body.id}`, { name: 'Sales', color: '#445566' });
    await t.as(token).delete(`/api/queue/${created.body.id}`);
    const page = await entriesOf(token, '?action=queue.updated');
    expect(page.records).toEqual([
      expect.objectContaining({
        entityId: String(created.body.id),
        changes: { color: { before: '#112233', after: '#445566' } },
      }),
    ]);
    const all = (await entriesOf(token)).records.map((entry: { action: string }) => entry.action);
    expect(all).toEqual(['queue.deleted', 'queue.updated', 'queue.created']);
  });

  it('records webhooks without their signing secret', async () => {
    const { token } = await office();
    const created = await t.as(token).post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['contact.created'],
    });
    expect(created.status).toBe(201);
    await t.as(token).put(`/api/webhooks/${created.body.id}`, { active: false });
    await t.as(token).delete(`/api/webhooks/${created.body.id}`);
    const page = await entriesOf(token);
    expect(page.records.map((entry: { action: string }) => entry.action)).toEqual([
      'webhook.deleted',
      'webhook.updated',
      'webhook.created',
    ]);
    expect(page.records[1].changes).toEqual({ active: { before: true, after: false } });
    expect(page.records[2].changes.secret).toEqual({ before: null, after: '[hidden]' });
    expect(JSON.stringify(page.records)).not.toContain(created.body.secret);
  });

  it('rolls the entry back with the change it belongs to', async () => {
    const { company, admin } = await office();
    const record = t.server.audit.record;
    await expect(
      t.db.transaction(async (tx) => {
        await record(
          tx,
          { userId: admin.id, companyId: company.id },
          {
            action: 'queue.created',
            entityType: 'queue',
            after: { name: 'Sales' },
          },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps each company to its own entries; the super user reads all; filters and CSV agree with the screen', async () => {
    const mine = await office();
    const theirs = await office();
    await t.as(mine.token).put('/api/settings/call', { value: 'disabled' });
    await t.as(mine.token).put('/api/settings/userRating', { value: 'enabled' });
    await t.as(theirs.token).put('/api/settings/call', { value: 'disabled' });

    const own = await entriesOf(mine.token);
    expect(own.records).toHaveLength(2);
    expect(own.records.every((entry: { companyId: number }) => entry.companyId === mine.company.id)).toBe(true);
    // An admin naming another company still reads their own.
    expect((await entriesOf(mine.token, `?companyId=${theirs.company.id}`)).records).toHaveLength(2);

    const superToken = (await t.login('admin@admin.com', '123456')).token;
    const ofTheirs = await entriesOf(superToken, `?companyId=${theirs.company.id}`);
    expect(ofTheirs.records).toHaveLength(1);

    const agent = await buildUser(t.db, { companyId: mine.company.id });
    const agentToken = (await t.login(agent.email, TEST_PASSWORD)).token;
    expect((await t.as(agentToken).get('/api/audit-log')).status).toBe(403);

    const today = new Date().toISOString().slice(0, 10);
    const filter = `?action=setting.updated&userId=${mine.admin.id}&from=${today}&to=${today}`;
    const screen = (await entriesOf(mine.token, filter)).records;
    expect(screen).toHaveLength(2);
    const csv = await t.as(mine.token).get(`/api/audit-log.csv${filter}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(String(csv.body).replace(/^\uFEFF/, ''));
    expect(header).toContain('changes');
    expect(rows.map((row) => [row[4], row[6], JSON.parse(row[8])])).toEqual(
      screen.map((entry: { action: string; entityId: string; changes: unknown }) => [
        entry.action,
        entry.entityId,
        entry.changes,
      ]),
    );
    expect((await entriesOf(mine.token, '?action=nope')).error).toBe('ERR_VALIDATION');
  });

  it('refuses to change an entry, and the retention job deletes old ones', async () => {
    const { company, token } = await office();
    await t.as(token).put('/api/settings/call', { value: 'disabled' });
    await expect(
      t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.companyId, company.id)),
    ).rejects.toThrow();
    // Aged past the retention by moving the clock of the row (the trigger refuses updates, so a copy is inserted).
    await t.db.execute(sql`insert into audit_log (company_id, action, entity_type, changes, created_at)
      values (${company.id}, 'setting.updated', 'setting', '{}'::jsonb, now() - interval '400 days')`);
    expect((await entriesOf(token)).records).toHaveLength(2);
    await t.platform.jobs.runNow(auditRetentionJob);
    expect((await entriesOf(token)).records).toHaveLength(1);
  });
});
