import { z } from 'zod';
import { templateSendSchema } from '../cloud-api/template.schema.ts';
import { dbIdSchema } from '../common/db-values.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import type { ContactRecord } from '../contacts/contact.schema.ts';
import { type TicketRecord, threadTicketRefSchema, ticketRecordSchema } from '../tickets/ticket.schema.ts';

/** The contact and the ticket a message carries (declared by the contacts and tickets features). */
export type { ContactRecord, TicketRecord };

/** spec: message media types. */
export const messageMediaTypes = [
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'vcard',
  'contactMessage',
  'call_log',
] as const;
export type MessageMediaType = (typeof messageMediaTypes)[number];

/** Outbound and inbound media larger than this are refused. */
export const MESSAGE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export const ticketIdParamsSchema = z.object({ ticketId: z.coerce.number().int().positive().max(2_147_483_647) });
export const messageIdParamsSchema = z.object({ id: dbIdSchema });

/**
 * `GET /messages/{ticketId}`: `before` (a message id) pages by keyset — constant cost at any
 * depth — and wins over `pageNumber`; `earlierTicketId` pages an earlier ticket of the same
 * contact and connection (docs/decisions/tickets.md "Thread").
 */
export const messagesPageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  before: dbIdSchema.optional(),
  earlierTicketId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type MessagesPageQuery = z.infer<typeof messagesPageQuerySchema>;

/**
 * `POST /messages/{ticketId}` as JSON. Empty or whitespace-only bodies are refused (spec §5),
 * unless a `template` goes instead.
 * `signMessage` puts the agent's name in bold before the text (the composer's switch).
 * Multipart sends the same fields as form fields plus `medias` files; the body may then be empty.
 */
export const sendMessageSchema = z
  .object({
    body: z.string().max(65_536).optional(),
    /** A Cloud API connection's approved template instead of `body` (the only send outside the 24-hour window). */
    template: templateSendSchema.optional(),
    quotedMsg: z.object({ id: dbIdSchema }).passthrough().nullable().optional(),
    signMessage: z.boolean().optional(),
  })
  .refine((value) => value.template !== undefined || (value.body ?? '').trim().length > 0, {
    path: ['body'],
    message: 'Required',
  });
export type SendMessage = z.infer<typeof sendMessageSchema>;

/**
 * `POST /messages/{ticketId}` as multipart, for the API document only (the route reads the parts
 * itself): one message per file, the first carrying the text.
 */
export const sendMessageMultipartDocSchema = z
  .object({
    medias: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .max(10),
    body: z.string().optional(),
    signMessage: z.enum(['true', 'false']).optional(),
    /** `{"id": <message id>}` or the id alone. */
    quotedMsg: z.string().optional(),
    /** A recorded voice note: stored as Ogg/Opus and sent push-to-talk. */
    isVoiceNote: z.enum(['true', 'false']).optional(),
  })
  .meta({
    id: 'SendMessageMultipart',
    description: `Up to 10 files, each at most ${MESSAGE_MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
  });

export const messageContactRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  profilePicUrl: z.string().nullable(),
});
export type MessageContactRef = z.input<typeof messageContactRefSchema>;

/**
 * How long after sending an attendant may edit their text message: WhatsApp's own edit window
 * (docs/decisions/edits-deletes-reactions.md).
 */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;

/** `PUT /messages/{id}`: the new text of an attendant's own text message. */
export const editMessageSchema = z.object({
  body: z
    .string()
    .max(65_536)
    .refine((body) => body.trim().length > 0, { message: 'Required' }),
});
export type EditMessage = z.infer<typeof editMessageSchema>;

/** The longest emoji accepted, in UTF-16 units (family and flag sequences run to about 11). */
export const REACTION_EMOJI_MAX_LENGTH = 32;

const pictographic = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/**
 * Whether `value` is exactly one emoji: one grapheme (user-perceived character) that is
 * pictographic, a flag or a keycap. Skin tones, ZWJ families and flags are one grapheme each.
 */
export function isSingleEmoji(value: string): boolean {
  if (value.length === 0 || value.length > REACTION_EMOJI_MAX_LENGTH || !pictographic.test(value)) return false;
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value);
  let count = 0;
  for (const _ of graphemes) if (++count > 1) return false;
  return count === 1;
}

/** An emoji reaction, or the empty string to remove one (WhatsApp's own convention). */
export const reactionEmojiSchema = z
  .string()
  .max(REACTION_EMOJI_MAX_LENGTH)
  .refine((emoji) => emoji === '' || isSingleEmoji(emoji), { message: 'One emoji, or empty to remove' });

/** `POST /messages/{id}/reactions`: the company's reaction to a message; `""` removes it. */
export const reactToMessageSchema = z.object({ emoji: reactionEmojiSchema });
export type ReactToMessage = z.infer<typeof reactToMessageSchema>;

/** One earlier text of an edited message: what it said until `editedAt`. */
export const messageEditSchema = z.object({ body: z.string(), editedAt: timestampSchema });
export type MessageEdit = z.input<typeof messageEditSchema>;

/**
 * One reaction under a message. WhatsApp keeps one reaction per account and message: the
 * company's side (`fromMe`) has at most one, set by the attendant `userId` (null when it came
 * from the phone itself); a customer's carries `contactId` (in a group, the participant's
 * contact when known). A changed reaction replaces the old one; a removed one is gone.
 */
export const messageReactionSchema = z.object({
  emoji: z.string(),
  fromMe: z.boolean(),
  userId: z.number().nullable().optional(),
  contactId: z.number().nullable().optional(),
  /** Who reacted, for the chip's tooltip: the attendant's or the customer's name (null when unknown). */
  name: z.string().nullable().optional(),
  createdAt: timestampSchema,
});
export type MessageReaction = z.input<typeof messageReactionSchema>;

/** A message as the API and `company-{id}-appMessage` carry it. */
export const messageRecordSchema = z.object({
  id: z.number(),
  ticketId: z.number(),
  contactId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  /** 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 and 5 played. */
  ack: z.number(),
  failed: z.boolean(),
  /**
   * Why a failed message could not be sent: an error code (ERR_WAPP_NOT_INITIALIZED, ERR_SENDING_WAPP_MSG).
   * On a message that was sent (`failed` false) it says the attendant's last edit did not reach
   * WhatsApp (ERR_EDIT_WAPP_MSG): the message keeps its earlier text; a later edit that
   * succeeds clears it.
   */
  sendError: z.string().nullable(),
  mediaType: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  quotedMsgId: z.number().nullable(),
  quotedMsg: z
    .object({
      id: z.number(),
      body: z.string(),
      fromMe: z.boolean(),
      mediaType: z.string().nullable(),
      mediaUrl: z.string().nullable(),
      contact: z.object({ id: z.number(), name: z.string() }).nullable(),
    })
    .nullable(),
  participant: z.string().nullable(),
  participantName: z.string().nullable(),
  /**
   * Deleted for everyone (by the customer or an attendant). Whether `body`, media and
   * `editHistory` of a deleted message are still given depends on the company setting
   * `deletedMessagesVisibleTo`: for viewers it excludes they are emptied by the server.
   */
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  /** Earlier texts of an edited message, oldest first (`body` is the current one). */
  editHistory: z.array(messageEditSchema),
  /** Emoji reactions, oldest first. */
  reactions: z.array(messageReactionSchema),
  userId: z.number().nullable(),
  /** Written by the product itself (bot menus, greetings, notices), not typed by a person. */
  isSystem: z.boolean(),
  contact: messageContactRefSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MessageRecord = z.input<typeof messageRecordSchema>;

/**
 * `GET /messages/{ticketId}` answer: one page of the paged ticket's messages, oldest first;
 * `count` counts that ticket's messages and `hasMore` says older ones of it remain.
 */
export const messagesPageSchema = pageSchema('messages', messageRecordSchema).extend({
  /** The ticket of the URL (not the earlier one being paged). */
  ticket: ticketRecordSchema,
  /** When `hasMore` is false: the ticket before the paged one (same contact and connection), else null. */
  previousTicket: threadTicketRefSchema.nullable(),
  /**
   * WhatsApp's 24-hour customer service window of the ticket's connection (Cloud API): when it
   * closes, or null when it is closed (the customer never wrote, or last wrote over 24 hours ago).
   * The whole field is null for connections without one (QR, sandbox).
   */
  serviceWindow: z.object({ closesAt: timestampSchema.nullable() }).nullable(),
});
export type MessagesPage = z.input<typeof messagesPageSchema>;

/** `company-{id}-appMessage`. */
export type AppMessageEvent =
  | { action: 'create'; message: MessageRecord; ticket: TicketRecord; contact: ContactRecord }
  | { action: 'update'; message: MessageRecord };

/** `company-{id}-ticket` (the tickets feature adds delete and updateUnread). */
export type TicketEvent =
  | { action: 'update'; ticket: TicketRecord }
  | { action: 'updateUnread'; ticketId: number }
  | { action: 'delete'; ticketId: number };

/** `company-{id}-contact`. */
export type ContactEvent =
  | { action: 'create' | 'update'; contact: ContactRecord }
  | { action: 'delete'; contactId: number };
