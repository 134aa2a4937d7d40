import { randomBytes } from 'node:crypto';
import type {
  SandboxCall,
  SandboxCallAnswer,
  SandboxEdit,
  SandboxInbound,
  SandboxReact,
  SandboxRevoke,
} from '@wacrm/shared';
import { AppError } from '../../../../platform/http/app-error.ts';
import type {
  Ack,
  ChannelAdapter,
  ChannelConnectionRef,
  ChannelSession,
  ChannelSessionEvents,
  InboundMessage,
  OutboundMessage,
} from '../../channel-adapter.ts';
import { mediaTypeOf } from '../../media-files.ts';
import type { SandboxOutboxRepository } from './sandbox-outbox.repository.ts';
import type { SandboxPairingRepository } from './sandbox-pairing.repository.ts';
import { SandboxReceipts } from './sandbox-receipts.ts';

interface LiveSandbox {
  connection: ChannelConnectionRef;
  events: ChannelSessionEvents;
  state: 'qrcode' | 'CONNECTED' | 'ended';
  number: string | null;
  qrTimer: NodeJS.Timeout | null;
}

/** The simulated phone's address book: a few customers to try `POST /contacts/import` with. */
/** docs/sandbox.md: a number ending in this is "not on WhatsApp" (e.g. 5511988899999). */
export const SANDBOX_NOT_ON_WHATSAPP_SUFFIX = '99999';

export const sandboxAddressBook: readonly { name: string; number: string }[] = [
  { name: 'Ana Souza', number: '5511990000001' },
  { name: 'Bruno Lima', number: '5511990000002' },
  { name: 'Carla Mendes', number: '5521990000003' },
];

const newId = (prefix: string) => `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;
const digits = (value: string) => value.replace(/\D/g, '');

/**
 * The built-in simulated phone. A session shows a QR (renewed every `qrRenewalMs`) until the
 * sandbox API "scans" it; the pairing is stored, so a restart connects without a QR. Customers
 * are played through the sandbox routes; what the company sends is read back from the stored
 * messages (the outbox), and the read receipts it sends are kept for the simulated phone.
 */
export class SandboxAdapter implements ChannelAdapter {
  readonly provider = 'sandbox' as const;
  private readonly live = new Map<number, LiveSandbox>();
  private readonly receipts = new SandboxReceipts();

  constructor(
    private readonly deps: {
      pairings: SandboxPairingRepository;
      outbox: SandboxOutboxRepository;
      qrRenewalMs?: number;
    },
  ) {}

  async start(connection: ChannelConnectionRef, events: ChannelSessionEvents): Promise<ChannelSession> {
    this.end(connection.id);
    const pairing = await this.deps.pairings.find(connection.id);
    const live: LiveSandbox = {
      connection,
      events,
      state: pairing ? 'CONNECTED' : 'qrcode',
      number: pairing?.number ?? null,
      qrTimer: null,
    };
    this.live.set(connection.id, live);
    // Status events go out after start() has answered, as a phone's would.
    setImmediate(() => {
      if (this.live.get(connection.id) !== live) return;
      if (live.state === 'CONNECTED') void events.onStatus({ status: 'CONNECTED', number: live.number ?? undefined });
      else this.showQr(live);
    });
    return this.sessionFor(live);
  }

  private showQr(live: LiveSandbox) {
    void live.events.onStatus({ status: 'qrcode', qrcode: `sandbox:${live.connection.id}:${newId('')}` });
    live.qrTimer = setTimeout(() => {
      if (this.live.get(live.connection.id) === live && live.state === 'qrcode') this.showQr(live);
    }, this.deps.qrRenewalMs ?? 45_000);
    live.qrTimer.unref();
  }

  private end(whatsappId: number) {
    const live = this.live.get(whatsappId);
    if (!live) return;
    if (live.qrTimer) clearTimeout(live.qrTimer);
    live.state = 'ended';
    this.live.delete(whatsappId);
  }

  private connected(whatsappId: number) {
    const live = this.live.get(whatsappId);
    if (live?.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return live;
  }

  private sessionFor(live: LiveSandbox): ChannelSession {
    const whatsappId = live.connection.id;
    const isCurrent = () => this.live.get(whatsappId) === live;
    return {
      // The phone "receives" it: the stored message, once marked sent with this id, is the outbox entry.
      send: async (_message: OutboundMessage) => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        return { externalId: newId('SB') };
      },
      // The stored message is marked deleted by the caller; the outbox reads that flag. Edits and
      // reactions likewise: the phone shows the stored text (`edited`) and reactions (`reactions`).
      deleteForEveryone: async () => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      },
      editMessage: async () => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      },
      react: async () => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      },
      markRead: async (target) => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        const time = new Date().toISOString();
        for (const id of target.externalIds) this.receipts.add(whatsappId, { id, chatId: target.chatId, time });
      },
      fetchProfilePicture: async () => null,
      // docs/sandbox.md: every number is on WhatsApp except those ending in 99999.
      isOnWhatsApp: async (number: string) => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
        return !number.replace(/\D/g, '').endsWith(SANDBOX_NOT_ON_WHATSAPP_SUFFIX);
      },
      listContacts: async () => {
        if (!isCurrent() || live.state !== 'CONNECTED') throw new Error('sandbox session is not connected');
        return sandboxAddressBook.map((entry) => ({ ...entry }));
      },
      stop: async () => {
        if (isCurrent()) this.end(whatsappId);
      },
      logout: async () => {
        if (isCurrent()) this.end(whatsappId);
        await this.deps.pairings.remove(whatsappId);
      },
    };
  }

  // ---- The simulated phone and customers (sandbox routes) ----

  /** Pairs a connection that shows a QR code. */
  async scan(whatsappId: number) {
    const live = this.live.get(whatsappId);
    if (live?.state !== 'qrcode') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    if (live.qrTimer) clearTimeout(live.qrTimer);
    const number = `55${String(99_000_000_000 + whatsappId).slice(-11)}`;
    await this.deps.pairings.save(whatsappId, { number, pairedAt: new Date().toISOString() });
    live.state = 'CONNECTED';
    live.number = number;
    await live.events.onStatus({ status: 'CONNECTED', number });
  }

  /** The phone logs out: the pairing is forgotten and the session ends. */
  async phoneLogout(whatsappId: number) {
    await this.deps.pairings.remove(whatsappId);
    const live = this.live.get(whatsappId);
    if (!live) return;
    this.end(whatsappId);
    await live.events.onStatus({ status: 'DISCONNECTED' });
  }

  /** A customer (or the company's own phone, `fromMe`) writes; answers the message id. */
  async deliver(whatsappId: number, input: SandboxInbound) {
    const live = this.connected(whatsappId);
    const externalId = input.id ?? newId('SBIN');
    const media = input.media
      ? {
          data: Buffer.from(input.media.base64, 'base64'),
          mimetype: input.media.mimetype,
          filename: input.media.filename,
        }
      : undefined;
    const isGroup = Boolean(input.groupId);
    const message: InboundMessage = {
      externalId,
      chatId: isGroup ? input.groupId!.replace(/[^\w@.-]/g, '') : digits(input.from),
      isGroup,
      groupName: input.groupName,
      participant: isGroup ? digits(input.from) : undefined,
      participantName: isGroup ? input.name : undefined,
      pushName: isGroup ? undefined : input.name,
      fromMe: input.fromMe ?? false,
      body: input.body ?? '',
      mediaType: media ? mediaTypeOf(media.mimetype) : undefined,
      media,
      quotedExternalId: input.quotedId,
      timestamp: new Date(),
      raw: input,
    };
    await live.events.onMessage(message);
    return { id: externalId };
  }

  /**
   * The message a simulated customer acts on: one of their chat (`from`, or `groupId`), and for
   * an edit or a delete one they wrote themselves (WhatsApp lets nobody else). Else not found.
   */
  private async customerTarget(
    companyId: number,
    whatsappId: number,
    input: { from: string; id: string; groupId?: string },
    mustBeTheirs: boolean,
  ) {
    const found = await this.deps.outbox.chatMessage(companyId, whatsappId, input.id);
    const chatId = input.groupId ? input.groupId.replace(/[^\w@.-]/g, '') : digits(input.from);
    const isTheirs = found && !found.fromMe && (!found.isGroup || found.participant === digits(input.from));
    if (!found || found.chatId !== chatId || (mustBeTheirs && !isTheirs)) throw new AppError('ERR_NOT_FOUND');
    return found;
  }

  /** The customer edits a message they sent (WhatsApp's "Edit"). */
  async customerEdit(companyId: number, whatsappId: number, input: SandboxEdit) {
    const live = this.connected(whatsappId);
    await this.customerTarget(companyId, whatsappId, input, true);
    await live.events.onMessageUpdate({ kind: 'edit', externalId: input.id, body: input.body });
    return { id: input.id };
  }

  /** The customer deletes a message they sent, for everyone. */
  async customerRevoke(companyId: number, whatsappId: number, input: SandboxRevoke) {
    const live = this.connected(whatsappId);
    await this.customerTarget(companyId, whatsappId, input, true);
    await live.events.onMessageUpdate({ kind: 'delete', externalId: input.id });
    return { id: input.id };
  }

  /** The customer reacts to a message of their chat; an empty emoji removes the reaction. */
  async customerReact(companyId: number, whatsappId: number, input: SandboxReact) {
    const live = this.connected(whatsappId);
    const target = await this.customerTarget(companyId, whatsappId, input, false);
    await live.events.onMessageUpdate({
      kind: 'reaction',
      externalId: input.id,
      emoji: input.emoji,
      fromMe: false,
      ...(target.isGroup ? { participant: digits(input.from) } : {}),
    });
    return { id: input.id };
  }

  /** The company's reactions, as the simulated phone shows them. */
  reactions(companyId: number, whatsappId: number, filter: { to?: string }) {
    return this.deps.outbox.reactions(companyId, whatsappId, filter);
  }

  /** A customer calls; answers whether the product declined it. */
  async call(whatsappId: number, input: SandboxCall): Promise<SandboxCallAnswer> {
    const live = this.connected(whatsappId);
    const id = newId('CALL');
    let status: SandboxCallAnswer['status'] = 'ringing';
    await live.events.onCall({
      callId: id,
      from: digits(input.from),
      name: input.name,
      isVideo: input.video ?? false,
      isGroup: false,
      timestamp: new Date(),
      decline: async () => {
        status = 'declined';
      },
    });
    return { id, status };
  }

  /** Delivery and read receipts of what the company sent (the stored message takes the ack). */
  async ack(companyId: number, whatsappId: number, id: string, ack: Ack) {
    const live = this.connected(whatsappId);
    if (!(await this.deps.outbox.isSent(companyId, whatsappId, id))) throw new AppError('ERR_NOT_FOUND');
    await live.events.onAck(id, ack);
  }

  outbox(companyId: number, whatsappId: number, filter: { to?: string; after?: number }) {
    return this.deps.outbox.list(companyId, whatsappId, filter);
  }

  /** Who has a ticket on the connection (the sandbox page lists them in every browser). */
  customers(companyId: number, whatsappId: number) {
    return this.deps.outbox.customers(companyId, whatsappId);
  }

  /** Read receipts the company sent for customers' messages. */
  readReceipts(whatsappId: number, filter: { after?: number }) {
    return this.receipts.list(whatsappId, filter);
  }

  /** The connection is gone for good. */
  forget(whatsappId: number) {
    this.end(whatsappId);
    this.receipts.forget(whatsappId);
  }
}
