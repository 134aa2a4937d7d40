import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConnectionRecord, DeadLetter } from '@wacrm/shared';
import type { WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../../../test/channels.ts';
import { buildCompany, buildUser, TEST_PASSWORD } from '../../../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../../../test/test-server.ts';
import { buildServer, type Server } from '../../../../app.ts';
import { messages } from '../../../../tables.ts';
import type { ChannelAdapter } from '../../channel-adapter.ts';
import { createBaileysAdapter } from './baileys.adapter.ts';
import type { BaileysFaults } from './baileys-session.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';

/**
 * Issue 23, "acknowledged means stored", for Baileys: it sends WhatsApp the receipt before our
 * handler runs (docs/baileys.md), so each message is journaled first. A fault hook stops the
 * first process right after the journal write (nothing after it runs, as if it were killed
 * there); the next process replays the journal and the message is stored, once.
 */
let t: TestServer;
const sockets = fakeSocketFactory({ opensAtOnce: true });
const crash: { release: ((error: Error) => void) | null } = { release: null };
const faults: BaileysFaults = {
  afterJournal: () =>
    new Promise<void>((_resolve, reject) => {
      crash.release = reject;
    }),
};

/** The adapter needs the database, which the test server makes: it is built at first use. */
function lazyAdapter(options: { faults?: BaileysFaults; gate?: Promise<void> } = {}): ChannelAdapter {
  let adapter: ChannelAdapter | null = null;
  return {
    provider: 'baileys',
    async start(connection, events) {
      await options.gate;
      adapter ??= createBaileysAdapter({
        db: t.db,
        logger: silentLogger(),
        createSocket: sockets.createSocket,
        downloadMedia: async () => Buffer.from(''),
        journalDir: path.join(t.config.dataDir, 'inbound-journal'),
        faults: options.faults,
      });
      return adapter.start(connection, events);
    },
  };
}

beforeAll(async () => {
  t = await startTestServer({}, { channels: { adapters: [lazyAdapter({ faults })] } });
});
afterAll(() => t.close());

const incoming = (id: string, text: string): WAMessage => ({
  key: { remoteJid: '5511966660001@s.whatsapp.net', fromMe: false, id },
  messageTimestamp: Math.floor(Date.now() / 1000),
  pushName: 'Maria',
  message: { conversation: text },
});

const storedCount = async (whatsappId: number, externalId: string) =>
  (
    await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)))
  ).length;

describe('the Baileys inbound journal', () => {
  it('stores after a restart, once, a message the process died on between receipt and storage', async () => {
    const company = await buildCompany(t.db);
    const admin = await buildUser(t.db, { companyId: company.id, profile: 'admin' });
    const { token } = await t.login(admin.email, TEST_PASSWORD);
    const created = await t.as(token).post('/api/whatsapp', { name: 'Phone', provider: 'baileys' });
    expect(created.status).toBe(201);
    const connection = created.body as ConnectionRecord;
    const journalFile = path.join(t.config.dataDir, 'inbound-journal', `baileys-${connection.id}.jsonl`);
    await waitUntil(async () => sockets.sockets.length > 0, 10_000, 'a socket');

    sockets.latest().emit('messages.upsert', { type: 'notify', messages: [incoming('JOURNAL-1', 'Oi, tudo bem?')] });
    // The listener journaled it synchronously; the fault hook now holds the rest back.
    expect(readFileSync(journalFile, 'utf8')).toContain('JOURNAL-1');
    await waitUntil(async () => crash.release, 10_000, 'the fault hook');
    crash.release!(new Error('killed between receipt and storage'));
    expect(await storedCount(connection.id, 'JOURNAL-1')).toBe(0);
    await t.server.stop();

    // A new process on the same data; its sessions start only when the gate opens.
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const second: Server = await buildServer(
      t.config,
      t.database,
      { logger: false },
      {
        channels: { adapters: [lazyAdapter({ gate })] },
      },
    );
    await second.start({ port: 0, host: '127.0.0.1' });
    try {
      const health = await second.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'starting', phase: 'starting' });
      // The load balancer's probe sends no traffic to a process still restoring its sessions.
      expect((await second.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      openGate();
      await waitUntil(
        async () => (await second.app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
        10_000,
        'healthy',
      );
      expect((await second.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await waitUntil(async () => (await storedCount(connection.id, 'JOURNAL-1')) === 1, 10_000, 'the replay');

      // WhatsApp delivering it again changes nothing; the journal ends empty.
      sockets.latest().emit('messages.upsert', { type: 'notify', messages: [incoming('JOURNAL-1', 'Oi, tudo bem?')] });
      await waitUntil(async () => readFileSync(journalFile, 'utf8') === '', 10_000, 'an empty journal');
      expect(await storedCount(connection.id, 'JOURNAL-1')).toBe(1);

      // A message the database can never store is kept as a dead letter, shown to admins.
      sockets.latest().emit('messages.upsert', { type: 'notify', messages: [incoming('JOURNAL-2', 'a\u0000b')] });
      const letters = await waitUntil(async () => {
        const response = await second.app.inject({
          method: 'GET',
          url: '/api/dead-letters',
          headers: { authorization: `Bearer ${token}` },
        });
        const body = response.json() as DeadLetter[];
        return body.length > 0 ? body : null;
      });
      expect(letters[0]).toMatchObject({ externalId: 'JOURNAL-2', whatsappId: connection.id });
      const payload = JSON.parse(letters[0].payload);
      expect(payload.raw).toMatchObject({ key: { id: 'JOURNAL-2' }, message: { conversation: 'a\u0000b' } });
      expect(payload.normalised.body).toBe('a\u0000b');
      await waitUntil(async () => readFileSync(journalFile, 'utf8') === '', 10_000, 'the dead letter done');
      expect(await storedCount(connection.id, 'JOURNAL-2')).toBe(0);
    } finally {
      await second.stop();
    }
  });
});
