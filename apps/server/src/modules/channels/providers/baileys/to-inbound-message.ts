import {
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
  normalizeMessageContent,
  proto,
  toNumber,
  type WACallEvent,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
} from 'baileys';
import type { Ack, InboundCall, InboundMessage, InboundMessageUpdate, MediaType } from '../../channel-adapter.ts';

/**
 * Pure converters from Baileys' shapes to ours. No I/O: media is downloaded by a separate step
 * (see `mediaToDownload`), group names are filled in by the adapter.
 */

type Content = proto.IMessage;
type ContentKey = keyof proto.IMessage;

/** The user part of a jid, without device or agent: `5511999990000:12@s.whatsapp.net` → `5511999990000`. */
export function jidUser(jid: string) {
  return jidDecode(jid)?.user ?? jid.split('@')[0].split(':')[0];
}

/**
 * WhatsApp increasingly addresses people by LID (`…@lid`), an id that is not their number.
 * Baileys 7 puts the phone-number form beside it (`remoteJidAlt` / `participantAlt`) when it
 * knows it; the adapter fills it from the LID mapping store before calling us when it can.
 */
function preferPhoneJid(jid: string, alt: string | null | undefined) {
  if (isLidUser(jid) && alt && isPnUser(alt)) return alt;
  return jid;
}

/** Chats we never turn into tickets. */
export function isIgnoredChat(jid: string | null | undefined) {
  return !jid || isJidBroadcast(jid) || isJidNewsletter(jid) || jid.endsWith('@call') || jid.endsWith('@bot');
}

function timestampOf(value: WAMessage['messageTimestamp'], now: Date) {
  const seconds = toNumber(value as number);
  return seconds > 0 ? new Date(seconds * 1000) : now;
}

function googleMapsLink(latitude: number, longitude: number) {
  return `https://maps.google.com/maps?q=${latitude},${longitude}`;
}

/** spec: a location body holds image, link and optional description separated by a pipe. */
function locationBody(location: proto.Message.ILocationMessage | proto.Message.ILiveLocationMessage) {
  const latitude = location.degreesLatitude ?? 0;
  const longitude = location.degreesLongitude ?? 0;
  const thumbnail = location.jpegThumbnail?.length
    ? `data:image/jpeg;base64,${Buffer.from(location.jpegThumbnail).toString('base64')}`
    : '';
  const description =
    'name' in location
      ? [location.name, location.address].filter(Boolean).join(' - ')
      : ((location as proto.Message.ILiveLocationMessage).caption ?? '');
  return `${thumbnail}|${googleMapsLink(latitude, longitude)}|${description}`;
}

interface Mapped {
  body: string;
  mediaType?: MediaType;
}

/** Body and media type of one content kind, or null for kinds we ignore. */
function mapContent(content: Content, type: ContentKey): Mapped | null {
  switch (type) {
    case 'conversation':
      return { body: content.conversation ?? '' };
    case 'extendedTextMessage':
      return { body: content.extendedTextMessage?.text ?? '' };
    case 'imageMessage':
      return { body: content.imageMessage?.caption ?? '', mediaType: 'image' };
    case 'stickerMessage':
      return { body: '', mediaType: 'image' };
    case 'videoMessage':
      return { body: content.videoMessage?.caption ?? '', mediaType: 'video' };
    case 'ptvMessage':
      return { body: '', mediaType: 'video' };
    case 'audioMessage':
      return { body: '', mediaType: 'audio' };
    case 'documentMessage':
      return {
        body: content.documentMessage?.caption || content.documentMessage?.fileName || '',
        mediaType: 'application',
      };
    case 'locationMessage':
      return { body: locationBody(content.locationMessage ?? {}), mediaType: 'locationMessage' };
    case 'liveLocationMessage':
      return { body: locationBody(content.liveLocationMessage ?? {}), mediaType: 'locationMessage' };
    // One rule for contacts: the body is vCard text (several cards follow one another).
    case 'contactMessage':
      return { body: content.contactMessage?.vcard ?? '', mediaType: 'vcard' };
    case 'contactsArrayMessage':
      return {
        body: (content.contactsArrayMessage?.contacts ?? [])
          .map((contact) => contact.vcard ?? '')
          .filter(Boolean)
          .join('\n'),
        mediaType: 'vcard',
      };
    // Answers to buttons and lists: the text the customer picked, so chatbots can match it.
    case 'buttonsResponseMessage':
      return { body: content.buttonsResponseMessage?.selectedDisplayText ?? '' };
    case 'templateButtonReplyMessage':
      return { body: content.templateButtonReplyMessage?.selectedDisplayText ?? '' };
    case 'listResponseMessage':
      return { body: content.listResponseMessage?.title ?? '' };
    default:
      // protocol messages (edits and revokes arrive as updates), reactions, polls, calls, …
      return null;
  }
}

function contextInfoOf(content: Content, type: ContentKey): proto.IContextInfo | undefined {
  const inner = content[type];
  if (inner && typeof inner === 'object' && 'contextInfo' in inner) {
    return (inner as { contextInfo?: proto.IContextInfo | null }).contextInfo ?? undefined;
  }
  return undefined;
}

/** Normalised content and its kind (unwrapping ephemeral, view-once, document-with-caption…). */
export function contentOf(message: WAMessage['message']) {
  const content = normalizeMessageContent(message);
  const type = content ? getContentType(content) : undefined;
  return content && type ? { content, type } : null;
}

/** Converts one delivered message, or answers null for what the product does not keep. */
export function toInboundMessage(message: WAMessage, options: { now: Date }): InboundMessage | null {
  const { key } = message;
  const remoteJid = key.remoteJid;
  if (!key.id || !remoteJid || isIgnoredChat(remoteJid)) return null;
  const found = contentOf(message.message);
  if (!found) return null;
  const mapped = mapContent(found.content, found.type);
  if (!mapped) return null;

  const isGroup = Boolean(isJidGroup(remoteJid));
  const fromMe = Boolean(key.fromMe);
  const pushName = message.pushName || undefined;
  const inbound: InboundMessage = {
    externalId: key.id,
    chatId: jidUser(isGroup ? remoteJid : preferPhoneJid(remoteJid, key.remoteJidAlt)),
    isGroup,
    fromMe,
    body: mapped.body,
    timestamp: timestampOf(message.messageTimestamp, options.now),
  };
  if (mapped.mediaType) inbound.mediaType = mapped.mediaType;
  if (isGroup) {
    const participant = key.participant || message.participant;
    if (participant) inbound.participant = jidUser(preferPhoneJid(participant, key.participantAlt));
    if (!fromMe && pushName) inbound.participantName = pushName;
  } else if (!fromMe && pushName) {
    // On our own messages the push name is the company's phone, not the customer.
    inbound.pushName = pushName;
  }
  const quotedId = contextInfoOf(found.content, found.type)?.stanzaId;
  if (quotedId) inbound.quotedExternalId = quotedId;
  return inbound;
}

/** Kinds that carry a file, with the type to assume when WhatsApp leaves it out. */
const MEDIA_FALLBACK_MIMETYPES: Record<string, string> = {
  imageMessage: 'image/jpeg',
  stickerMessage: 'image/webp',
  videoMessage: 'video/mp4',
  ptvMessage: 'video/mp4',
  audioMessage: 'audio/ogg; codecs=opus',
  documentMessage: 'application/octet-stream',
};

/** What the download step must fetch for a message, or null when it carries no file. */
export function mediaToDownload(message: WAMessage): { mimetype: string; filename?: string; size?: number } | null {
  const found = contentOf(message.message);
  if (!found) return null;
  const { content, type } = found;
  const fallback = MEDIA_FALLBACK_MIMETYPES[type as string];
  if (!fallback) return null;
  const media = content[type] as proto.Message.IImageMessage | proto.Message.IDocumentMessage | null | undefined;
  if (!media) return null;
  const result: { mimetype: string; filename?: string; size?: number } = {
    mimetype: media.mimetype || fallback,
  };
  const filename = content.documentMessage?.fileName;
  if (type === 'documentMessage' && filename) result.filename = filename;
  const size = toNumber(media.fileLength as number);
  if (size > 0) result.size = size;
  return result;
}

function textOf(content: Content | null | undefined) {
  const inner = normalizeMessageContent(content);
  if (!inner) return null;
  return (
    inner.conversation ??
    inner.extendedTextMessage?.text ??
    inner.imageMessage?.caption ??
    inner.videoMessage?.caption ??
    inner.documentMessage?.caption ??
    null
  );
}

function fromProtocolMessage(protocol: proto.Message.IProtocolMessage): InboundMessageUpdate | null {
  const targetId = protocol.key?.id;
  if (!targetId) return null;
  if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { kind: 'delete', externalId: targetId };
  if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
    const body = textOf(protocol.editedMessage);
    return body === null ? null : { kind: 'edit', externalId: targetId, body };
  }
  return null;
}

/**
 * An edit or revoke as it arrives in `messages.upsert` (a protocol message, possibly wrapped in
 * `editedMessage`). The adapter takes edits and revokes from `messages.update`, which Baileys
 * derives from these same messages; this form is kept for callers that only see raw messages.
 */
export function toInboundMessageUpdateFromMessage(message: WAMessage): InboundMessageUpdate | null {
  if (isIgnoredChat(message.key.remoteJid)) return null;
  const protocol = normalizeMessageContent(message.message)?.protocolMessage;
  return protocol ? fromProtocolMessage(protocol) : null;
}

/** An edit or revoke from `messages.update`; status changes are acks (see `statusToAck`). */
export function toInboundMessageUpdate(entry: WAMessageUpdate): InboundMessageUpdate | null {
  const { key, update } = entry;
  if (!key.id || isIgnoredChat(key.remoteJid)) return null;
  if (update.messageStubType === proto.WebMessageInfo.StubType.REVOKE) return { kind: 'delete', externalId: key.id };
  const protocol = update.message?.protocolMessage;
  if (protocol) return fromProtocolMessage(protocol);
  const edited = update.message?.editedMessage?.message;
  if (edited) {
    const nested = edited.protocolMessage;
    if (nested) return fromProtocolMessage(nested);
    const body = textOf(edited);
    return body === null ? null : { kind: 'edit', externalId: key.id, body };
  }
  return null;
}

/**
 * A reaction as it arrives in `messages.upsert` (a `reactionMessage` naming its target's key):
 * set, replaced, or removed when its text is empty. Baileys also derives `messages.reaction`
 * from these same messages; the adapter reads them here, where they are journaled like any message.
 */
export function toInboundReaction(message: WAMessage): Extract<InboundMessageUpdate, { kind: 'reaction' }> | null {
  const { key } = message;
  const remoteJid = key.remoteJid;
  if (!remoteJid || isIgnoredChat(remoteJid)) return null;
  const reaction = normalizeMessageContent(message.message)?.reactionMessage;
  const targetId = reaction?.key?.id;
  if (!reaction || !targetId) return null;
  const fromMe = Boolean(key.fromMe);
  const update: Extract<InboundMessageUpdate, { kind: 'reaction' }> = {
    kind: 'reaction',
    externalId: targetId,
    emoji: reaction.text ?? '',
    fromMe,
  };
  const participant = key.participant || message.participant;
  if (isJidGroup(remoteJid) && !fromMe && participant) {
    update.participant = jidUser(preferPhoneJid(participant, key.participantAlt));
  }
  return update;
}

/**
 * WhatsApp's status (2 server ack, 3 delivered, 4 read, 5 played) → ours (1 sent, 2 delivered,
 * 3 read, 4 played). Errors and pending are not acks.
 */
export function statusToAck(status: number | null | undefined): Ack | null {
  if (status === null || status === undefined) return null;
  const S = proto.WebMessageInfo.Status;
  if (status === S.SERVER_ACK) return 1;
  if (status === S.DELIVERY_ACK) return 2;
  if (status === S.READ) return 3;
  if (status === S.PLAYED) return 4;
  return null;
}

/** A per-user receipt (groups, and some one-to-one chats) → the furthest ack it shows. */
export function receiptToAck(receipt: proto.IUserReceipt): Ack | null {
  if (toNumber(receipt.playedTimestamp as number) > 0) return 4;
  if (toNumber(receipt.readTimestamp as number) > 0) return 3;
  if (toNumber(receipt.receiptTimestamp as number) > 0) return 2;
  return null;
}

/** Acks only matter for messages the company sent. */
export function isOwnMessage(key: WAMessageKey) {
  return Boolean(key.fromMe && key.id);
}

/**
 * A call offer as the product sees it; other call updates (ringing, accept, timeout) and group
 * calls are not new calls. The caller's phone-number form is used when WhatsApp gives a LID.
 */
export function toInboundCall(call: WACallEvent): Omit<InboundCall, 'decline'> | null {
  if (call.status !== 'offer' || call.isGroup || !call.from) return null;
  return {
    callId: call.id,
    from: jidUser(preferPhoneJid(call.from, call.callerPn)),
    isVideo: Boolean(call.isVideo),
    isGroup: false,
    timestamp: call.date instanceof Date ? call.date : new Date(call.date),
  };
}
