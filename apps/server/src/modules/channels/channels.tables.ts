import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyReference, updatedAt } from '../../platform/db/columns.ts';
import { companies, whatsapps } from '../../tables.ts';

/**
 * The contacts WhatsApp syncs to a paired device (Baileys' `contacts.upsert`, `contacts.update`
 * and `messaging-history.set`), kept per connection as they arrive so that `POST /contacts/import`
 * can read them later (docs/decisions/contacts.md, "Import from the phone"). People only, keyed by
 * their phone-number jid; they go with their connection, and a logout clears them.
 */
export const syncedContacts = pgTable(
  'synced_contacts',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    companyId: companyReference(() => companies.id),
    /** `<digits>@s.whatsapp.net`, without device. */
    jid: varchar('jid', { length: 100 }).notNull(),
    /** The person's LID (`…@lid`), when WhatsApp told it: later updates may name only that. */
    lid: varchar('lid', { length: 100 }),
    /** The name saved in the phone's address book. */
    name: text('name'),
    /** The name the person set on WhatsApp (push name). */
    notify: text('notify'),
    /** A business account's verified name. */
    verifiedName: text('verified_name'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.whatsappId, table.jid] }),
    index('synced_contacts_lid_idx').on(table.whatsappId, table.lid),
  ],
);

/**
 * Baileys multi-device auth state, one row per key (creds, pre-keys, sessions, sender keys,
 * app-state keys), so a restart or another node resumes without a new QR scan.
 */
export const baileysKeys = pgTable(
  'baileys_keys',
  {
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 40 }).notNull(),
    keyId: varchar('key_id', { length: 200 }).notNull(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.whatsappId, table.category, table.keyId] })],
);

/**
 * The message templates of a Cloud API connection's WhatsApp Business Account, as Meta answered
 * them at the last synchronisation (docs/cloud-api.md "Templates"); replaced whole on each one.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    companyId: companyReference(() => companies.id),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 512 }).notNull(),
    language: varchar('language', { length: 15 }).notNull(),
    category: varchar('category', { length: 30 }).notNull(),
    status: varchar('status', { length: 30 }).notNull(),
    /** Meta's `components` as answered: header, body, footer and buttons. */
    components: jsonb('components').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('whatsapp_templates_unique').on(table.whatsappId, table.name, table.language)],
);
