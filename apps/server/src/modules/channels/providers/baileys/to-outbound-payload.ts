import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from 'baileys';
import type { MessageTarget, OutboundMessage } from '../../channel-adapter.ts';
import { OGG_OPUS_MIMETYPE } from '../../voice-notes/voice-note.ts';

/** WhatsApp plays push-to-talk notes only as ogg/opus (the messages module remuxes recordings). */
export const VOICE_NOTE_MIMETYPE = OGG_OPUS_MIMETYPE;

/** `5511999990000` → `5511999990000@s.whatsapp.net`; a group id → `<id>@g.us`. Full jids pass through. */
export function toJid(chatId: string, isGroup: boolean) {
  if (chatId.includes('@')) return chatId;
  if (isGroup) return `${chatId}@g.us`;
  return `${chatId.replace(/\D/g, '')}@s.whatsapp.net`;
}

export interface OutboundPayload {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions;
}

function mediaContent(message: OutboundMessage): AnyMessageContent {
  const media = message.media!;
  // Baileys streams a local path given as `url`, so the file is never read whole here.
  const upload = { url: media.path };
  const caption = message.body || undefined;
  const kind = media.mimetype.split('/')[0];
  if (kind === 'image' && media.mimetype !== 'image/svg+xml') {
    return { image: upload, mimetype: media.mimetype, ...(caption ? { caption } : {}) };
  }
  if (kind === 'video') return { video: upload, mimetype: media.mimetype, ...(caption ? { caption } : {}) };
  if (kind === 'audio') {
    return media.asVoiceNote
      ? { audio: upload, mimetype: VOICE_NOTE_MIMETYPE, ptt: true }
      : { audio: upload, mimetype: media.mimetype, ptt: false };
  }
  return {
    document: upload,
    mimetype: media.mimetype,
    fileName: media.filename,
    ...(caption ? { caption } : {}),
  };
}

/**
 * The minimal message Baileys needs to quote one: its key and some content. We only know the
 * quoted id and whether it was ours, so the quote carries an empty text; WhatsApp clients
 * show the original from their own copy when they have it.
 */
function quotedMessage(message: OutboundMessage, jid: string): WAMessage {
  const key: WAMessageKey = { remoteJid: jid, id: message.quotedExternalId, fromMe: Boolean(message.quotedFromMe) };
  return { key, message: { conversation: '' } };
}

/**
 * Our outbound message → what `sock.sendMessage(jid, content, options)` takes. Pure: media is
 * referenced by path, not read. An audio sent as a voice note must already be ogg/opus.
 */
export function toOutboundPayload(message: OutboundMessage): OutboundPayload {
  const jid = toJid(message.chatId, message.isGroup);
  const content: AnyMessageContent = message.media ? mediaContent(message) : { text: message.body };
  const options: MiscMessageGenerationOptions = {};
  if (message.quotedExternalId) options.quoted = quotedMessage(message, jid);
  return { jid, content, options };
}

/**
 * The key of a message to revoke, edit or react to: its chat, id and whether it is ours; in a
 * group, a member's message also names its author.
 */
export function toMessageKey(target: MessageTarget) {
  const key: WAMessageKey = {
    remoteJid: toJid(target.chatId, target.isGroup),
    id: target.externalId,
    fromMe: target.fromMe,
  };
  if (target.isGroup && !target.fromMe && target.participant) key.participant = toJid(target.participant, false);
  return key;
}

/** An edit of one of our text messages: its new text, naming the original by key. */
export function toEditPayload(target: MessageTarget, body: string) {
  const key = toMessageKey(target);
  return { jid: key.remoteJid!, content: { text: body, edit: key } satisfies AnyMessageContent };
}

/** A reaction to a message; an empty text removes ours. */
export function toReactionPayload(target: MessageTarget, emoji: string) {
  const key = toMessageKey(target);
  return { jid: key.remoteJid!, content: { react: { text: emoji, key } } satisfies AnyMessageContent };
}
