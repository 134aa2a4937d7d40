import { z } from 'zod';
import { listQuerySchema, pageNumberSchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import { CHAT_MAX_PARTICIPANTS, CHAT_MESSAGE_MAX_LENGTH, CHAT_TITLE_MAX_LENGTH } from './chat-limits.ts';

export * from './chat-limits.ts';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The new/edit chat dialog (spec: a title is required and at least one user must be picked).
 * `users` are the other participants; the owner is always one and may be listed or not.
 */
export const chatFieldsSchema = z.object({
  title: z.string({ error: 'Required' }).trim().min(1, 'Required').max(CHAT_TITLE_MAX_LENGTH, 'Too Long!'),
  users: z
    .array(
      z.union([
        idSchema,
        z
          .object({ id: idSchema })
          .loose()
          .transform((user) => user.id),
      ]),
      {
        error: 'Pick at least one user',
      },
    )
    .min(1, 'Pick at least one user')
    .max(CHAT_MAX_PARTICIPANTS, 'Too many users'),
});
export type ChatFields = z.input<typeof chatFieldsSchema>;
export type ChatFieldsParsed = z.output<typeof chatFieldsSchema>;

/** A message body: not blank, at most 4,000 characters (kept as typed, only checked trimmed). */
export const chatMessageFieldsSchema = z.object({
  message: z
    .string({ error: 'Required' })
    .refine((text) => text.trim().length > 0, 'Required')
    .refine((text) => text.length <= CHAT_MESSAGE_MAX_LENGTH, 'Too Long!'),
});
export type ChatMessageFields = z.infer<typeof chatMessageFieldsSchema>;

export const chatIdParamsSchema = z.object({ id: idSchema });
export const chatMessageParamsSchema = z.object({ id: idSchema, messageId: idSchema });

/**
 * `GET /chats`: `searchParam` finds a chat by its title or a participant's name (accents and case
 * ignored); `pageNumber` from 1, `CHATS_PAGE_SIZE` a page, the most recently active first.
 */
export const chatListQuerySchema = listQuerySchema;
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

/** `GET /chats/{id}/messages`: `pageNumber` from 1 (the newest messages). */
export const chatMessagesQuerySchema = z.object({ pageNumber: pageNumberSchema });

/**
 * `POST /chats/{id}/read`: the spec's client sends `userId`; the reader is always the caller.
 * `upToMessageId`, the newest message the reader has on screen, keeps the messages that arrive
 * while the request travels unread; without it every message counts as read.
 */
export const chatReadSchema = z
  .object({ userId: z.unknown().optional(), upToMessageId: z.number().int().positive().optional() })
  .loose()
  .optional();

export const chatParticipantSchema = z.object({
  userId: z.number(),
  unreads: z.number(),
  user: z.object({ id: z.number(), name: z.string() }),
});
export type ChatParticipant = z.input<typeof chatParticipantSchema>;

/** A chat as the API answers it (spec: Chat entity). */
export const chatRecordSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  users: z.array(chatParticipantSchema),
  lastMessage: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ChatRecord = z.input<typeof chatRecordSchema>;

/** A ticket named by a `/tickets/{uuid}` link, as the reader may see it. */
export const chatTicketCardSchema = z.discriminatedUnion('available', [
  z.object({
    uuid: z.string(),
    available: z.literal(true),
    status: z.string(),
    contact: z.object({ name: z.string() }),
  }),
  z.object({ uuid: z.string(), available: z.literal(false) }),
]);
export type ChatTicketCard = z.input<typeof chatTicketCardSchema>;

/** A chat message (spec: Chat message entity). A deleted one keeps its place with an empty text. */
export const chatMessageRecordSchema = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  message: z.string(),
  createdAt: timestampSchema,
  editedAt: timestampSchema.nullable(),
  deletedAt: timestampSchema.nullable(),
  /** The tickets its links name, resolved with the reader's visibility. */
  tickets: z.array(chatTicketCardSchema),
});
export type ChatMessageRecord = z.input<typeof chatMessageRecordSchema>;

/** `GET /chats` answer. */
export const chatsListSchema = pageSchema('records', chatRecordSchema);
export type ChatsList = z.input<typeof chatsListSchema>;

/** `GET /chats/{id}/messages`: oldest first within the page; the messages are not counted. */
export const chatMessagesPageSchema = pageSchema('records', chatMessageRecordSchema).omit({ count: true });
export type ChatMessagesPage = z.input<typeof chatMessagesPageSchema>;

/** `company-{id}-chat`, delivered only to the chat's participants (each user's own room). */
export type ChatEvent =
  | { action: 'create' | 'update'; record: ChatRecord }
  | { action: 'delete'; id: number }
  | { action: 'new-message'; newMessage: ChatMessageRecord; chat: ChatRecord }
  | { action: 'update-message'; message: ChatMessageRecord };

const TICKET_LINK = /\/tickets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** The ticket uuids a message links to (`…/tickets/{uuid}`), lower-cased, each once, at most 5. */
export function ticketLinksOf(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(TICKET_LINK)) {
    found.add(match[1].toLowerCase());
    if (found.size === 5) break;
  }
  return [...found];
}
