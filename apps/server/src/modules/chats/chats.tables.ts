import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companyReference, createdAt, updatedAt } from '../../platform/db/columns.ts';
import { companies, users } from '../../tables.ts';

/** An internal chat between users of one company (spec: Chat entity). */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    companyId: companyReference(() => companies.id),
    title: varchar('title', { length: 100 }).notNull(),
    /** Only the owner edits and deletes; a deleted owner leaves the chat ownerless. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessage: text('last_message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('chats_company_idx').on(table.companyId)],
);

/** A participant and how many messages they have not read yet. */
export const chatUsers = pgTable(
  'chat_users',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyReference(() => companies.id),
    unreads: integer('unreads').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    // "My chats": every list starts from the user.
    index('chat_users_company_user_idx').on(table.companyId, table.userId),
  ],
);

/** A message of a chat; a deleted one keeps its row with an empty text and `deletedAt`. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    companyId: companyReference(() => companies.id),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  // Pages walk a chat's messages newest first.
  (table) => [index('chat_messages_chat_id_idx').on(table.chatId, table.id)],
);
