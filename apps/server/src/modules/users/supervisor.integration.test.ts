import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { contacts, queues, tickets, userQueues } from '../../tables.ts';

/** The supervisor profile (docs/decisions/profiles.md): what it may and may not do, route by route. */
let t: TestServer;
let companyId: number;
let adminToken: string;
let supervisorToken: string;
let supervisorId: number;
let otherQueueTicketId: number;

const tokenOf = async (user: { email: string }) => (await t.login(user.email, TEST_PASSWORD)).token;

beforeAll(async () => {
  t = await startTestServer();
  companyId = (await buildCompany(t.db)).id;
  adminToken = await tokenOf(await buildUser(t.db, { companyId, profile: 'admin' }));
  const supervisor = await buildUser(t.db, { companyId, profile: 'supervisor' });
  supervisorId = supervisor.id;
  supervisorToken = await tokenOf(supervisor);
  const [mine, other] = await t.db
    .insert(queues)
    .values([
      { companyId, name: 'Mine', color: '#111111' },
      { companyId, name: 'Other', color: '#222222' },
    ])
    .returning();
  await t.db.insert(userQueues).values({ userId: supervisor.id, queueId: mine.id });
  const [contact] = await t.db
    .insert(contacts)
    .values({ companyId, name: 'Rita', number: '5511999990001' })
    .returning();
  const [ticket] = await t.db
    .insert(tickets)
    .values({ companyId, contactId: contact.id, status: 'open', queueId: other.id })
    .returning();
  otherQueueTicketId = ticket.id;
});
afterAll(() => t.close());

describe('supervisor profile', () => {
  it('is offered by the user form and kept', async () => {
    const created = await t.as(adminToken).post('/api/users', {
      name: 'Sara Supervisor',
      email: `sara-${Date.now()}@example.com`,
      password: 'secret123',
      profile: 'supervisor',
    });
    expect(created.status).toBe(201);
    expect(created.body.profile).toBe('supervisor');
  });

  it('sees every ticket of the company, like allTicket, and opens it', async () => {
    const list = await t.as(supervisorToken).get('/api/tickets?status=open&showAll=true');
    expect(list.status).toBe(200);
    expect(list.body.tickets.map((ticket: { id: number }) => ticket.id)).toContain(otherQueueTicketId);
    expect((await t.as(supervisorToken).get(`/api/tickets/${otherQueueTicketId}`)).status).toBe(200);
  });

  it('may use the dashboard, the kanban flag and company-wide quick messages', async () => {
    expect((await t.as(supervisorToken).get('/api/dashboard')).status).toBe(200);
    const tag = await t.as(supervisorToken).post('/api/tags', { name: 'Lane by supervisor', color: '#000', kanban: 1 });
    expect(tag.body.kanban).toBe(1);
    const edited = await t
      .as(supervisorToken)
      .put(`/api/tags/${tag.body.id}`, { name: 'Lane edited', color: '#000', kanban: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body.kanban).toBe(0);
    const shared = await t
      .as(supervisorToken)
      .post('/api/quick-messages', { shortcode: 'hi', message: 'Olá', geral: true });
    expect(shared.status).toBe(201);
    expect(shared.body.geral).toBe(true);
  });

  it('may not manage users, connections, queues or settings', async () => {
    const as = t.as(supervisorToken);
    const refused = await Promise.all([
      as.get('/api/users/'),
      as.post('/api/users', { name: 'No', email: 'no@example.com', password: 'secret123' }),
      as.put(`/api/users/${supervisorId}`, { name: 'Me', email: 'me@example.com', profile: 'admin' }),
      as.post('/api/whatsapp', { name: 'Phone' }),
      as.post('/api/queue', { name: 'New queue', color: '#333333' }),
      as.get('/api/settings'),
      as.put('/api/settings/userRating', { value: 'enabled' }),
      as.delete(`/api/tickets/${otherQueueTicketId}`),
    ]);
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_NO_PERMISSION');
    }
  });
});
