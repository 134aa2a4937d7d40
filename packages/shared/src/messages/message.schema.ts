import { z } from 'zod';
import { dbIdSchema } from '../common/db-values.ts';
import type { ContactRecord } from '../contacts/contact.schema.ts';
import type { ThreadTicketRef } from '../tickets/ticket.schema.ts';

/** The contact a message and a ticket carry (declared by the contacts feature). */
export type { ContactRecord };

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
 * `POST /messages/{ticketId}` as JSON. Empty or whitespace-only bodies are refused (spec §5).
 * `signMessage` puts the agent's name in bold before the text (the composer's switch).
 * Multipart sends the same fields as form fields plus `medias` files; the body may then be empty.
 */
export const sendMessageSchema = z.object({
  body: z
    .string()
    .max(65_536)
    .refine((value) => value.trim().length > 0, 'Required'),
  quotedMsg: z.object({ id: dbIdSchema }).passthrough().nullable().optional(),
  signMessage: z.boolean().optional(),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export interface MessageContactRef {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string | null;
}

/** A message as the API and `company-{id}-appMessage` carry it. */
export interface MessageRecord {
  id: number;
  ticketId: number;
  contactId: number | null;
  whatsappId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** 0 pending (clock), 1 sent, 2 delivered, 3 read, 4 and 5 played. */
  ack: number;
  failed: boolean;
  /** Why a failed message could not be sent: an error code (ERR_WAPP_NOT_INITIALIZED, ERR_SENDING_WAPP_MSG). */
  sendError: string | null;
  mediaType: string | null;
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  quotedMsg: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string | null;
    mediaUrl: string | null;
    contact: { id: number; name: string } | null;
  } | null;
  participant: string | null;
  participantName: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  userId: number | null;
  /** Written by the product itself (bot menus, greetings, notices), not typed by a person. */
  isSystem: boolean;
  contact: MessageContactRef | null;
  createdAt: string;
  updatedAt: string;
}

/** A ticket as `company-{id}-ticket` and the messages page carry it. */
export interface TicketRecord {
  id: number;
  uuid: string;
  companyId: number;
  status: 'pending' | 'open' | 'closed';
  contactId: number;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  chatbot: boolean;
  lastMessage: string;
  unreadMessages: number;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  contact: ContactRecord;
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  whatsapp: { id: number; name: string; status: string } | null;
  tags: { id: number; name: string; color: string }[];
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessagesPage {
  messages: MessageRecord[];
  /** The ticket of the URL (not the earlier one being paged). */
  ticket: TicketRecord;
  /** Messages of the paged ticket. */
  count: number;
  /** Older messages of the paged ticket remain. */
  hasMore: boolean;
  /** When `hasMore` is false: the ticket before the paged one (same contact and connection), else null. */
  previousTicket: ThreadTicketRef | null;
}

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
