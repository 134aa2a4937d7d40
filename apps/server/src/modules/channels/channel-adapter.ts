/**
 * The one interface every WhatsApp provider implements. Nothing outside
 * `modules/channels/providers/<provider>/` imports a WhatsApp library: providers normalise the
 * outside world into these types, and the rest of the product only speaks them.
 */

/** spec: connection statuses, stored and shown as they are. */
export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'TIMEOUT' | 'DISCONNECTED';

/** spec: message media types. */
export type MediaType =
  | 'image'
  | 'audio'
  | 'video'
  | 'application'
  | 'locationMessage'
  | 'vcard'
  | 'contactMessage'
  | 'call_log';

export interface InboundMedia {
  data: Buffer;
  mimetype: string;
  filename?: string;
}

/** A message as WhatsApp delivered it, already normalised. */
export interface InboundMessage {
  /** The provider's message id: intake stores each (connection, externalId) once. */
  externalId: string;
  /** The customer's number in digits (people) or the group's id (groups). */
  chatId: string;
  isGroup: boolean;
  groupName?: string;
  /** In groups, the member who wrote it (digits) and their push name. */
  participant?: string;
  participantName?: string;
  /** The sender's push name (people). */
  pushName?: string;
  /** Sent by the company's own phone (another device or the phone itself). */
  fromMe: boolean;
  body: string;
  mediaType?: MediaType;
  media?: InboundMedia;
  /** The provider id of the message this one replies to. */
  quotedExternalId?: string;
  timestamp: Date;
  /** The provider's own payload, as received: what a dead letter keeps if this is never stored. */
  raw?: unknown;
}

/**
 * A change to a message that already exists. Providers may deliver one more than once: intake
 * applies each once (an edit to the text it already has, a second delete, the same reaction
 * again change nothing and announce nothing).
 */
export type InboundMessageUpdate =
  | { kind: 'edit'; externalId: string; body: string }
  | { kind: 'delete'; externalId: string }
  /**
   * A reaction to the message `externalId` by the customer, a group member (`participant`) or the
   * company's own phone (`fromMe`); an empty `emoji` removes it. Never a message of its own: it
   * opens no ticket and is no reply.
   */
  | { kind: 'reaction'; externalId: string; emoji: string; fromMe: boolean; participant?: string }
  /** WhatsApp gave up delivering one of ours after accepting it; `reason` is an error code the app translates. */
  | { kind: 'failed'; externalId: string; reason: DeliveryFailureReason };

/** Why WhatsApp gave up on a message it had accepted (error codes of the catalogue). */
export type DeliveryFailureReason =
  | 'ERR_CLOUD_UNDELIVERABLE'
  | 'ERR_OUTSIDE_SERVICE_WINDOW'
  | 'ERR_CLOUD_TOKEN_REJECTED'
  | 'ERR_CLOUD_REJECTED';

/**
 * A send the provider refused for good (an undeliverable number, a closed service window): the
 * message fails at once with this reason instead of being retried.
 */
export class PermanentSendError extends Error {
  constructor(
    readonly reason: DeliveryFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A send the provider turned away for now by its rate limits (Meta's throughput and per-customer
 * pair rate): the message is retried with backoff until it is accepted and never failed for it;
 * only the bound every unsent message has (`waitForConnectionSeconds`) ends the wait.
 */
export class RateLimitedSendError extends Error {}

/**
 * WhatsApp's customer service window (Cloud API): a free-form message may go only within 24 hours
 * of the customer's last message; outside it, only an approved template.
 */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface OutboundMedia {
  /** Absolute path of the stored file. */
  path: string;
  mimetype: string;
  filename: string;
  /** Audio sent as a push-to-talk voice note (ogg/opus). */
  asVoiceNote?: boolean;
}

/**
 * A message with structure some providers can send as such; the others send `body`, the same
 * content as text. Stored with the message, so a retry sends the same thing.
 */
export type StructuredContent =
  /** A Cloud API template (the only send outside the customer service window). */
  | { kind: 'template'; template: OutboundTemplate }
  /**
   * An option menu as reply buttons (up to 3) or a list (up to 10). The customer's choice comes
   * back as an inbound message whose body is the option's `id`, as if the customer had typed it.
   */
  | { kind: 'menu'; menu: OutboundMenu };

export interface OutboundTemplate {
  name: string;
  /** Meta's language code (`pt_BR`). */
  language: string;
  /** The values of the header's text placeholders and of the body's, in order, already filled. */
  headerParameters: TemplateParameter[];
  bodyParameters: TemplateParameter[];
}

/** One placeholder's value; `name` for a template with named placeholders (`{{order_id}}`). */
export interface TemplateParameter {
  text: string;
  name?: string;
}

/** The most options an `OutboundMenu` shows as reply buttons, and as a list. */
export const MENU_MAX_BUTTONS = 3;
export const MENU_MAX_OPTIONS = 10;

export interface OutboundMenu {
  style: 'buttons' | 'list';
  /** The text above the options (the menu's greeting or question). */
  text: string;
  /** The list's button label (lists only). */
  buttonLabel?: string;
  options: { id: string; title: string; description?: string }[];
}

export interface OutboundMessage {
  /** Digits of the customer's number, or the group id. */
  chatId: string;
  isGroup: boolean;
  /** The text; with `structured`, what the customer sees of it as plain text. */
  body: string;
  structured?: StructuredContent;
  media?: OutboundMedia;
  quotedExternalId?: string;
  /** Needed by providers to quote a message: whether the quoted one was ours. */
  quotedFromMe?: boolean;
}

/** A voice or video call offered to the connection's phone. */
export interface InboundCall {
  /** The provider's call id: one call is handled once however many events announce it. */
  callId: string;
  /** The caller's number in digits. */
  from: string;
  name?: string;
  isVideo: boolean;
  isGroup: boolean;
  timestamp: Date;
  /** Declines the call, where the provider can (left out where it cannot). */
  decline?: () => Promise<void>;
}

/** 1 sent, 2 delivered, 3 read, 4 and 5 played. */
export type Ack = 1 | 2 | 3 | 4 | 5;

/**
 * What a live session tells the session manager. Handlers never throw back into the provider,
 * except `onMessage`: it resolves once the message is stored (or was already, or is kept as a
 * dead letter) and rejects when it is not, so that the provider does not acknowledge it.
 */
export interface ChannelSessionEvents {
  /** `detail` says why a connection is DISCONNECTED, in the provider's words (Meta's error). */
  onStatus(change: { status: ConnectionStatus; qrcode?: string; number?: string; detail?: string }): Promise<void>;
  onMessage(message: InboundMessage): Promise<void>;
  onMessageUpdate(update: InboundMessageUpdate): Promise<void>;
  onAck(externalId: string, ack: Ack): Promise<void>;
  onCall(call: InboundCall): Promise<void>;
}

/** A message of a chat, as providers address it for edits, deletes and reactions. */
export interface MessageTarget {
  chatId: string;
  isGroup: boolean;
  externalId: string;
  /** Whether the target is the company's own message (WhatsApp keys carry it). */
  fromMe: boolean;
  /** In groups, who wrote a message that is not ours (digits). */
  participant?: string;
}

/**
 * A running session of one connection. Edits, deletes for everyone and reactions are optional
 * capabilities: a provider that cannot do one leaves it out and the product says so (422).
 */
export interface ChannelSession {
  send(message: OutboundMessage): Promise<{ externalId: string }>;
  deleteForEveryone?(target: MessageTarget): Promise<void>;
  /** Replaces the text of one of the company's sent text messages (WhatsApp allows it for 15 minutes). */
  editMessage?(target: MessageTarget, body: string): Promise<void>;
  /** Sets the company's reaction to a message; an empty `emoji` removes it. */
  react?(target: MessageTarget, emoji: string): Promise<void>;
  /** Read receipts go to WhatsApp only when an attendant opens the conversation. */
  markRead(target: { chatId: string; isGroup: boolean; externalIds: string[] }): Promise<void>;
  /** The customer's profile picture URL, or null; callers cache it (at most once a day per contact). */
  fetchProfilePicture(chatId: string, isGroup: boolean): Promise<string | null>;
  /**
   * The phone's contacts, for providers that can read them (`POST /contacts/import`): the number
   * in international digits (country code first) and the best name the provider knows, or `''`.
   * The sandbox answers its fixed book; Baileys the contacts WhatsApp synced to the device.
   */
  listContacts?(): Promise<{ name: string; number: string }[]>;
  /**
   * Whether a number (digits) has WhatsApp (Baileys `onWhatsApp`; the sandbox answers by its rule,
   * docs/sandbox.md). Left out by providers that cannot tell.
   */
  isOnWhatsApp?(number: string): Promise<boolean>;
  /** Stops the session, keeping the pairing (server shutdown, move to another node). */
  stop(): Promise<void>;
  /** Logs the phone out: the pairing is forgotten and a new QR is needed. */
  logout(): Promise<void>;
}

/** What a provider can do to a message after sending it (docs/decisions/edits-deletes-reactions.md). */
export interface ChannelCapabilities {
  edit: boolean;
  deleteForEveryone: boolean;
  react: boolean;
}

/**
 * Each provider's capabilities, known without a live session (a session may be held by another
 * process). WhatsApp Web (Baileys) and the sandbox do all three; Meta's Cloud API sends reactions
 * but has no call to edit or delete a sent message.
 */
export const channelCapabilities: Record<ChannelAdapter['provider'], ChannelCapabilities> = {
  sandbox: { edit: true, deleteForEveryone: true, react: true },
  baileys: { edit: true, deleteForEveryone: true, react: true },
  cloudapi: { edit: false, deleteForEveryone: false, react: true },
};

export interface ChannelConnectionRef {
  id: number;
  companyId: number;
  name: string;
}

export interface ChannelAdapter {
  readonly provider: 'sandbox' | 'baileys' | 'cloudapi';
  start(connection: ChannelConnectionRef, events: ChannelSessionEvents): Promise<ChannelSession>;
}
