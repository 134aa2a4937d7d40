import type { ConnectionRecord } from '@wacrm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, call, createCluster, socketTo } from './cluster.ts';
import { waitUntil } from './eventually.ts';
import { paced } from './machine-pace.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const FIVE_MINUTES = paced(300_000);

/**
 * Automatic assignment on two server processes (issue 48, docs/decisions/fair-assignment.md): a
 * burst of customers into three balanced queues while attendants pause and resume on both
 * processes. The company's assignment lock keeps every attendant within capacity and gives each
 * ticket to one attendant, whichever process runs the pass.
 */
const CUSTOMERS = 200;
const ATTENDANTS = 10;
const CAPACITY = 3;

let cluster: Cluster;
let nodes: ClusterNode[];
let token: string;
const sockets: Socket[] = [];
const connections: number[] = [];
const team: { id: number; token: string }[] = [];

const node = (index: number) => nodes[index % nodes.length];

beforeAll(async () => {
  cluster = await createCluster();
  nodes = [await cluster.start('node-a'), await cluster.start('node-b')];
  const login = (email: string, password: string) =>
    call(nodes[0], 'POST', '/api/auth/login', { body: { email, password } });
  token = (await login('admin@admin.com', '123456')).body.token;
  await call(nodes[0], 'PUT', '/api/settings/ticketCapacity', { token, body: { value: String(CAPACITY) } });
  const queueIds: number[] = [];
  for (let index = 0; index < 3; index++) {
    const created = await call(node(index), 'POST', '/api/queue', {
      token,
      body: { name: `Line ${index}`, color: ['#112233', '#445566', '#778899'][index], assignmentMode: 'balanced' },
    });
    queueIds.push(created.body.id);
    const connection = await call(node(index), 'POST', '/api/whatsapp', {
      token,
      body: { name: `Line ${index}`, provider: 'sandbox', queueIds: [created.body.id] },
    });
    const id = connection.body.id as number;
    const status = async () =>
      ((await call(node(index + 1), 'GET', `/api/whatsapp/${id}`, { token })).body as ConnectionRecord).status;
    await waitUntil(async () => (await status()) === 'qrcode', 30_000, 'a QR code');
    await call(node(index + 1), 'POST', `/api/sandbox/${id}/scan`, { token });
    await waitUntil(async () => (await status()) === 'CONNECTED', 30_000, 'connected');
    connections.push(id);
  }
  for (let index = 0; index < ATTENDANTS; index++) {
    const email = `line-${index}@example.com`;
    // Each attendant in one or two of the three queues.
    const memberOf = index % 2 === 0 ? [queueIds[index % 3]] : [queueIds[index % 3], queueIds[(index + 1) % 3]];
    const created = await call(node(index), 'POST', '/api/users', {
      token,
      body: { name: `Attendant ${index}`, email, password: 'secret123', queueIds: memberOf },
    });
    const session = (await login(email, 'secret123')).body.token as string;
    team.push({ id: created.body.id, token: session });
    // Paused at first: the burst lands in the line, and resuming on both processes races the passes.
    await call(node(index), 'POST', '/api/users/me/pause', { token: session, body: { paused: true } });
    const socket = await socketTo(node(index), session);
    sockets.push(socket);
    socket.emit('userStatus');
  }
  await waitUntil(
    async () => {
      const { rows } = await cluster.db.query('select count(*)::int as n from users where online and company_id = 1');
      return rows[0].n >= ATTENDANTS;
    },
    30_000,
    'attendants online',
  );
}, FIVE_MINUTES);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.close();
});

async function loads() {
  const { rows } = await cluster.db.query<{ user_id: number; n: number }>(
    `select user_id, count(*)::int as n from tickets
      where company_id = 1 and user_id is not null and status <> 'closed' group by user_id`,
  );
  return rows;
}

describe('automatic assignment on two processes', () => {
  it('keeps every attendant within capacity through a burst, resumes and closes on both processes', {
    timeout: FIVE_MINUTES,
  }, async () => {
    const customers = Array.from({ length: CUSTOMERS }, (_, index) => `55119800${String(index).padStart(5, '0')}`);
    const say = (index: number) =>
      call(node(index), 'POST', `/api/sandbox/${connections[index % 3]}/inbound`, {
        token,
        body: { from: customers[index], name: `Customer ${index}`, body: 'hello' },
      });
    // Half of the burst, then every attendant resumes (on alternating processes) while the rest arrives.
    await Promise.all(customers.slice(0, CUSTOMERS / 2).map((_, index) => say(index)));
    await Promise.all([
      ...customers.slice(CUSTOMERS / 2).map((_, index) => say(CUSTOMERS / 2 + index)),
      ...team.map((member, index) =>
        call(node(index), 'POST', '/api/users/me/pause', { token: member.token, body: { paused: false } }),
      ),
    ]);
    await waitUntil(
      async () => {
        const { rows } = await cluster.db.query('select count(*)::int as n from tickets where company_id = 1');
        return rows[0].n >= CUSTOMERS;
      },
      90_000,
      'every ticket stored',
    );
    await waitUntil(
      async () => (await loads()).reduce((sum, row) => sum + row.n, 0) >= ATTENDANTS * CAPACITY,
      60_000,
      'every slot filled',
    );
    let current = await loads();
    expect(current).toHaveLength(ATTENDANTS);
    expect(current.every((row) => row.n === CAPACITY)).toBe(true);

    // Every attendant closes one ticket at once, half through each process: each slot is filled again, once.
    const held = await cluster.db.query<{ id: number; user_id: number }>(
      `select distinct on (user_id) id, user_id from tickets
        where company_id = 1 and status = 'open' order by user_id, id`,
    );
    const byUser = new Map(team.map((member) => [member.id, member]));
    await Promise.all(
      held.rows.map((row, index) =>
        call(node(index), 'PUT', `/api/tickets/${row.id}`, {
          token: byUser.get(row.user_id)!.token,
          body: { status: 'closed' },
        }),
      ),
    );
    current = await waitUntil(
      async () => {
        const rows = await loads();
        return rows.reduce((sum, row) => sum + row.n, 0) >= ATTENDANTS * CAPACITY ? rows : null;
      },
      30_000,
      'slots filled again',
    );
    expect(current.every((row) => row.n <= CAPACITY)).toBe(true);
    const { rows } = await cluster.db.query(
      `select count(*)::int as n from tickets where company_id = 1 and status = 'pending' and user_id is null`,
    );
    expect(rows[0].n).toBe(CUSTOMERS - ATTENDANTS * CAPACITY - ATTENDANTS);
  });
});
