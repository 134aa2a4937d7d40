import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/database-template.ts';
import { joinRoom, waitUntil } from '../../../test/eventually.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { paced } from '../../../test/machine-pace.ts';
import { buildServer, type Server } from '../../app.ts';
import { messages, tickets, whatsapps } from '../../tables.ts';

// Test timeouts, stretched while the machine is busy (machine-pace.ts).
const ONE_MINUTE = paced(60_000);

/**
 * A server with a short retry schedule and no wait for the connection after it: a message that
 * cannot be sent is retried by the job and finally marked failed, which the agent sees live.
 * (Waiting for the connection past the series: public-api/queued-send.integration.test.ts.)
 */
let server: Server;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  server = await buildServer(
    testConfig(opened.dataDir),
    opened.database,
    { logger: false },
    {
      messages: { retry: { maxAttempts: 2, baseDelaySeconds: 1, maxDelaySeconds: 1, waitForConnectionSeconds: 0 } },
    },
  );
  await server.start({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.stop();
  await dispose();
});

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await server.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('send retries', () => {
  it('marks a message failed after its retries while the connection stays down, and says so live', {
    timeout: ONE_MINUTE,
  }, async () => {
    const db = server.platform.db;
    const company = await buildCompany(db);
    const admin = await buildUser(db, { companyId: company.id, profile: 'admin' });
    const { token } = (await call(null, 'POST', '/api/auth/login', { email: admin.email, password: TEST_PASSWORD }))
      .body as { token: string };
    const { body: connection } = await call(token, 'POST', '/api/whatsapp', { name: 'Phone', provider: 'sandbox' });
    const statusOf = async () => (await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id)))[0].status;
    await waitUntil(async () => (await statusOf()) === 'qrcode');
    await call(token, 'POST', `/api/sandbox/${connection.id}/scan`);
    await waitUntil(async () => (await statusOf()) === 'CONNECTED');
    await call(token, 'POST', `/api/sandbox/${connection.id}/inbound`, { from: '5511900001111', body: 'hi' });
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, company.id)));
    await db.update(tickets).set({ status: 'open', userId: admin.id }).where(eq(tickets.id, ticket.id));
    await call(token, 'POST', `/api/sandbox/${connection.id}/disconnect`);
    await waitUntil(async () => (await statusOf()) === 'DISCONNECTED');

    const { port } = server.app.server.address() as AddressInfo;
    const socket = io(`http://127.0.0.1:${port}`, {
      transports: ['polling'],
      query: { token },
      forceNew: true,
      reconnection: false,
    });
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    await joinRoom(socket, 'joinChatBox', ticket.id);
    type Update = { action: string; message: { failed: boolean; sendError: string } };
    const failedEvent = new Promise<Update>((resolve) =>
      socket.on(`company-${company.id}-appMessage`, (event: Update) => {
        if (event.action === 'update' && event.message.failed) resolve(event);
      }),
    );

    const sent = await call(token, 'POST', `/api/messages/${ticket.id}`, { body: 'nobody home' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ ack: 0, failed: false });
    const event = await failedEvent;
    // A code the web app translates, not provider text.
    expect(event.message.sendError).toBe('ERR_WAPP_NOT_INITIALIZED');
    const [row] = await db.select().from(messages).where(eq(messages.id, sent.body.id));
    expect(row).toMatchObject({ failed: true, ack: 0, externalId: null });
    socket.disconnect();
  });
});
