import type { Ack, InboundMessage, InboundMessageUpdate, MediaType } from '../../channel-adapter.ts';
import { menuOptionOf } from './interactive-menu.ts';

/**
 * What one webhook body carries, normalised. Meta's body is `{ object, entry: [{ changes: [{
 * field: 'messages', value: { metadata, contacts, messages, statuses } }] }] }`; a body may hold
 * several entries and changes, each for one phone number.
 */
export interface CloudWebhookChange {
  phoneNumberId: string;
  messages: CloudInboundMessage[];
  /** Changes to earlier messages: the customer's reactions, and deletes (numbers also on the Business app). */
  updates: InboundMessageUpdate[];
  statuses: CloudStatus[];
}

/** A message without its media yet: `media` names the Graph media id to download. */
export interface CloudInboundMessage {
  message: Omit<InboundMessage, 'media'>;
  media?: { id: string; mimeType: string; filename?: string };
}

export interface CloudStatus {
  externalId: string;
  /** Null for `failed`, which moves no ack. */
  ack: Ack | null;
  failure?: { code: number; title: string };
}

type Json = Record<string, unknown>;

const objectAt = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textAt = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Meta's status names as this app's acks (1 sent, 2 delivered, 3 read); `failed` has none. */
const acksByStatus: Record<string, Ack> = { sent: 1, delivered: 2, read: 3 };

/** Every `messages` change of a webhook body; other fields (account updates, templates) are skipped. */
export function readWebhookBody(body: unknown): CloudWebhookChange[] {
  const changes: CloudWebhookChange[] = [];
  for (const entry of listAt(objectAt(body).entry)) {
    for (const change of listAt(objectAt(entry).changes)) {
      const { field, value } = objectAt(change);
      if (field !== 'messages') continue;
      const content = objectAt(value);
      const phoneNumberId = textAt(objectAt(content.metadata).phone_number_id);
      if (!phoneNumberId) continue;
      const names = new Map(
        listAt(content.contacts).map((contact) => [
          textAt(objectAt(contact).wa_id),
          textAt(objectAt(objectAt(contact).profile).name),
        ]),
      );
      const items = listAt(content.messages).map(objectAt);
      changes.push({
        phoneNumberId,
        messages: items
          .map((message) => toInbound(message, names))
          .filter((message): message is CloudInboundMessage => message !== null),
        updates: items.map(toUpdate).filter((update): update is InboundMessageUpdate => update !== null),
        statuses: listAt(content.statuses)
          .map((status) => toStatus(objectAt(status)))
          .filter((status): status is CloudStatus => status !== null),
      });
    }
  }
  return changes;
}

function toStatus(status: Json): CloudStatus | null {
  const externalId = textAt(status.id);
  const name = textAt(status.status);
  if (!externalId) return null;
  if (name === 'failed') {
    const error = objectAt(listAt(status.errors)[0]);
    return {
      externalId,
      ack: null,
      failure: {
        code: typeof error.code === 'number' ? error.code : 0,
        title: textAt(objectAt(error.error_data).details) || textAt(error.title) || textAt(error.message),
      },
    };
  }
  const ack = acksByStatus[name];
  return ack ? { externalId, ack } : null;
}

/**
 * A message that changes an earlier one. `reaction`: the customer reacted to a message of the
 * chat; without an emoji (or with an empty one) they removed their reaction. `revoke`: the
 * customer deleted a message for everyone, which Meta reports only for numbers that also use the
 * WhatsApp Business app ("coexistence"). Meta sends no customer edits to the Cloud API.
 */
function toUpdate(message: Json): InboundMessageUpdate | null {
  const type = textAt(message.type);
  if (type === 'reaction') {
    const reaction = objectAt(message.reaction);
    const externalId = textAt(reaction.message_id);
    return externalId ? { kind: 'reaction', externalId, emoji: textAt(reaction.emoji), fromMe: false } : null;
  }
  if (type === 'revoke') {
    const externalId = textAt(objectAt(message.revoke).original_message_id);
    return externalId ? { kind: 'delete', externalId } : null;
  }
  return null;
}

/** Meta's media kinds as the app's media types (stickers are webp images). */
const mediaKinds: Record<string, MediaType> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  document: 'application',
};

function toInbound(message: Json, names: Map<string, string>): CloudInboundMessage | null {
  const externalId = textAt(message.id);
  const from = textAt(message.from);
  const type = textAt(message.type);
  if (!externalId || !from) return null;
  const seconds = Number(textAt(message.timestamp));
  const base = {
    externalId,
    chatId: from.replace(/\D/g, ''),
    isGroup: false,
    pushName: names.get(from) || undefined,
    fromMe: false,
    quotedExternalId: textAt(objectAt(message.context).id) || undefined,
    timestamp: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
    raw: message,
  };
  const content = objectAt(message[type]);

  const mediaType = mediaKinds[type];
  if (mediaType) {
    const id = textAt(content.id);
    if (!id) return null;
    return {
      message: { ...base, body: textAt(content.caption), mediaType },
      media: {
        id,
        mimeType: textAt(content.mime_type) || 'application/octet-stream',
        filename: textAt(content.filename) || undefined,
      },
    };
  }
  const mapped = bodyOf(type, content, message);
  return mapped ? { message: { ...base, ...mapped } } : null;
}

function bodyOf(type: string, content: Json, message: Json): { body: string; mediaType?: MediaType } | null {
  switch (type) {
    case 'text':
      return { body: textAt(content.body) };
    case 'location': {
      const description = [textAt(content.name), textAt(content.address)].filter(Boolean).join(' - ');
      // spec: a location body holds image, link and description separated by a pipe (no image here).
      return {
        body: `|https://maps.google.com/maps?q=${Number(content.latitude)},${Number(content.longitude)}|${description}`,
        mediaType: 'locationMessage',
      };
    }
    case 'contacts':
      return {
        body: listAt(message.contacts)
          .map((contact) => toVcard(objectAt(contact)))
          .join('\n'),
        mediaType: 'vcard',
      };
    case 'interactive': {
      // A reply button or a list row. An option of one of our menus arrives as the option's id (the
      // number the customer would type), so routing, flows and bots read it as a typed answer
      // (docs/decisions/menus-as-buttons.md); any other reply as the title the customer tapped.
      const reply = objectAt(content.button_reply ?? content.list_reply);
      return { body: menuOptionOf(textAt(reply.id)) ?? (textAt(reply.title) || textAt(reply.id)) };
    }
    case 'button':
      // A quick-reply button of a template.
      return { body: textAt(content.text) || textAt(content.payload) };
    default:
      // Reactions, system notices, orders and unsupported kinds are not conversation messages.
      return null;
  }
}

/** One shared contact as a vCard 3.0, as the thread shows vCards from QR connections. */
function toVcard(contact: Json): string {
  const name = textAt(objectAt(contact.name).formatted_name);
  const phones = listAt(contact.phones).map((phone) => {
    const { phone: number, wa_id: waId } = objectAt(phone);
    const digits = textAt(waId) || textAt(number).replace(/\D/g, '');
    return `TEL;type=CELL;waid=${digits}:${textAt(number) || `+${digits}`}`;
  });
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
}
