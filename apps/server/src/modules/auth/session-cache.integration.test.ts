import type { TicketRecord } from '@wacrm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildPlan, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, queues, tickets, userQueues } from '../../tables.ts';

/**
 * The token check's session row is kept per process for a moment (platform/http/session-cache.ts):
 * every change of it made through the app is seen by the very next request.
 */
let t: TestServer;
let superToken: string;
let numberSequence = 0;

beforeAll(async () => {
  t = await startTestServer();
  superToken = (await t.login(t.config.admin.email, t.config.admin.password)).token;
});
afterAll(() => t.close());

async function office() {
  const company = await buildCompany(t.db);
  const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
  const attendant = await buildUser(t.db, { companyId: company.id, profile: 'user' });
  const [sales, billing, support] = await t.db
    .insert(queues)
    .values([
      { companyId: company.id, name: 'Sales', color: '#111111' },
      { companyId: company.id, name: 'Billing', color: '#222222' },
      { companyId: company.id, name: 'Support', color: '#333333' },
    ])
    .returning();
  await t.db.insert(userQueues).values([
    { userId: attendant.id, queueId: sales.id },
    { userId: attendant.id, queueId: billing.id },
  ]);
  const ticketIn = async (queueId: number | null) => {
    numberSequence += 1;
    const [contact] = await t.db
      .insert(contacts)
      .values({
        companyId: company.id,
        name: `C ${numberSequence}`,
        number: `55118${String(numberSequence).padStart(8, '0')}`,
      })
      .returning();
    const [row] = await t.db
      .insert(tickets)
      .values({ companyId: company.id, contactId: contact.id, status: 'pending', queueId })
      .returning();
    return row.id;
  };
  return {
    company,
    admin: { ...admin, token: (await t.login(admin.email, TEST_PASSWORD)).token },
    attendant: { ...attendant, token: (await t.login(attendant.email, TEST_PASSWORD)).token },
    sales: { id: sales.id, ticket: await ticketIn(sales.id) },
    billing: { id: billing.id, ticket: await ticketIn(billing.id) },
    support: { id: support.id, ticket: await ticketIn(support.id) },
    queueless: await ticketIn(null),
  };
}

async function listed(token: string) {
  const answer = await t.as(token).get('/api/tickets?status=pending&showAll=true');
  expect(answer.status).toBe(200);
  return (answer.body as { tickets: TicketRecord[] }).tickets.map((ticket) => ticket.id).sort((a, b) => a - b);
}

describe('the session cache', () => {
  it('a queue taken from an attendant no longer lists its tickets on the next request', async () => {
    const o = await office();
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket, o.billing.ticket]);
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket, o.billing.ticket]); // from the cache
    const changed = await t.as(o.admin.token).put(`/api/users/${o.attendant.id}`, {
      name: o.attendant.name,
      email: o.attendant.email,
      queueIds: [o.sales.id],
    });
    expect(changed.status).toBe(200);
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket]);
    // And its thread is refused at once.
    expect((await t.as(o.attendant.token).get(`/api/tickets/${o.billing.ticket}`)).status).toBe(403);
  });

  it('a queue deleted leaves the attendant at once', async () => {
    const o = await office();
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket, o.billing.ticket]);
    expect((await t.as(o.admin.token).delete(`/api/queue/${o.billing.id}`)).status).toBe(200);
    // Its ticket keeps no queue; the attendant's own queues are Sales alone.
    const me = await t.as(o.attendant.token).get('/api/auth/me');
    expect(me.body.queues.map((queue: { id: number }) => queue.id)).toEqual([o.sales.id]);
    const filtered = await t.as(o.attendant.token).get(`/api/tickets?status=pending&queueIds=[${o.billing.id}]`);
    expect(filtered.body.tickets).toEqual([]);
  });

  it('"see tickets without a queue" turned on shows them on the next request', async () => {
    const o = await office();
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket, o.billing.ticket]);
    const changed = await t.as(o.admin.token).put(`/api/users/${o.attendant.id}`, {
      name: o.attendant.name,
      email: o.attendant.email,
      allTicket: 'enabled',
    });
    expect(changed.status).toBe(200);
    expect(await listed(o.attendant.token)).toEqual([o.sales.ticket, o.billing.ticket, o.queueless]);
  });

  it('a profile lowered by an admin refuses the old token at once', async () => {
    const o = await office();
    const second = await buildUser(t.db, { companyId: o.company.id, profile: 'admin' });
    const token = (await t.login(second.email, TEST_PASSWORD)).token;
    expect((await t.as(token).get('/api/users/')).status).toBe(200);
    const changed = await t.as(o.admin.token).put(`/api/users/${second.id}`, {
      name: second.name,
      email: second.email,
      profile: 'user',
    });
    expect(changed.status).toBe(200);
    const after = await t.as(token).get('/api/users/');
    expect(after.status).toBe(403);
    expect(after.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('a login elsewhere refuses the old token at once, and the new one works', async () => {
    const o = await office();
    expect((await t.as(o.attendant.token).get('/api/auth/me')).status).toBe(200);
    const again = await t.login(o.attendant.email, TEST_PASSWORD);
    expect((await t.as(o.attendant.token).get('/api/auth/me')).status).toBe(403);
    expect((await t.as(again.token).get('/api/auth/me')).status).toBe(200);
  });

  it("a company switched off refuses its users at once, and only that company's", async () => {
    const plan = await buildPlan(t.db);
    const created = await t.as(superToken).post('/api/companies', {
      name: 'Cached Co',
      email: `owner-${Date.now()}@cached.test`,
      phone: '11999990000',
      planId: plan.id,
      status: true,
      campaignsEnabled: false,
      dueDate: '2031-01-31',
      recurrence: 'MENSAL',
      password: 'first-pass',
    });
    expect(created.status).toBe(201);
    const companyId = created.body.id as number;
    const user = await buildUser(t.db, { companyId });
    const token = (await t.login(user.email, TEST_PASSWORD)).token;
    const other = await buildCompany(t.db);
    const outsider = await buildUser(t.db, { companyId: other.id });
    const outsiderToken = (await t.login(outsider.email, TEST_PASSWORD)).token;
    expect((await t.as(token).get('/api/auth/me')).status).toBe(200);
    expect((await t.as(outsiderToken).get('/api/auth/me')).status).toBe(200);

    const { password: _password, ...fields } = created.body;
    const off = await t.as(superToken).put(`/api/companies/${companyId}`, {
      name: 'Cached Co',
      email: fields.email,
      phone: '11999990000',
      planId: plan.id,
      status: false,
      campaignsEnabled: false,
      dueDate: '2031-01-31',
      recurrence: 'MENSAL',
    });
    expect(off.status).toBe(200);
    expect((await t.as(token).get('/api/auth/me')).status).toBe(403);
    expect((await t.as(outsiderToken).get('/api/auth/me')).status).toBe(200);
  });
});
