import { parseCsv } from '@wacrm/shared';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { auditLog, campaigns } from '../../tables.ts';
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

type Entry = { action: string; entityId: string | null; changes: Record<string, { before: unknown; after: unknown }> };
/** The company's entries, oldest first. */
const journalOf = async (token: string) => ((await entriesOf(token)).records as Entry[]).reverse();
const superToken = async () => (await t.login('admin@admin.com', '123456')).token;

/** Secrets the tests below send; none may reach an entry. */
const SECRETS = {
  connectionToken: 'conn-token-0123456789-SECRET',
  newConnectionToken: 'conn-token-9876543210-SECRET',
  promptKey: 'sk-audit-0123456789abcdef-SECRET',
  voiceKey: 'voice-key-0123456789-SECRET',
  integrationSecret: 'whsec-audit-0123456789-SECRET',
};

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

  it('records connections, chatbot options, prompts, integrations, campaigns, contacts and tickets, never a secret', async () => {
    const plan = await buildPlan(t.db, { useOpenAi: true, useIntegrations: true, useCampaigns: true });
    const company = await buildCompany(t.db, { planId: plan.id });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    const api = t.as(token);
    const ok = (answer: { status: number; body: unknown }) => {
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return answer.body as { id: number };
    };

    const connection = ok(
      await api.post('/api/whatsapp', { name: 'Sales', provider: 'sandbox', token: SECRETS.connectionToken }),
    );
    ok(await api.put(`/api/whatsapp/${connection.id}`, { name: 'Sales desk', token: SECRETS.newConnectionToken }));
    ok(await api.put(`/api/whatsappsession/${connection.id}`));

    const queue = ok(await api.post('/api/queue', { name: 'Support', color: '#123456' }));
    const option = ok(await api.post('/api/queue-options', { queueId: queue.id, title: 'Billing', option: '1' }));
    ok(await api.put(`/api/queue-options/${option.id}`, { title: 'Invoices', option: '1' }));
    ok(await api.delete(`/api/queue-options/${option.id}`));

    const prompt = ok(
      await api.post('/api/prompt', {
        name: 'Bakery bot',
        prompt: 'You are the helpful assistant of a bakery. Answer briefly and kindly.',
        apiKey: SECRETS.promptKey,
        voiceKey: SECRETS.voiceKey,
        queueId: queue.id,
      }),
    );
    const promptRecord = (await api.get(`/api/prompt/${prompt.id}`)).body;
    ok(await api.put(`/api/prompt/${prompt.id}`, { ...promptRecord, queueId: queue.id, name: 'Cake bot' }));
    ok(await api.delete(`/api/prompt/${prompt.id}`));

    const hook = { type: 'webhook', name: 'Orders hook', urlN8N: 'http://127.0.0.1:9/hook' };
    const integration = ok(
      await api.post('/api/queueIntegration', { ...hook, webhookSecret: SECRETS.integrationSecret }),
    );
    ok(await api.put(`/api/queueIntegration/${integration.id}`, { ...hook, name: 'Orders' }));
    ok(await api.delete(`/api/queueIntegration/${integration.id}`));

    const list = ok(await api.post('/api/contact-lists', { name: 'Customers' }));
    const campaign = ok(
      await api.post('/api/campaigns', {
        name: 'Spring',
        whatsappId: connection.id,
        contactListId: list.id,
        message1: 'Hello',
        scheduledAt: '2099-01-01 10:00:00',
      }),
    );
    // Sending is the dispatcher's (its own tests); here the campaign is put in flight directly.
    await t.db.update(campaigns).set({ status: 'EM_ANDAMENTO' }).where(eq(campaigns.id, campaign.id));
    ok(await api.post(`/api/campaigns/${campaign.id}/cancel`));
    ok(await api.post(`/api/campaigns/${campaign.id}/restart`));
    await t.db.update(campaigns).set({ status: 'CANCELADA' }).where(eq(campaigns.id, campaign.id));

    const contact = ok(await api.post('/api/contacts', { name: 'Maria', number: '5511987654321' }));
    const ticket = ok(await api.post('/api/tickets', { contactId: contact.id, whatsappId: connection.id }));
    ok(await api.delete(`/api/tickets/${ticket.id}`));
    expect((await api.get('/api/contacts/export.csv')).status).toBe(200);
    ok(await api.delete('/api/contacts'));
    ok(await api.delete(`/api/whatsapp/${connection.id}`));

    const journal = await journalOf(token);
    expect(journal.map((entry) => `${entry.action} ${entry.entityId ?? ''}`.trim())).toEqual([
      `connection.created ${connection.id}`,
      `connection.updated ${connection.id}`,
      `connection.tokenChanged ${connection.id}`,
      `connection.qrRenewed ${connection.id}`,
      `queue.created ${queue.id}`,
      `queueOption.created ${option.id}`,
      `queueOption.updated ${option.id}`,
      `queueOption.deleted ${option.id}`,
      `prompt.created ${prompt.id}`,
      `prompt.updated ${prompt.id}`,
      `prompt.deleted ${prompt.id}`,
      `integration.created ${integration.id}`,
      `integration.updated ${integration.id}`,
      `integration.deleted ${integration.id}`,
      `campaign.scheduled ${campaign.id}`,
      `campaign.cancelled ${campaign.id}`,
      `campaign.restarted ${campaign.id}`,
      `ticket.deleted ${ticket.id}`,
      'contact.exported',
      'contact.deletedAll',
      `connection.deleted ${connection.id}`,
    ]);
    const entry = (action: string) => journal.find((item) => item.action === action)!;
    expect(entry('connection.updated').changes).toEqual({ name: { before: 'Sales', after: 'Sales desk' } });
    expect(entry('connection.tokenChanged').changes).toEqual({ token: { before: '[hidden]', after: '[hidden]' } });
    expect(entry('queueOption.updated').changes).toEqual({ title: { before: 'Billing', after: 'Invoices' } });
    expect(entry('prompt.created').changes).toMatchObject({
      apiKey: { before: null, after: '[hidden]' },
      voiceKey: { before: null, after: '[hidden]' },
    });
    expect(entry('prompt.created').changes.maxTokens).toEqual({ before: null, after: 100 });
    expect(entry('prompt.updated').changes).toEqual({ name: { before: 'Bakery bot', after: 'Cake bot' } });
    expect(entry('integration.created').changes.webhookSecret).toEqual({ before: null, after: '[hidden]' });
    expect(entry('campaign.cancelled').changes).toEqual({ status: { before: 'EM_ANDAMENTO', after: 'CANCELADA' } });
    expect(entry('contact.deletedAll').changes).toEqual({ contacts: { before: 1, after: 0 } });
    const everything = JSON.stringify(journal);
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
    // Another company's admin reads none of it.
    expect(await journalOf((await office()).token)).toEqual([]);
  });

  it("records the super user's plans and subscriptions, each in the company it concerns", async () => {
    const token = await superToken();
    const superApi = t.as(token);
    const company = await buildCompany(t.db, { email: `billing-${Date.now()}@example.com` });
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
    const fields = { name: `Gold ${Date.now()}`, users: 5, connections: 2, queues: 3, value: 99 };
    const plan = (await superApi.post('/api/plans', fields)).body;
    expect((await superApi.put(`/api/plans/${plan.id}`, { ...fields, value: 120 })).status).toBe(200);

    const current = (await superApi.get(`/api/companies/${company.id}`)).body;
    const subscription = {
      name: current.name,
      email: current.email,
      planId: plan.id,
      status: true,
      campaignsEnabled: true,
      dueDate: current.dueDate,
      recurrence: current.recurrence,
    };
    const updated = await superApi.put(`/api/companies/${company.id}`, subscription);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await superApi.post(`/api/companies/${company.id}/renew`)).status).toBe(200);
    // Refused (the company uses it): nothing written.
    expect((await superApi.delete(`/api/plans/${plan.id}`)).body.error).toBe('ERR_PLAN_IN_USE');

    const ofCompany = await journalOf(adminToken);
    expect(ofCompany.map((entry) => entry.action)).toEqual(['company.updated', 'company.renewed']);
    expect(ofCompany[0].changes).toEqual({ planId: { before: current.planId, after: plan.id } });
    const ofPlan = (await entriesOf(token, '?action=plan.updated')).records as Entry[];
    expect(ofPlan.find((item) => item.entityId === String(plan.id))?.changes).toEqual({
      value: { before: 99, after: 120 },
    });
    expect((await entriesOf(token, '?action=plan.deleted')).records).toHaveLength(0);
  });

  it('writes no entry for a change that was refused', async () => {
    const { token } = await office();
    const api = t.as(token);
    const first = (await api.post('/api/whatsapp', { name: 'Main', provider: 'sandbox' })).body;
    await api.post('/api/whatsapp', { name: 'Second', provider: 'sandbox' });
    // The name is taken, and the default connection cannot go while another exists.
    expect((await api.put(`/api/whatsapp/${first.id}`, { name: 'Second' })).body.error).toBe('ERR_WAPP_NAME_IN_USE');
    expect((await api.delete(`/api/whatsapp/${first.id}`)).body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    expect((await journalOf(token)).map((entry) => entry.action)).toEqual(['connection.created', 'connection.created']);
  });
});
