import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/eventually.ts';
import { attachFanOut } from './fan-out.ts';

/**
 * Realtime fan-out through PostgreSQL NOTIFY (no Redis), with two socket.io servers in this test
 * process standing for two server processes. The PostgreSQL server comes from TEST_PG_ADMIN_URL
 * (default: the local one), as for the multi-process tests; each run gets its own database.
 */
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `fanout_test_${randomBytes(4).toString('hex')}`;
const prefix = `f${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();
const log = pino({ level: 'silent' });

interface Node {
  http: HttpServer;
  io: Server;
  close: () => Promise<void>;
  url: string;
}

const nodes: Node[] = [];
const sockets: Socket[] = [];
let listener: pg.Client;
/** Every broadcast published on the namespace's channel (heartbeats left out). */
const published: unknown[] = [];

async function startNode(): Promise<Node> {
  const http = createServer();
  const io = new Server(http);
  io.on('connection', (socket) => socket.join('company-1'));
  const fanOut = await attachFanOut(io, { redisPrefix: prefix, databaseUrl, log });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const node = {
    http,
    io,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      io.close();
      await fanOut.close();
    },
  };
  nodes.push(node);
  return node;
}

async function socketTo(node: Node) {
  const socket = connect(node.url, { transports: ['websocket'] });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function heard(socket: Socket, event: string) {
  const payloads: unknown[] = [];
  socket.on(event, (payload) => payloads.push(payload));
  return payloads;
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  // The adapter's table for events too large for a NOTIFY (the migrations make it in the app).
  await setup.query(
    'create table socket_io_attachments (id bigserial primary key, created_at timestamptz default now(), payload bytea)',
  );
  await setup.end();
  listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    const parsed = JSON.parse(message.payload ?? '{}');
    // Type 3 is socket.io's BROADCAST; an attachment header stands for one too.
    if (parsed.type === 3 || parsed.attachmentId) published.push(parsed);
  });
  await listener.query(`listen "${prefix}_socket_io#/"`);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const node of nodes) await node.close();
  await listener?.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
});

describe('realtime fan-out through PostgreSQL', () => {
  it('delivers in emit order without a NOTIFY while the process is alone', async () => {
    const a = await startNode();
    const received = heard(await socketTo(a), 'company-1-ticket');
    for (let n = 1; n <= 50; n++) a.io.to('company-1').emit('company-1-ticket', { n });
    await waitUntil(() => received.length === 50, undefined, '50 events');
    expect(received).toEqual(Array.from({ length: 50 }, (_, index) => ({ n: index + 1 })));
    expect(published).toEqual([]);
  });

  it('publishes once another process is there, and both hear every event in order', async () => {
    const [a] = nodes;
    const b = await startNode();
    // B announced itself when its adapter started; A answers and counts it from then on.
    await waitUntil(async () => (await a.io.of('/').adapter.serverCount()) === 2, undefined, 'A to hear B');
    const onA = heard(await socketTo(a), 'company-1-ticket');
    const bSocket = await socketTo(b);
    const onB = heard(bSocket, 'company-1-ticket');
    // A may count B a moment before B's own LISTEN is in place (on a busy machine the NOTIFY of
    // a first event could pass it by): the sequence starts once a probe from A has reached B.
    const probes = heard(bSocket, 'company-1-probe');
    const publishedBeforeProbes = published.length;
    let probesSent = 0;
    await waitUntil(
      () => {
        if (probes.length === 0) {
          a.io.to('company-1').emit('company-1-probe', {});
          probesSent++;
        }
        return probes.length > 0;
      },
      undefined,
      "B to hear A's probe",
    );
    // Every probe is published; the last ones may still be on their way to this test's listener.
    await waitUntil(() => published.length - publishedBeforeProbes === probesSent, undefined, 'every probe published');
    const publishedBefore = published.length;
    for (let n = 1; n <= 20; n++) a.io.to('company-1').emit('company-1-ticket', { n });
    const expected = Array.from({ length: 20 }, (_, index) => ({ n: index + 1 }));
    await waitUntil(() => onA.length === 20 && onB.length === 20, undefined, '20 events on each');
    expect(onA).toEqual(expected);
    expect(onB).toEqual(expected);
    expect(published.length - publishedBefore).toBe(20);
  });

  it('goes on after PostgreSQL ends the listening connections, without an unhandled error', async () => {
    const [a, b] = nodes;
    const onB = heard(await socketTo(b), 'company-1-ticket');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // The adapters LISTEN in capitals; this test's own listener does not.
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN %'`,
      [databaseName],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThanOrEqual(2);
    // Each adapter connects again a moment later; until then an event may be lost, as it would be.
    let n = 0;
    await waitUntil(
      () => {
        a.io.to('company-1').emit('company-1-ticket', { after: ++n });
        return onB.some((payload) => (payload as { after?: number }).after !== undefined);
      },
      undefined,
      'an event from A on B after the reconnection',
    );
  });
});
