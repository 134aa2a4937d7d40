import {
  type BaileysEventMap,
  DisconnectReason,
  isLidUser,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from 'baileys';
import { BoundedCache } from '../../../../platform/cache/bounded-cache.ts';
import { AppError } from '../../../../platform/http/app-error.ts';
import type {
  ChannelConnectionRef,
  ChannelSession,
  ChannelSessionEvents,
  ConnectionStatus,
  InboundMedia,
  MessageTarget,
  OutboundMessage,
} from '../../channel-adapter.ts';
import type { DatabaseAuthState } from './auth-state.ts';
import type { BaileysLogger, BaileysSocket, BaileysSocketFactory } from './baileys-socket.ts';
import { ContactSync, type SyncedContactsStore } from './contact-sync.ts';
import type { InboundJournal } from './inbound-journal.ts';
import {
  isOwnMessage,
  jidUser,
  mediaToDownload,
  receiptToAck,
  statusToAck,
  toInboundCall,
  toInboundMessage,
  toInboundMessageUpdate,
  toInboundReaction,
} from './to-inbound-message.ts';
import { toEditPayload, toJid, toMessageKey, toOutboundPayload, toReactionPayload } from './to-outbound-payload.ts';

export type MediaDownloader = (message: WAMessage, socket: BaileysSocket, logger: BaileysLogger) => Promise<Buffer>;

export interface SessionPolicy {
  /** Larger media is delivered without its file rather than held in memory. */
  maxMediaBytes: number;
  groupNameTtlMs: number;
  now: () => Date;
}

export interface SessionContext {
  connection: ChannelConnectionRef;
  events: ChannelSessionEvents;
  auth: DatabaseAuthState;
  contacts: SyncedContactsStore;
  logger: BaileysLogger;
  createSocket: BaileysSocketFactory;
  socketConfig: (session: { auth: DatabaseAuthState; msgRetryCounterCache: BoundedCache }) => UserFacingSocketConfig;
  downloadMedia: MediaDownloader;
  policy: SessionPolicy;
  /** The connection's durable journal of inbound messages (inbound-journal.ts). */
  journal?: InboundJournal;
  faults?: BaileysFaults;
}

/** Hooks that only tests set. */
export interface BaileysFaults {
  /** Runs once a message is journaled, before it is handed to intake (a crash stands here). */
  afterJournal?: (message: WAMessage) => void | Promise<void>;
}

/** Close codes after which the pairing is gone: a new QR is the only way back. */
const PAIRING_GONE = new Set<number>([DisconnectReason.loggedOut, DisconnectReason.forbidden, 411]);

function closeCode(error: unknown) {
  const boom = error as { output?: { statusCode?: number }; statusCode?: number } | undefined;
  return boom?.output?.statusCode ?? boom?.statusCode;
}

/**
 * One live socket of one connection, reporting to the session manager (session-manager.ts),
 * which owns retries. The split, per the manager's contract:
 * - a QR → `qrcode` (the manager counts renewals and ends an unscanned one);
 * - open → `CONNECTED` with the number;
 * - WhatsApp's "restart required" right after a QR is scanned → `PAIRING` and a fresh socket at
 *   once, inside this session (it is a protocol step, not a drop, and the new creds are in memory);
 * - logged out / forbidden / device mismatch → stored pairing cleared, `DISCONNECTED`;
 * - replaced by another client of the same pairing → `DISCONNECTED`, pairing kept (no fight);
 * - any other close (network, 408, 428, 500, 503…) → `TIMEOUT`: this session is over, the manager
 *   stops it and starts a new one after its backoff (the auth state is re-read from the database).
 */
export class BaileysSession implements ChannelSession {
  private socket: BaileysSocket | null = null;
  private detachListeners: (() => void) | null = null;
  /** Set once the socket is gone for good (closed, stopped, logged out): nothing new is reported. */
  private ended = false;
  private qrShown = false;
  private status: ConnectionStatus | null = null;
  private lastReported = '';
  /** Every callback to the session manager runs in arrival order, one at a time. */
  private outbox: Promise<void> = Promise.resolve();
  private readonly msgRetryCounterCache = new BoundedCache({ maxEntries: 1_000, ttlMs: 60 * 60_000 });
  private readonly groupNames: BoundedCache<string>;
  /**
   * The ids of the reactions and edits this session sent: WhatsApp echoes them back as messages
   * from our own number, which must not undo a change made since (a reaction removed meanwhile).
   */
  private readonly ownChanges = new BoundedCache<true>({ maxEntries: 1_000, ttlMs: 60 * 60_000 });
  private readonly contacts: ContactSync;
  private replayed = false;

  constructor(private readonly ctx: SessionContext) {
    this.groupNames = new BoundedCache<string>({ maxEntries: 500, ttlMs: ctx.policy.groupNameTtlMs });
    this.contacts = new ContactSync(ctx.contacts, ctx.logger);
  }

  /** Opens the socket; statuses follow through `onStatus`. Throws if the socket cannot be made. */
  open() {
    if (this.ended) return;
    const socket = this.ctx.createSocket(
      this.ctx.socketConfig({ auth: this.ctx.auth, msgRetryCounterCache: this.msgRetryCounterCache }),
    );
    this.socket = socket;
    this.detachListeners = this.listen(socket);
    if (!this.replayed) {
      this.replayed = true;
      // What a previous process (or session) took from WhatsApp and did not store: intake is
      // idempotent, so a message that was in fact stored is not stored twice.
      for (const message of this.ctx.journal?.pending() ?? []) this.enqueue(() => this.receive(socket, message));
    }
  }

  private listen(socket: BaileysSocket) {
    const attached: [keyof BaileysEventMap, (payload: never) => void][] = [];
    const on = <E extends keyof BaileysEventMap>(event: E, listener: (payload: BaileysEventMap[E]) => void) => {
      socket.ev.on(event, listener);
      attached.push([event, listener as (payload: never) => void]);
    };
    on('connection.update', (update) => this.handleConnectionUpdate(socket, update));
    on('creds.update', (update) => {
      // The real socket already merged it; a fake one may not. Assigning again is harmless.
      Object.assign(this.ctx.auth.state.creds, update);
      this.ctx.auth.saveCreds().catch((error) => this.ctx.logger.error({ err: error }, 'saving creds failed'));
    });
    on('messages.upsert', ({ messages }) => {
      // Baileys has already sent WhatsApp the receipt: journal first, synchronously, before this
      // listener returns (docs/baileys.md, "Acknowledged means stored").
      this.ctx.journal?.append(messages);
      // Both `notify` (live) and `append` (sent from the phone, caught up after a reconnect).
      for (const message of messages) this.enqueue(() => this.receive(socket, message));
    });
    on('messages.update', (updates) => {
      for (const entry of updates) {
        const ack = isOwnMessage(entry.key) ? statusToAck(entry.update.status) : null;
        if (ack) this.enqueue(() => this.ctx.events.onAck(entry.key.id!, ack));
        const change = toInboundMessageUpdate(entry);
        if (change) this.enqueue(() => this.ctx.events.onMessageUpdate(change));
      }
    });
    on('message-receipt.update', (receipts) => {
      for (const { key, receipt } of receipts) {
        const ack = isOwnMessage(key) ? receiptToAck(receipt) : null;
        if (ack) this.enqueue(() => this.ctx.events.onAck(key.id!, ack));
      }
    });
    on('call', (calls) => {
      for (const raw of calls) {
        const call = toInboundCall(raw);
        if (!call) continue;
        const decline = socket.rejectCall ? () => socket.rejectCall!(raw.id, raw.from) : undefined;
        this.enqueue(() => this.ctx.events.onCall({ ...call, decline }));
      }
    });
    on('groups.update', (groups) => {
      for (const group of groups) if (group.id && group.subject) this.groupNames.set(group.id, group.subject);
    });
    // The contacts WhatsApp syncs to the device, kept for `POST /contacts/import`.
    on('contacts.upsert', (contacts) => this.contacts.take(socket, 'store', contacts));
    on('messaging-history.set', ({ contacts, lidPnMappings }) =>
      this.contacts.take(socket, 'store', contacts, lidPnMappings),
    );
    on('contacts.update', (changes) => this.contacts.take(socket, 'update', changes));
    return () => {
      for (const [event, listener] of attached) socket.ev.off(event, listener as never);
    };
  }

  private handleConnectionUpdate(socket: BaileysSocket, update: Partial<BaileysEventMap['connection.update']>) {
    if (socket !== this.socket || this.ended) return;
    if (update.qr) {
      this.qrShown = true;
      this.report({ status: 'qrcode', qrcode: update.qr });
    }
    if (update.connection === 'open') {
      const me = socket.user?.id ?? this.ctx.auth.state.creds.me?.id;
      this.report({ status: 'CONNECTED', qrcode: '', ...(me ? { number: jidUser(me) } : {}) });
    }
    if (update.connection === 'close') this.handleClose(socket, update.lastDisconnect?.error);
  }

  private handleClose(socket: BaileysSocket, error: unknown) {
    this.detach(socket);
    const code = closeCode(error);
    this.ctx.logger.warn({ code, reason: (error as Error | undefined)?.message }, 'connection closed');

    if (code === DisconnectReason.restartRequired) {
      if (this.qrShown) this.report({ status: 'PAIRING', qrcode: '' });
      try {
        this.open();
        return;
      } catch (reopenError) {
        this.ctx.logger.error({ err: reopenError }, 'could not reopen after pairing');
      }
    }
    this.ended = true;
    if (code !== undefined && PAIRING_GONE.has(code)) {
      this.enqueue(() => this.ctx.auth.clear());
      this.enqueue(() => this.contacts.clear());
      this.report({ status: 'DISCONNECTED', qrcode: '' });
      return;
    }
    if (code === DisconnectReason.connectionReplaced) {
      // Another client opened this pairing (another node, a second start): fighting back would
      // make both drop in a loop. The pairing is kept; starting the connection takes it back.
      this.report({ status: 'DISCONNECTED', qrcode: '' });
      return;
    }
    this.report({ status: 'TIMEOUT', qrcode: '' });
  }

  private detach(socket: BaileysSocket) {
    if (socket !== this.socket) return;
    this.detachListeners?.();
    this.detachListeners = null;
    this.socket = null;
  }

  private report(change: { status: ConnectionStatus; qrcode?: string; number?: string }) {
    const signature = JSON.stringify(change);
    if (signature === this.lastReported) return;
    this.lastReported = signature;
    this.status = change.status;
    this.enqueue(() => this.ctx.events.onStatus(change));
  }

  private enqueue(task: () => Promise<void>) {
    this.outbox = this.outbox.then(task).catch((error) => {
      this.ctx.logger.error({ err: error }, 'session event handler failed');
    });
  }

  /** Hands a journaled message to intake; done in the journal once stored or kept. */
  private async receive(socket: BaileysSocket, raw: WAMessage) {
    await this.ctx.faults?.afterJournal?.(raw);
    await this.deliverMessage(socket, raw);
    if (raw.key?.id) this.ctx.journal?.done(raw.key.id);
  }

  private async deliverMessage(socket: BaileysSocket, raw: WAMessage) {
    const message = await this.withPhoneNumbers(socket, raw);
    const inbound = toInboundMessage(message, { now: this.ctx.policy.now() });
    if (!inbound) {
      // A reaction is a change to the message it names, never a message of its own.
      const reaction = toInboundReaction(message);
      const isOurEcho = reaction?.fromMe && this.ownChanges.get(message.key.id ?? '') !== undefined;
      if (reaction && !isOurEcho) await this.ctx.events.onMessageUpdate(reaction);
      return;
    }
    inbound.raw = raw;
    if (inbound.isGroup && message.key.remoteJid) {
      const name = await this.groupName(socket, message.key.remoteJid);
      if (name) inbound.groupName = name;
    }
    const media = await this.download(socket, message);
    if (media) inbound.media = media;
    await this.ctx.events.onMessage(inbound);
  }

  /** Fills the phone-number form of LID addresses from Baileys' mapping, when it knows it. */
  private async withPhoneNumbers(socket: BaileysSocket, message: WAMessage): Promise<WAMessage> {
    const lids = socket.signalRepository?.lidMapping;
    if (!lids) return message;
    const key: WAMessageKey = { ...message.key };
    const lookup = (lid: string) => lids.getPNForLID(lid).catch(() => null);
    if (key.remoteJid && isLidUser(key.remoteJid) && !key.remoteJidAlt) {
      key.remoteJidAlt = (await lookup(key.remoteJid)) ?? undefined;
    }
    if (key.participant && isLidUser(key.participant) && !key.participantAlt) {
      key.participantAlt = (await lookup(key.participant)) ?? undefined;
    }
    return { ...message, key };
  }

  private async download(socket: BaileysSocket, message: WAMessage): Promise<InboundMedia | undefined> {
    const wanted = mediaToDownload(message);
    if (!wanted) return undefined;
    if (wanted.size && wanted.size > this.ctx.policy.maxMediaBytes) {
      this.ctx.logger.warn({ id: message.key.id, size: wanted.size }, 'media too large, delivered without its file');
      return undefined;
    }
    try {
      const data = await this.ctx.downloadMedia(message, socket, this.ctx.logger);
      const media: InboundMedia = { data, mimetype: wanted.mimetype };
      if (wanted.filename) media.filename = wanted.filename;
      return media;
    } catch (error) {
      this.ctx.logger.warn({ err: error, id: message.key.id }, 'media download failed, delivered without its file');
      return undefined;
    }
  }

  private async groupName(socket: BaileysSocket, jid: string) {
    const cached = this.groupNames.get(jid);
    if (cached !== undefined) return cached;
    try {
      const subject = (await socket.groupMetadata(jid)).subject ?? '';
      this.groupNames.set(jid, subject);
      return subject;
    } catch (error) {
      this.ctx.logger.warn({ err: error, jid }, 'group metadata failed');
      return undefined;
    }
  }

  private connectedSocket() {
    if (!this.socket || this.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return this.socket;
  }

  async send(message: OutboundMessage) {
    const socket = this.connectedSocket();
    const { jid, content, options } = toOutboundPayload(message);
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(jid, content, options);
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: (error as Error).message } });
    }
    const externalId = sent?.key.id;
    if (!externalId) throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: 'no message id' } });
    return { externalId };
  }

  async deleteForEveryone(target: MessageTarget) {
    const socket = this.connectedSocket();
    const key = toMessageKey(target);
    try {
      await socket.sendMessage(key.remoteJid!, { delete: key });
    } catch (error) {
      throw new AppError('ERR_DELETE_WAPP_MSG', { details: { reason: (error as Error).message } });
    }
  }

  async editMessage(target: MessageTarget, body: string) {
    const socket = this.connectedSocket();
    const { jid, content } = toEditPayload(target, body);
    try {
      this.rememberOwn(await socket.sendMessage(jid, content));
    } catch (error) {
      throw new AppError('ERR_EDIT_WAPP_MSG', { details: { reason: (error as Error).message } });
    }
  }

  async react(target: MessageTarget, emoji: string) {
    const socket = this.connectedSocket();
    const { jid, content } = toReactionPayload(target, emoji);
    try {
      this.rememberOwn(await socket.sendMessage(jid, content));
    } catch (error) {
      throw new AppError('ERR_REACT_WAPP_MSG', { details: { reason: (error as Error).message } });
    }
  }

  private rememberOwn(sent: WAMessage | undefined) {
    if (sent?.key.id) this.ownChanges.set(sent.key.id, true);
  }

  async markRead(target: { chatId: string; isGroup: boolean; externalIds: string[] }) {
    if (target.externalIds.length === 0) return;
    const socket = this.connectedSocket();
    const remoteJid = toJid(target.chatId, target.isGroup);
    const keys = target.externalIds.map((id) => ({ remoteJid, id, fromMe: false }));
    try {
      await socket.readMessages(keys);
    } catch (error) {
      // Read receipts are a courtesy: a failure must not fail opening the conversation.
      this.ctx.logger.warn({ err: error }, 'read receipts failed');
    }
  }

  async isOnWhatsApp(number: string) {
    const socket = this.socket;
    if (!socket) throw new Error('the session is not connected');
    const [found] = (await socket.onWhatsApp(number.replace(/\D/g, ''))) ?? [];
    return Boolean(found?.exists);
  }

  async fetchProfilePicture(chatId: string, isGroup: boolean) {
    const socket = this.socket;
    if (!socket) return null;
    try {
      return (await socket.profilePictureUrl(toJid(chatId, isGroup), 'image')) ?? null;
    } catch {
      // No picture, hidden by privacy settings, or not on WhatsApp: all answer "none".
      return null;
    }
  }

  /** The contacts WhatsApp synced to the device so far (docs/baileys.md, "Synced contacts"). */
  listContacts() {
    return this.contacts.list();
  }

  /**
   * Ends the socket without logging out. Waits until what was already taken from WhatsApp has
   * been handed over (so do not await it from inside an event handler of this session).
   */
  async stop() {
    this.ended = true;
    const socket = this.socket;
    if (socket) {
      this.detach(socket);
      socket.end(undefined);
    }
    await this.outbox;
    await this.contacts.settled();
  }

  async logout() {
    this.ended = true;
    const socket = this.socket;
    if (socket) {
      this.detach(socket);
      try {
        await socket.logout();
      } catch (error) {
        this.ctx.logger.warn({ err: error }, 'logout request failed; forgetting the pairing anyway');
      }
      socket.end(undefined);
    }
    await this.outbox;
    await this.ctx.auth.clear();
    await this.contacts.clear();
  }
}
