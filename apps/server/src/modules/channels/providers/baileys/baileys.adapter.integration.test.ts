import { DisconnectReason, proto, type WAMessage } from 'baileys';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../../../test/database-template.ts';
import { expectEventually } from '../../../../../test/eventually.ts';
import { buildCompany } from '../../../../../test/factories.ts';
import { BoundedCache } from '../../../../platform/cache/bounded-cache.ts';
import type { Database } from '../../../../platform/db/client.ts';
import { baileysKeys, whatsapps } from '../../../../tables.ts';
import type {
  Ack,
  ChannelConnectionRef,
  ChannelSessionEvents,
  ConnectionStatus,
  InboundCall,
  InboundMessage,
  InboundMessageUpdate,
} from '../../channel-adapter.ts';
import { fakeSocketFactory, silentLogger } from './fake-baileys-socket.test-helper.ts';
import { createBaileysAdapter, createLazyBaileysAdapter } from './index.ts';

/**
 * The adapter's lifecycle against a fake socket that speaks Baileys' event names and payload
 * shapes (WhatsApp cannot be reached from here), with the auth state in the real database.
 */

function recorder() {
  const statuses: { status: ConnectionStatus; qrcode?: string; number?: string }[] = [];
  const messages: InboundMessage[] = [];
  const updates: InboundMessageUpdate[] = [];
  const acks: [string, Ack][] = [];
  const calls: InboundCall[] = [];
  const order: string[] = [];
  const events: ChannelSessionEvents = {
    onStatus: async (change) => {
      statuses.push(change);
      order.push(`status:${change.status}`);
    },
    onMessage: async (message) => {
      messages.push(message);
      order.push(`message:${message.externalId}`);
    },
    onMessageUpdate: async (update) => {
      updates.push(update);
    },
    onAck: async (id, ack) => {
      acks.push([id, ack]);
    },
    onCall: async (call) => {
      calls.push(call);
    },
  };
  return { events, statuses, messages, updates, acks, calls, order };
}

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.database.db;
});

afterAll(async () => {
  await handle?.dispose();
});

async function buildConnection(): Promise<ChannelConnectionRef> {
  const company = await buildCompany(db);
  const [row] = await db
    .insert(whatsapps)
    .values({ companyId: company.id, name: `wa-${Math.random().toString(36).slice(2)}` })
    .returning();
  return { id: row.id, companyId: row.companyId, name: row.name };
}

async function keyRows(whatsappId: number) {
  return db.select().from(baileysKeys).where(eq(baileysKeys.whatsappId, whatsappId));
}

/** Starts a session on a fake socket; answers the session, the sockets made so far and the recorder. */
async function startSession(options: { downloadMedia?: (message: WAMessage) => Promise<Buffer> } = {}) {
  const connection = await buildConnection();
  const { sockets, createSocket, latest } = fakeSocketFactory();
  const adapter = createBaileysAdapter({
    db,
    logger: silentLogger(),
    createSocket,
    downloadMedia: options.downloadMedia ?? (async () => Buffer.from('file-bytes')),
    policy: { now: () => new Date('2025-01-01T00:00:00Z') },
  });
  const record = recorder();
  const session = await adapter.start(connection, record.events);
  return { adapter, connection, session, sockets, socket: latest, ...record };
}

const CUSTOMER = '5511988887777@s.whatsapp.net';

function incoming(id: string, message: proto.IMessage, key: Partial<WAMessage['key']> = {}): WAMessage {
  return {
    key: { remoteJid: CUSTOMER, fromMe: false, id, ...key },
    messageTimestamp: 1_736_000_000,
    pushName: 'Maria',
    message,
  };
}

describe('baileys adapter: socket configuration', () => {
  it('creates the socket quietly, bounded and without looking online', async () => {
    const { socket, session } = await startSession();
    const config = socket().config;
    expect(config.markOnlineOnConnect).toBe(false);
    expect(config.syncFullHistory).toBe(false);
    expect(config.emitOwnEvents).toBe(false);
    expect(config.printQRInTerminal).toBeUndefined();
    expect(config.browser?.[0]).toBe('WACRM');
    expect(config.msgRetryCounterCache).toBeInstanceOf(BoundedCache);
    expect(config.logger?.level).toBe('warn');
    expect(config.auth.creds.noiseKey).toBeDefined();
    expect(await config.getMessage?.({ id: 'x' })).toBeUndefined();
    expect(config.shouldIgnoreJid?.('status@broadcast')).toBe(true);
    expect(config.shouldIgnoreJid?.('120363@newsletter')).toBe(true);
    expect(config.shouldIgnoreJid?.(CUSTOMER)).toBe(false);
    await session.stop();
  });
});

describe('baileys adapter: connection lifecycle', () => {
  it('as loaded lazily at the first start (the server start does not load Baileys), runs the same sessions', async () => {
    const { sockets, createSocket } = fakeSocketFactory();
    const adapter = createLazyBaileysAdapter({ db, logger: silentLogger(), createSocket });
    expect(adapter.provider).toBe('baileys');
    const first = recorder();
    const second = recorder();
    await adapter.start(await buildConnection(), first.events);
    await adapter.start(await buildConnection(), second.events);
    expect(sockets).toHaveLength(2);
    sockets[0].emit('connection.update', { connection: 'connecting' });
    sockets[0].emit('connection.update', { qr: '2@abc,def,ghi' });
    await expectEventually(() => expect(first.statuses.map((change) => change.status)).toContain('qrcode'));
    expect(second.statuses.map((change) => change.status)).not.toContain('qrcode');
  });

  it('reports each QR, then the pairing restart, then CONNECTED with the number', async () => {
    const { socket, sockets, statuses, session } = await startSession();
    const first = socket();
    first.emit('connection.update', { connection: 'connecting' });
    first.emit('connection.update', { qr: '2@abc,def,ghi' });
    first.emit('connection.update', { qr: '2@jkl,mno,pqr' });
    // Scanning: WhatsApp sends the new identity, then asks for a fresh socket.
    first.emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net', name: 'Loja' } });
    first.close(DisconnectReason.restartRequired);
    expect(sockets).toHaveLength(2);
    expect(first.listenerTotal()).toBe(0);
    socket().open();

    await expectEventually(() => expect(statuses.at(-1)?.status).toBe('CONNECTED'));
    expect(statuses).toEqual([
      { status: 'qrcode', qrcode: '2@abc,def,ghi' },
      { status: 'qrcode', qrcode: '2@jkl,mno,pqr' },
      { status: 'PAIRING', qrcode: '' },
      { status: 'CONNECTED', qrcode: '', number: '5511999990000' },
    ]);
    await session.stop();
  });

  it('saves creds on creds.update so a restart (or another node) resumes without a QR', async () => {
    const { connection, socket, session } = await startSession();
    socket().emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));
    await session.stop();

    const { sockets, createSocket } = fakeSocketFactory();
    const again = createBaileysAdapter({ db, logger: silentLogger(), createSocket });
    const record = recorder();
    const resumed = await again.start(connection, record.events);
    expect(sockets[0].config.auth.creds.me?.id).toBe('5511999990000:12@s.whatsapp.net');
    sockets[0].open();
    await expectEventually(() =>
      expect(record.statuses).toEqual([{ status: 'CONNECTED', qrcode: '', number: '5511999990000' }]),
    );
    await resumed.stop();
  });

  it('logged out by the phone: clears the stored pairing and reports DISCONNECTED, no reconnect', async () => {
    const { connection, socket, sockets, statuses, session } = await startSession();
    const live = socket();
    live.emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    live.open();
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));

    live.close(DisconnectReason.loggedOut);

    await expectEventually(() => expect(statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '' }));
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(0));
    expect(sockets).toHaveLength(1);
    expect(live.listenerTotal()).toBe(0);
    await expect(session.send({ chatId: '5511988887777', isGroup: false, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
  });

  it.each([
    ['connection lost (408, what this machine gets)', DisconnectReason.connectionLost],
    ['connection closed (428)', DisconnectReason.connectionClosed],
    ['bad session (500)', DisconnectReason.badSession],
    ['service unavailable (503)', DisconnectReason.unavailableService],
  ])('%s: reported as TIMEOUT for the manager to restart, pairing kept', async (_name, code) => {
    const { connection, socket, sockets, statuses, session } = await startSession();
    const live = socket();
    live.emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    live.open();
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));

    live.close(code);

    await expectEventually(() => expect(statuses.at(-1)).toEqual({ status: 'TIMEOUT', qrcode: '' }));
    // The session manager owns retries (backoff + jitter): the adapter never opens a socket by itself.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
    expect(live.listenerTotal()).toBe(0);
    expect(await keyRows(connection.id)).toHaveLength(1);
    await session.stop();
  });

  it('replaced by another client of the same pairing: DISCONNECTED, pairing kept, no fight', async () => {
    const { connection, socket, sockets, statuses } = await startSession();
    socket().emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    socket().open();
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));
    socket().close(DisconnectReason.connectionReplaced);
    await expectEventually(() => expect(statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '' }));
    expect(sockets).toHaveLength(1);
    expect(await keyRows(connection.id)).toHaveLength(1);
  });

  it('a socket that cannot be made fails start, so the manager retries', async () => {
    const connection = await buildConnection();
    const adapter = createBaileysAdapter({
      db,
      logger: silentLogger(),
      createSocket: () => {
        throw new Error('boom');
      },
    });
    await expect(adapter.start(connection, recorder().events)).rejects.toThrow('boom');
  });

  it('stop ends the socket without logging out, keeps the pairing, and leaves no listener behind', async () => {
    const { connection, socket, session, statuses } = await startSession();
    const live = socket();
    expect(live.listenerTotal()).toBeGreaterThan(0);
    live.emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    live.open();
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));

    await session.stop();

    expect(live.end).toHaveBeenCalledTimes(1);
    expect(live.logout).not.toHaveBeenCalled();
    expect(live.listenerTotal()).toBe(0);
    expect(await keyRows(connection.id)).toHaveLength(1);
    // Late events from the old socket go nowhere.
    live.emitter.emit('connection.update', { qr: 'late' });
    expect(statuses.map((change) => change.status)).toEqual(['CONNECTED']);
  });

  it('logout unlinks the phone and forgets the pairing', async () => {
    const { connection, socket, session } = await startSession();
    const live = socket();
    live.emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    live.open();
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));

    await session.logout();

    expect(live.logout).toHaveBeenCalledTimes(1);
    expect(live.listenerTotal()).toBe(0);
    expect(await keyRows(connection.id)).toHaveLength(0);
  });

  it('logout still forgets the pairing when WhatsApp cannot be told', async () => {
    const { connection, socket, session } = await startSession();
    socket().logout.mockRejectedValueOnce(new Error('Connection Closed'));
    socket().emit('creds.update', { me: { id: '5511999990000:12@s.whatsapp.net' } });
    await expectEventually(async () => expect(await keyRows(connection.id)).toHaveLength(1));
    await session.logout();
    expect(await keyRows(connection.id)).toHaveLength(0);
  });
});

describe('baileys adapter: inbound', () => {
  it('delivers live and appended messages normalised, after the status that preceded them', async () => {
    const { socket, messages, order, session } = await startSession();
    socket().open();
    socket().emit('messages.upsert', { type: 'notify', messages: [incoming('M1', { conversation: 'Oi' })] });
    socket().emit('messages.upsert', {
      type: 'append',
      messages: [incoming('M2', { conversation: 'enviada pelo celular' }, { fromMe: true })],
    });
    await expectEventually(() => expect(messages).toHaveLength(2));
    expect(messages[0]).toEqual({
      externalId: 'M1',
      chatId: '5511988887777',
      isGroup: false,
      fromMe: false,
      pushName: 'Maria',
      body: 'Oi',
      timestamp: new Date(1_736_000_000 * 1000),
      // What Baileys handed over, for a dead letter if it can never be stored.
      raw: expect.objectContaining({ key: expect.objectContaining({ id: 'M1' }) }),
    });
    expect(messages[1]).toMatchObject({ externalId: 'M2', fromMe: true, body: 'enviada pelo celular' });
    expect(order).toEqual(['status:CONNECTED', 'message:M1', 'message:M2']);
    await session.stop();
  });

  it('reports a call offer once, with a decline that rejects it through WhatsApp', async () => {
    const { socket, calls, session } = await startSession();
    socket().open();
    const offer = {
      chatId: '5511988887777@s.whatsapp.net',
      from: '5511988887777@s.whatsapp.net',
      id: 'CALL1',
      date: new Date(1_736_000_000 * 1000),
      isVideo: true,
      offline: false,
    };
    socket().emit('call', [
      { ...offer, status: 'offer' },
      { ...offer, status: 'ringing' },
      { ...offer, id: 'CALL2', isGroup: true, status: 'offer' },
    ]);
    await expectEventually(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ callId: 'CALL1', from: '5511988887777', isVideo: true, isGroup: false });
    await calls[0].decline?.();
    expect(socket().rejectCall).toHaveBeenCalledWith('CALL1', '5511988887777@s.whatsapp.net');
    await session.stop();
  });

  it('skips what the product ignores; a reaction is an update of its target, never a message', async () => {
    const { socket, messages, updates, session } = await startSession();
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming('R1', { reactionMessage: { key: { id: 'M1' }, text: '👍' } }),
        incoming('S1', { conversation: 'story' }, { remoteJid: 'status@broadcast' }),
        incoming('OK', { conversation: 'fica' }),
      ],
    });
    await expectEventually(() => expect(messages.map((message) => message.externalId)).toEqual(['OK']));
    expect(updates).toEqual([{ kind: 'reaction', externalId: 'M1', emoji: '👍', fromMe: false }]);
    await session.stop();
  });

  it('downloads media in a separate step and attaches it', async () => {
    const downloadMedia = vi.fn(async () => Buffer.from('%PDF-1.7'));
    const { socket, messages, session } = await startSession({ downloadMedia });
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [
        incoming('D1', { documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf', fileLength: 8 } }),
      ],
    });
    await expectEventually(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toMatchObject({
      mediaType: 'application',
      body: 'boleto.pdf',
      media: { data: Buffer.from('%PDF-1.7'), mimetype: 'application/pdf', filename: 'boleto.pdf' },
    });
    expect(downloadMedia).toHaveBeenCalledTimes(1);
    await session.stop();
  });

  it('delivers a message whose media failed to download, without the file', async () => {
    const { socket, messages, session } = await startSession({
      downloadMedia: async () => {
        throw new Error('403 media expired');
      },
    });
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('I1', { imageMessage: { mimetype: 'image/jpeg', caption: 'foto' } })],
    });
    await expectEventually(() => expect(messages).toHaveLength(1));
    expect(messages[0]).toMatchObject({ mediaType: 'image', body: 'foto' });
    expect(messages[0].media).toBeUndefined();
    await session.stop();
  });

  it('names groups from their metadata, cached, and renamed by groups.update', async () => {
    const { socket, messages, session } = await startSession();
    const group = '120363025246125486@g.us';
    const fromGroup = (id: string) =>
      incoming(id, { conversation: 'bom dia' }, { remoteJid: group, participant: '5511977776666@s.whatsapp.net' });
    socket().emit('messages.upsert', { type: 'notify', messages: [fromGroup('G1'), fromGroup('G2')] });
    await expectEventually(() => expect(messages).toHaveLength(2));
    expect(messages[0]).toMatchObject({
      chatId: '120363025246125486',
      isGroup: true,
      groupName: 'Equipe Vendas',
      participant: '5511977776666',
      participantName: 'Maria',
    });
    expect(messages[1].groupName).toBe('Equipe Vendas');
    expect(socket().groupMetadata).toHaveBeenCalledTimes(1);

    socket().emit('groups.update', [{ id: group, subject: 'Equipe Comercial' }]);
    socket().emit('messages.upsert', { type: 'notify', messages: [fromGroup('G3')] });
    await expectEventually(() => expect(messages).toHaveLength(3));
    expect(messages[2].groupName).toBe('Equipe Comercial');
    expect(socket().groupMetadata).toHaveBeenCalledTimes(1);
    await session.stop();
  });

  it('turns a LID sender into their phone number through Baileys’ mapping', async () => {
    const { socket, messages, session } = await startSession();
    socket().lidToPhone.set('123456789012345@lid', CUSTOMER);
    socket().emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('L1', { conversation: 'oi' }, { remoteJid: '123456789012345@lid' })],
    });
    await expectEventually(() => expect(messages).toHaveLength(1));
    expect(messages[0].chatId).toBe('5511988887777');
    await session.stop();
  });

  it('maps status updates and receipts of our messages to acks, edits and revokes to updates', async () => {
    const { socket, acks, updates, session } = await startSession();
    const ours = { remoteJid: CUSTOMER, fromMe: true, id: 'OUT1' };
    socket().emit('messages.update', [
      { key: ours, update: { status: proto.WebMessageInfo.Status.SERVER_ACK } },
      { key: ours, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } },
      // A status of a customer's message (read on the phone) is not an ack of ours.
      { key: { remoteJid: CUSTOMER, fromMe: false, id: 'IN1' }, update: { status: proto.WebMessageInfo.Status.READ } },
      {
        key: { remoteJid: CUSTOMER, fromMe: false, id: 'IN2' },
        update: { message: { editedMessage: { message: { conversation: 'corrigido' } } } },
      },
      {
        key: { remoteJid: CUSTOMER, fromMe: false, id: 'IN3' },
        update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE },
      },
    ]);
    socket().emit('message-receipt.update', [
      { key: ours, receipt: { userJid: CUSTOMER, readTimestamp: 1_736_000_100 } },
      { key: { ...ours, id: 'OUT2' }, receipt: { userJid: CUSTOMER, playedTimestamp: 1_736_000_200 } },
    ]);
    await expectEventually(() => expect(acks).toHaveLength(4));
    expect(acks).toEqual([
      ['OUT1', 1],
      ['OUT1', 2],
      ['OUT1', 3],
      ['OUT2', 4],
    ]);
    expect(updates).toEqual([
      { kind: 'edit', externalId: 'IN2', body: 'corrigido' },
      { kind: 'delete', externalId: 'IN3' },
    ]);
    await session.stop();
  });

  it('a failing handler does not stop later events', async () => {
    const connection = await buildConnection();
    const { createSocket, latest } = fakeSocketFactory();
    const adapter = createBaileysAdapter({ db, logger: silentLogger(), createSocket });
    const seen: string[] = [];
    const session = await adapter.start(connection, {
      ...recorder().events,
      onMessage: async (message) => {
        seen.push(message.externalId);
        if (message.externalId === 'X1') throw new Error('intake down');
      },
    });
    latest().emit('messages.upsert', {
      type: 'notify',
      messages: [incoming('X1', { conversation: 'a' }), incoming('X2', { conversation: 'b' })],
    });
    await expectEventually(() => expect(seen).toEqual(['X1', 'X2']));
    await session.stop();
  });
});

describe('baileys adapter: outbound', () => {
  async function connected() {
    const started = await startSession();
    started.socket().open();
    await expectEventually(() => expect(started.statuses.at(-1)?.status).toBe('CONNECTED'));
    return started;
  }

  it('refuses to send before the connection is open', async () => {
    const { session } = await startSession();
    await expect(session.send({ chatId: '5511988887777', isGroup: false, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    await session.stop();
  });

  it('sends text, media and quoted replies with the right content, answering the WhatsApp id', async () => {
    const { socket, session } = await connected();
    await expect(session.send({ chatId: '5511988887777', isGroup: false, body: 'Olá' })).resolves.toEqual({
      externalId: '3EB0OUT1',
    });
    expect(socket().sendMessage).toHaveBeenLastCalledWith(CUSTOMER, { text: 'Olá' }, {});

    await session.send({
      chatId: '5511988887777',
      isGroup: false,
      body: '',
      media: { path: '/data/n.ogg', mimetype: 'audio/ogg', filename: 'n.ogg', asVoiceNote: true },
      quotedExternalId: 'IN9',
      quotedFromMe: false,
    });
    expect(socket().sendMessage).toHaveBeenLastCalledWith(
      CUSTOMER,
      { audio: { url: '/data/n.ogg' }, mimetype: 'audio/ogg; codecs=opus', ptt: true },
      { quoted: { key: { remoteJid: CUSTOMER, id: 'IN9', fromMe: false }, message: { conversation: '' } } },
    );

    await session.send({ chatId: '120363025246125486', isGroup: true, body: 'pessoal' });
    expect(socket().sendMessage).toHaveBeenLastCalledWith('120363025246125486@g.us', { text: 'pessoal' }, {});
    await session.stop();
  });

  it('wraps a library failure as ERR_SENDING_WAPP_MSG', async () => {
    const { socket, session } = await connected();
    socket().sendMessage.mockRejectedValueOnce(new Error('not-acceptable'));
    await expect(session.send({ chatId: '5511988887777', isGroup: false, body: 'x' })).rejects.toMatchObject({
      code: 'ERR_SENDING_WAPP_MSG',
    });
    await session.stop();
  });

  it('deletes for everyone, marks read with keys, and fetches profile pictures (errors → null)', async () => {
    const { socket, session } = await connected();
    await session.deleteForEveryone!({ chatId: '5511988887777', isGroup: false, externalId: 'OUT7', fromMe: true });
    expect(socket().sendMessage).toHaveBeenLastCalledWith(CUSTOMER, {
      delete: { remoteJid: CUSTOMER, id: 'OUT7', fromMe: true },
    });

    await session.markRead({ chatId: '5511988887777', isGroup: false, externalIds: ['IN1', 'IN2'] });
    expect(socket().readMessages).toHaveBeenCalledWith([
      { remoteJid: CUSTOMER, id: 'IN1', fromMe: false },
      { remoteJid: CUSTOMER, id: 'IN2', fromMe: false },
    ]);
    await session.markRead({ chatId: '5511988887777', isGroup: false, externalIds: [] });
    expect(socket().readMessages).toHaveBeenCalledTimes(1);

    await expect(session.fetchProfilePicture('5511988887777', false)).resolves.toBe(
      'https://pps.whatsapp.net/v/t61/photo.jpg',
    );
    expect(socket().profilePictureUrl).toHaveBeenLastCalledWith(CUSTOMER, 'image');
    socket().profilePictureUrl.mockRejectedValueOnce(new Error('item-not-found'));
    await expect(session.fetchProfilePicture('5511988887777', false)).resolves.toBeNull();
    socket().profilePictureUrl.mockResolvedValueOnce(undefined);
    await expect(session.fetchProfilePicture('5511988887777', false)).resolves.toBeNull();
    await session.stop();
  });
});
