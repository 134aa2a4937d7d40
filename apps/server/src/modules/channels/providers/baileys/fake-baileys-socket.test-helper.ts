import { EventEmitter } from 'node:events';
import {
  type AnyMessageContent,
  type BaileysEventMap,
  DisconnectReason,
  type UserFacingSocketConfig,
  type WAMessage,
} from 'baileys';
import { vi } from 'vitest';
import type { BaileysLogger, BaileysSocket } from './baileys-socket.ts';

/**
 * A socket that speaks Baileys' event names and payload shapes (WhatsApp cannot be reached from
 * the tests): events go in through `emit` and the helpers below, and every call the adapter makes
 * is a `vi.fn` to assert on.
 */
export class FakeBaileysSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: (event: string, listener: (payload: unknown) => void) => this.emitter.on(event, listener),
    off: (event: string, listener: (payload: unknown) => void) => this.emitter.off(event, listener),
  } as BaileysSocket['ev'];
  readonly createdAt = Date.now();
  user: { id: string } | undefined;
  private sequence = 0;
  sendMessage = vi.fn(async (jid: string, _content: AnyMessageContent) => {
    this.sequence += 1;
    return { key: { remoteJid: jid, fromMe: true, id: `3EB0OUT${this.sequence}` } } as WAMessage;
  });
  readMessages = vi.fn(async () => undefined);
  onWhatsApp = vi.fn(async (number: string) => [{ jid: `${number}@s.whatsapp.net`, exists: true }]);
  profilePictureUrl = vi.fn(async (_jid: string) => 'https://pps.whatsapp.net/v/t61/photo.jpg' as string | undefined);
  groupMetadata = vi.fn(async (jid: string) => ({ id: jid, subject: 'Equipe Vendas', participants: [] }) as never);
  logout = vi.fn(async () => undefined);
  rejectCall = vi.fn(async (_callId: string, _from: string) => undefined);
  end = vi.fn();
  lidToPhone = new Map<string, string>();
  signalRepository = {
    lidMapping: {
      getPNForLID: async (lid: string) => this.lidToPhone.get(lid) ?? null,
      getPNsForLIDs: async (lids: string[]) =>
        lids.flatMap((lid) => (this.lidToPhone.has(lid) ? [{ lid, pn: this.lidToPhone.get(lid)! }] : [])),
    },
  };

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]) {
    this.emitter.emit(event, payload);
  }

  listenerTotal() {
    return this.emitter.eventNames().reduce((sum, name) => sum + this.emitter.listenerCount(name), 0);
  }

  open(phone = '5511999990000') {
    this.user = { id: `${phone}:12@s.whatsapp.net` };
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number, reason = 'Connection Failure') {
    const error = Object.assign(new Error(reason), { output: { statusCode } });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  /** The link drops the way a network failure does (428, connection closed). */
  drop() {
    this.close(DisconnectReason.connectionClosed, 'Connection Closed');
  }
}

/** A `createSocket` for the adapter that keeps every socket it makes, oldest first. */
export function fakeSocketFactory(options: { opensAtOnce?: boolean } = {}) {
  const sockets: FakeBaileysSocket[] = [];
  const createSocket = (config: UserFacingSocketConfig) => {
    const socket = new FakeBaileysSocket(config);
    sockets.push(socket);
    // After start() has attached its listeners, as a phone that is already paired would.
    if (options.opensAtOnce) setImmediate(() => socket.open());
    return socket;
  };
  return { sockets, createSocket, latest: () => sockets[sockets.length - 1] };
}

/** Baileys' logger shape, writing nothing. */
export function silentLogger(): BaileysLogger {
  return {
    // Not `warn`: the adapter must lower its own child to `warn` whatever the app logs at.
    level: 'info',
    child: () => silentLogger(),
    trace: () => undefined,
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
}
