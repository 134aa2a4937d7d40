import type { ConnectionRecord, SandboxOutboxEntry } from '@wacrm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, call, createCluster, redisUrl, socketTo } from './cluster.ts';
import { joinRoom, waitUntil } from './eventually.ts';
import { paced } from './machine-pace.ts';
import { endProcess } from './real-process.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const THREE_MINUTES = paced(180_000);

/**
 * Two real server processes on two ports, one PostgreSQL database and Redis (issue 21): events,
 * sends, session takeover after a crash, timers and rate limits hold across processes.
 * Leases of 3 s on a quiet machine, so that a takeover happens within the test's patience; a
 * loaded machine stretches them, since a process starved of CPU for longer than its lease would
 * lose its connection to the other one (seen at a load of 12–16 on two cores).
 */
const LEASE_SECONDS = Math.ceil(paced(3_000) / 1000);
/**
 * The kill and handover tests wait out a lease, a reconnection and sends in turn (the second one
 * also starts a process): on a busy machine that passes the suite's 30 s per test.
 */
const PROCESS_TEST_MS = paced(120_000);

let cluster: Cluster;
let a: ClusterNode;
let b: ClusterNode;
let token: string;
let adminId: number;
let whatsappId: number;
let ticketId: number;
let contactId: number;
let socketB: Socket;
const sessionEventsOnB: { id: number; status: string }[] = [];

async function login(node: ClusterNode, email = 'admin@admin.com', password = '123456') {
  return call(node, 'POST', '/api/auth/login', { body: { email, password } });
}

async function connection(node: ClusterNode) {
  return (await call(node, 'GET', `/api/whatsapp/${whatsappId}`, { token })).body as ConnectionRecord;
}

async function ownerOf(id: number) {
  const { rows } = await cluster.db.query('select session_owner from whatsapps where id = $1', [id]);
  return rows[0]?.session_owner as string | null;
}

async function outbox(node: ClusterNode, body: string) {
  const { body: entries } = await call(node, 'GET', `/api/sandbox/${whatsappId}/outbox`, { token });
  return (entries as SandboxOutboxEntry[]).filter((entry) => entry.body === body);
}

async function sentMessage(body: string) {
  const { rows } = await cluster.db.query(
    'select id, ack, external_id from messages where body = $1 and from_me and external_id is not null',
    [body],
  );
  return rows.length > 0 ? rows : null;
}

beforeAll(async () => {
  cluster = await createCluster({
    REDIS_URL: redisUrl,
    SESSION_LEASE_SECONDS: String(LEASE_SECONDS),
    LOGIN_LIMIT_PER_EMAIL: '3',
  });
  a = await cluster.start('node-a');
  b = await cluster.start('node-b');
  const session = await login(a);
  token = session.body.token;
  adminId = session.body.user.id;
  socketB = await socketTo(b, token);
  await joinRoom(socketB, 'joinNotification');
  await joinRoom(socketB, 'joinTickets', 'pending');
  await joinRoom(socketB, 'joinTickets', 'open');
  socketB.on('company-1-whatsappSession', (payload: { session: { id: number; status: string } }) => {
    sessionEventsOnB.push({ id: payload.session.id, status: payload.session.status });
  });
}, THREE_MINUTES);

afterAll(async () => {
  socketB?.close();
  await cluster?.close();
});

describe('two server processes on one database', () => {
  it('names each process in /api/health and uses Redis for realtime', async () => {
    for (const node of [a, b]) {
      const health = await call(node, 'GET', '/api/health');
      expect(health.body).toMatchObject({
        status: 'ok',
        node: node.name,
        database: 'up',
        redis: 'up',
        jobs: 'running',
        realtimeFanOut: 'redis',
      });
      expect((await call(node, 'GET', '/api/health/ready')).status).toBe(200);
    }
  });

  it('counts login attempts across both processes', async () => {
    const email = 'nobody@example.com';
    for (const node of [a, b, a]) expect((await login(node, email, 'wrong')).status).toBe(401);
    const fourth = await login(b, email, 'wrong');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe('ERR_RATE_LIMITED');
  });

  it("lists a user's sessions on both processes and ends one on A for its token and socket on B at once", async () => {
    // issue 53: several devices at once, each signed out from the list, wherever it is served.
    await call(a, 'PUT', '/api/settings/multipleSessions', { token, body: { value: 'enabled' } });
    try {
      const email = 'two-devices@example.com';
      const created = await call(a, 'POST', '/api/users', {
        token,
        body: { name: 'Two devices', email, password: 'secret123', profile: 'user' },
      });
      expect(created.status).toBe(201);
      const first = (await login(a, email, 'secret123')).body.token;
      const second = (await login(b, email, 'secret123')).body.token;
      const firstSocketOnB = await socketTo(b, first);
      const closed = new Promise<void>((resolve) => firstSocketOnB.once('disconnect', () => resolve()));

      const listed = await call(b, 'GET', '/api/auth/sessions', { token: second });
      expect(listed.body).toHaveLength(2);
      const other = listed.body.find((session: { current: boolean }) => !session.current);
      expect((await call(a, 'GET', '/api/auth/me', { token: first })).status).toBe(200);

      expect((await call(a, 'DELETE', `/api/auth/sessions/${other.id}`, { token: second })).status).toBe(204);
      await waitUntil(async () => (await call(b, 'GET', '/api/auth/me', { token: first })).status === 403, 2_000);
      await closed;
      expect((await call(b, 'GET', '/api/auth/me', { token: second })).status).toBe(200);
      expect((await call(a, 'GET', '/api/auth/sessions', { token: second })).body).toHaveLength(1);
    } finally {
      await call(a, 'PUT', '/api/settings/multipleSessions', { token, body: { value: 'disabled' } });
    }
  });

  it('starts a connection in the process that created it and pairs it from the other', async () => {
    const created = await call(a, 'POST', '/api/whatsapp', { token, body: { name: 'Cluster', provider: 'sandbox' } });
    expect(created.status).toBe(201);
    whatsappId = created.body.id;
    await waitUntil(async () => (await connection(a)).status === 'qrcode', undefined, 'a QR code');
    expect(await ownerOf(whatsappId)).toBe('node-a');
    // The scan lands on B; the sandbox session lives in A.
    expect((await call(b, 'POST', `/api/sandbox/${whatsappId}/scan`, { token })).status).toBe(200);
    await waitUntil(async () => (await connection(b)).status === 'CONNECTED', undefined, 'CONNECTED');
    expect(await ownerOf(whatsappId)).toBe('node-a');
  });

  it('tells a socket on B about a message received through A', async () => {
    const arrived = new Promise<{ message: { body: string; ticketId: number; contactId: number } }>((resolve) => {
      socketB.on('company-1-appMessage', (payload: { action: string; message: { body: string } }) => {
        if (payload.action === 'create' && payload.message.body === 'hello through A') resolve(payload as never);
      });
    });
    const inbound = await call(a, 'POST', `/api/sandbox/${whatsappId}/inbound`, {
      token,
      body: { from: '5511988880001', name: 'Cliente', body: 'hello through A' },
    });
    expect(inbound.status).toBe(200);
    const event = await arrived;
    ticketId = event.message.ticketId;
    contactId = event.message.contactId;
    expect(ticketId).toBeGreaterThan(0);
  });

  it('delivers once a send requested on B for the connection A holds', async () => {
    const accept = await call(b, 'PUT', `/api/tickets/${ticketId}`, {
      token,
      body: { status: 'open', userId: adminId },
    });
    expect(accept.status).toBe(200);
    const sent = await call(b, 'POST', `/api/messages/${ticketId}`, { token, body: { body: 'reply from B' } });
    expect(sent.status).toBe(201);
    await waitUntil(() => sentMessage('reply from B'), undefined, 'the reply sent');
    expect(await outbox(b, 'reply from B')).toHaveLength(1);
    expect(await ownerOf(whatsappId)).toBe('node-a');
  });

  it('sends read receipts and deletes for everyone through A when asked on B', async () => {
    const inbound = await call(b, 'POST', `/api/sandbox/${whatsappId}/inbound`, {
      token,
      body: { from: '5511988880001', name: 'Cliente', body: 'second message' },
    });
    expect(inbound.status).toBe(200);
    await waitUntil(async () => {
      const { rows } = await cluster.db.query('select unread_messages from tickets where id = $1', [ticketId]);
      return rows[0]?.unread_messages > 0;
    });
    expect((await call(b, 'POST', `/api/tickets/${ticketId}/read`, { token })).status).toBe(200);
    // The receipts were sent by A's session; B answers them by asking A.
    const receipts = await waitUntil(async () => {
      const answer = await call(b, 'GET', `/api/sandbox/${whatsappId}/read-receipts`, { token });
      return (answer.body as { id: string }[]).length > 0 ? answer.body : null;
    });
    expect(receipts.length).toBeGreaterThan(0);

    const [sent] = (await sentMessage('reply from B')) ?? [];
    const removed = await call(b, 'DELETE', `/api/messages/${sent.id}`, { token });
    expect(removed.status).toBe(200);
    const [entry] = await outbox(a, 'reply from B');
    expect(entry.deleted).toBe(true);
  });

  it('checks a new ticket’s number through A when asked on B', async () => {
    // docs/sandbox.md: a number ending in 99999 is not on WhatsApp.
    const { rows } = await cluster.db.query(
      "insert into contacts (company_id, name, number) values (1, 'Nobody', '5511988899999') returning id",
    );
    const contact = rows[0].id as number;
    const refused = await call(b, 'POST', '/api/tickets', { token, body: { contactId: contact, whatsappId } });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: string }).error).toBe('ERR_WAPP_INVALID_CONTACT');
    const tickets = await cluster.db.query('select id from tickets where contact_id = $1', [contact]);
    expect(tickets.rows).toEqual([]);
  });

  it(
    'moves the connection to B within the lease when A is killed, still connected, sending what waited once',
    async () => {
      const sendAt = new Date(Date.now() + 2_000).toISOString();
      const schedule = await call(b, 'POST', '/api/schedules', {
        token,
        body: { body: 'scheduled during the takeover', contactId, sendAt, whatsappId },
      });
      expect(schedule.status).toBe(201);
      const eventsBefore = sessionEventsOnB.length;

      await endProcess(a.child, 'SIGKILL');
      // Requested on B while the lease still names the dead process: it waits, then goes once.
      const queued = await call(b, 'POST', `/api/messages/${ticketId}`, {
        token,
        body: { body: 'queued while A died' },
      });
      expect(queued.status).toBe(201);

      await waitUntil(async () => (await ownerOf(whatsappId)) === 'node-b', LEASE_SECONDS * 1000 + 20_000, 'takeover');
      await waitUntil(async () => (await connection(b)).status === 'CONNECTED', undefined, 'CONNECTED on B');
      // Credentials were in the database: no new QR on the way.
      const statuses = sessionEventsOnB.slice(eventsBefore).filter((event) => event.id === whatsappId);
      expect(statuses.map((event) => event.status)).not.toContain('qrcode');

      await waitUntil(() => sentMessage('queued while A died'), undefined, 'the queued send');
      await waitUntil(async () => {
        const { rows } = await cluster.db.query('select status from schedules where id = $1', [schedule.body.id]);
        return rows[0]?.status === 'sent';
      });
      await waitUntil(() => sentMessage('scheduled during the takeover'), undefined, 'the scheduled send');
      expect(await outbox(b, 'queued while A died')).toHaveLength(1);
      expect(await outbox(b, 'scheduled during the takeover')).toHaveLength(1);
      const health = await call(b, 'GET', '/api/health');
      expect(health.body.sessions).toBe(1);
    },
    PROCESS_TEST_MS,
  );

  it(
    'hands the connection over at once on SIGTERM: the lease is released, not waited out',
    async () => {
      const c = await cluster.start('node-c', { SESSION_LEASE_SECONDS: '600' });
      // With 10-minute leases only a released lease can move within the test's patience.
      expect(await endProcess(b.child, 'SIGTERM')).toBe(0);
      await waitUntil(async () => (await ownerOf(whatsappId)) === 'node-c', undefined, 'handover to C');
      await waitUntil(
        async () => (await call(c, 'GET', `/api/whatsapp/${whatsappId}`, { token })).body.status === 'CONNECTED',
      );
      const sent = await call(c, 'POST', `/api/messages/${ticketId}`, { token, body: { body: 'after the handover' } });
      expect(sent.status).toBe(201);
      await waitUntil(() => sentMessage('after the handover'), undefined, 'the send through C');
      expect(await outbox(c, 'after the handover')).toHaveLength(1);
    },
    PROCESS_TEST_MS,
  );
});
