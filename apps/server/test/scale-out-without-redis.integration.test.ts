import type { ConnectionRecord, MessageRecord } from '@wacrm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, call, createCluster, socketTo } from './cluster.ts';
import { waitUntil } from './eventually.ts';
import { startFakeS3 } from './fake-s3-server.ts';
import { paced } from './machine-pace.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const THREE_MINUTES = paced(180_000);
const SESSION_CACHE_SECONDS = 600;

/**
 * Two processes without Redis (realtime through PostgreSQL NOTIFY) and with media in an
 * S3-compatible bucket (a local fake speaking S3's REST protocol to the official AWS SDK).
 */
let cluster: Cluster;
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let a: ClusterNode;
let b: ClusterNode;
let token: string;
let socketB: Socket;

beforeAll(async () => {
  s3 = await startFakeS3();
  cluster = await createCluster({
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: 'wacrm-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: 'true',
  });
  // Sessions are kept ten minutes: a change can reach the other process only through its notification.
  a = await cluster.start('node-a', { SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS) });
  b = await cluster.start('node-b', { SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS) });
  token = (await call(a, 'POST', '/api/auth/login', { body: { email: 'admin@admin.com', password: '123456' } })).body
    .token;
  socketB = await socketTo(b, token);
}, THREE_MINUTES);

afterAll(async () => {
  socketB?.close();
  await cluster?.close();
  await s3?.close();
});

describe('two processes on PostgreSQL only, media in a bucket', () => {
  it('fans realtime out through PostgreSQL when there is no Redis', async () => {
    expect((await call(b, 'GET', '/api/health')).body).toMatchObject({ redis: 'unused', realtimeFanOut: 'postgres' });
    const heard = new Promise<{ tag: { name: string } }>((resolve) => {
      socketB.on('company-1-tag', (payload: { action: string; tag: { name: string } }) => {
        if (payload.action === 'create') resolve(payload);
      });
    });
    const created = await call(a, 'POST', '/api/tags', { token, body: { name: 'From A', color: '#123456' } });
    expect(created.status).toBe(201);
    expect((await heard).tag.name).toBe('From A');
  });

  it('serves through B, from the bucket, media received through A', async () => {
    const created = await call(a, 'POST', '/api/whatsapp', { token, body: { name: 'Media', provider: 'sandbox' } });
    const whatsappId = created.body.id as number;
    const status = async () =>
      ((await call(a, 'GET', `/api/whatsapp/${whatsappId}`, { token })).body as ConnectionRecord).status;
    await waitUntil(async () => (await status()) === 'qrcode');
    expect((await call(a, 'POST', `/api/sandbox/${whatsappId}/scan`, { token })).status).toBe(200);
    await waitUntil(async () => (await status()) === 'CONNECTED');

    const bytes = Buffer.from('%PDF-1.4 a small document');
    const inbound = await call(a, 'POST', `/api/sandbox/${whatsappId}/inbound`, {
      token,
      body: {
        from: '5511977770001',
        name: 'Cliente',
        media: { filename: 'doc.pdf', mimetype: 'application/pdf', base64: bytes.toString('base64') },
      },
    });
    expect(inbound.status).toBe(200);
    const row = await waitUntil(async () => {
      const { rows } = await cluster.db.query(
        'select ticket_id, media_path from messages where whatsapp_id = $1 and media_path is not null',
        [whatsappId],
      );
      return rows[0] as { ticket_id: number; media_path: string } | undefined;
    });
    expect([...s3.objects.keys()]).toContain(`wacrm-media/${row.media_path}`);

    const thread = await call(b, 'GET', `/api/messages/${row.ticket_id}`, { token });
    const message = (thread.body.messages as MessageRecord[]).find((item) => item.mediaUrl);
    expect(message?.mediaUrl).toMatch(/^\/public\//);
    const served = await fetch(`${b.url}${message!.mediaUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    // Without the signature B serves nothing.
    expect((await fetch(`${b.url}/public/${row.media_path}`, { redirect: 'manual' })).status).toBe(404);
  });
});

/**
 * The token check's session row is kept per process (here for ten minutes, SESSION_CACHE_SECONDS);
 * a change made through A is told to B over PostgreSQL NOTIFY, so B follows long before its copy
 * would expire.
 */
describe('the session cache across two processes', () => {
  async function attendant(queueIds: number[]) {
    const email = `cached-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await call(a, 'POST', '/api/users', {
      token,
      body: { name: 'Cached', email, password: 'secret1', profile: 'user', queueIds },
    });
    expect(created.status).toBe(201);
    const login = await call(a, 'POST', '/api/auth/login', { body: { email, password: 'secret1' } });
    return { id: created.body.id as number, email, token: login.body.token as string };
  }

  /** Asks B until `check` holds, far less long than B keeps its copy: only the notification can end it. */
  const untilOnB = (check: () => Promise<boolean>) => waitUntil(check, undefined, 'B to see the change made through A');

  it('B refuses a token revoked through A within the notification, not the expiry', async () => {
    const user = await attendant([]);
    expect((await call(b, 'GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    // A login elsewhere (through A) ends the older token.
    expect(
      (await call(a, 'POST', '/api/auth/login', { body: { email: user.email, password: 'secret1' } })).status,
    ).toBe(200);
    await untilOnB(async () => (await call(b, 'GET', '/api/auth/me', { token: user.token })).status === 403);
  });

  it("B stops listing a queue's tickets once A takes the queue from the attendant", async () => {
    const queue = await call(a, 'POST', '/api/queue', {
      token,
      body: { name: `Cached ${Date.now()}`, color: '#ABCDEF' },
    });
    expect(queue.status).toBe(200);
    const queueId = queue.body.id as number;
    const {
      rows: [contact],
    } = await cluster.db.query(
      `insert into contacts (company_id, name, number) values (1, 'Cached', $1) returning id`,
      [`5511${String(Date.now()).slice(-9)}`],
    );
    const {
      rows: [ticket],
    } = await cluster.db.query(
      `insert into tickets (company_id, contact_id, status, queue_id) values (1, $1, 'pending', $2) returning id`,
      [contact.id, queueId],
    );
    const user = await attendant([queueId]);
    const listedOnB = async () => {
      const list = await call(b, 'GET', '/api/tickets?status=pending&showAll=true', { token: user.token });
      expect(list.status).toBe(200);
      return (list.body.tickets as { id: number }[]).map((t) => t.id);
    };
    expect(await listedOnB()).toContain(ticket.id);
    const changed = await call(a, 'PUT', `/api/users/${user.id}`, {
      token,
      body: { name: 'Cached', email: user.email, queueIds: [] },
    });
    expect(changed.status).toBe(200);
    await untilOnB(async () => !(await listedOnB()).includes(ticket.id));
  });
});
