import {
  CONTACTS_PAGE_SIZE,
  type ContactFields,
  type ContactImportAnswer,
  type ContactListQuery,
  type ContactRecord,
  type ContactsPage,
  type ContactUploadAnswer,
  type ContactUploadRow,
  contactNumberSchema,
  sortUploadRows,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { ChannelSession } from '../channels/index.ts';
import type { ContactsRealtime } from './contacts.realtime.ts';
import { type ContactRow, type ContactWrite, createContactsRepository } from './contacts.repository.ts';

/** spec: ContactRecord as the API and `company-{id}-contact` carry it (no internal columns). */
export function toContactRecord(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: row.extraInfo,
    whatsappId: row.whatsappId,
    disableBot: row.disableBot,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Measured: batches of 1,000 rows insert 9–16k rows/s on both databases. */
export const UPLOAD_BATCH_SIZE = 1_000;

/** Room for the name within `contactNameSchema` (a lone half of an emoji is not left behind). */
function importName(name: string, number: string) {
  const cut = name
    .trim()
    .slice(0, 50)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trim();
  return cut.length >= 2 ? cut : number;
}

/**
 * The phone's entries as contact writes, one per number. Numbers come from WhatsApp with their
 * country code, so they are read as international (no Brazilian guess); the first entry of a
 * number wins.
 */
export function toImportWrites(book: { name: string; number: string }[]) {
  const writes: ContactWrite[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of book) {
    const number = contactNumberSchema.safeParse(`+${entry.number.replace(/\D/g, '')}`);
    if (!number.success) {
      skipped += 1;
      continue;
    }
    if (seen.has(number.data)) continue;
    seen.add(number.data);
    writes.push({ name: importName(entry.name, number.data), number: number.data, email: '', extraInfo: [] });
  }
  return { writes, skipped };
}

const notFound = () => new AppError('ERR_NO_CONTACT_FOUND');
const duplicated = () => new AppError('ERR_DUPLICATED_CONTACT', { fields: { number: 'In use' } });

async function refuseDuplicates<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicated();
    throw error;
  }
}

export interface ContactsServiceDeps {
  db: Database;
  events: ContactsRealtime;
  /** The live session of a connection, to read its address book (`POST /contacts/import`). */
  /** The connection's session, in this process or forwarded to the one holding it. */
  reachSession: (whatsappId: number) => Promise<ChannelSession | null>;
  /** A bulk deletion is written with its audit entry in one transaction; an export is recorded too. */
  audit: AuditLog;
}

export function createContactsService({ db, events, reachSession, audit }: ContactsServiceDeps) {
  const repository = createContactsRepository(db);

  async function findRow(companyId: number, id: number) {
    const row = await repository.find(companyId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Inserts in batches; a number already there (or twice in the rows) is reported, never dropped silently. */
  async function insertBatches(companyId: number, writes: ContactWrite[]) {
    const created: ContactRow[] = [];
    const duplicates: ContactWrite[] = [];
    for (let start = 0; start < writes.length; start += UPLOAD_BATCH_SIZE) {
      const batch = writes.slice(start, start + UPLOAD_BATCH_SIZE);
      const rows = await repository.insertMany(companyId, batch);
      const stored = new Set(rows.map((row) => row.number));
      for (const write of batch) if (!stored.has(write.number)) duplicates.push(write);
      created.push(...rows);
    }
    for (const row of created) events.contactChanged(companyId, 'create', toContactRecord(row));
    return { created, duplicates };
  }

  return {
    async list(companyId: number, query: ContactListQuery): Promise<ContactsPage> {
      const { rows, count } = await repository.page(companyId, query);
      const shown = (query.pageNumber - 1) * CONTACTS_PAGE_SIZE + rows.length;
      return { contacts: rows.map(toContactRecord), count, hasMore: shown < count };
    },

    options: (companyId: number, searchParam: string) => repository.options(companyId, searchParam),

    find: async (companyId: number, id: number) => toContactRecord(await findRow(companyId, id)),

    async create(companyId: number, fields: ContactFields) {
      if ((await repository.findIdByNumber(companyId, fields.number)) !== null) throw duplicated();
      const row = await refuseDuplicates(() => repository.insert(companyId, fields));
      const contact = toContactRecord(row);
      events.contactChanged(companyId, 'create', contact);
      return contact;
    },

    async update(companyId: number, id: number, fields: ContactFields) {
      const current = await findRow(companyId, id);
      // A group's number is its WhatsApp group id, not a phone number: it is never rewritten.
      const number = current.isGroup ? current.number : fields.number;
      const owner = await repository.findIdByNumber(companyId, number);
      if (owner !== null && owner !== id) throw duplicated();
      const row = await refuseDuplicates(() => repository.update(companyId, id, { ...fields, number }));
      if (!row) throw notFound();
      const contact = toContactRecord(row);
      events.contactChanged(companyId, 'update', contact);
      return contact;
    },

    async remove(companyId: number, id: number) {
      if (!(await repository.remove(companyId, id))) throw notFound();
      events.contactDeleted(companyId, id);
      return { message: 'Contact deleted' };
    },

    async removeAll(actor: AuditActor, companyId: number) {
      const deleted = await db.transaction(async (tx) => {
        const count = await createContactsRepository(tx).removeAll(companyId);
        await audit.record(tx, actor, {
          action: 'contact.deletedAll',
          entityType: 'contact',
          before: { contacts: count },
          after: { contacts: 0 },
        });
        return count;
      });
      events.allContactsDeleted(companyId);
      return { deleted };
    },

    /** Who took the company's address book, and when: written before the file is streamed. */
    async recordExport(actor: AuditActor) {
      await db.transaction((tx) => audit.record(tx, actor, { action: 'contact.exported', entityType: 'contact' }));
    },

    /** `POST /contacts/upload`: each row checked alone; the valid ones stored in batches. */
    async upload(companyId: number, rows: ContactUploadRow[]): Promise<ContactUploadAnswer> {
      const { valid: writes, errorBag, rowOfNumber } = sortUploadRows(rows);
      const { created, duplicates } = await insertBatches(companyId, writes);
      for (const duplicate of duplicates) {
        errorBag.push({
          row: rowOfNumber.get(duplicate.number) ?? -1,
          name: duplicate.name,
          number: duplicate.number,
          error: 'ERR_DUPLICATED_CONTACT',
          message: 'A contact with this number already exists',
        });
      }
      errorBag.sort((a, b) => a.row - b.row);
      return { newContacts: created.map(toContactRecord), errorBag };
    },

    /**
     * `POST /contacts/import`: the phone's contacts, through a live session whose provider can
     * read them (the sandbox's fixed book; Baileys' contacts synced to the device). New numbers
     * are added; a contact whose name is still only its number takes the phone's name; every
     * other contact stays as the company left it (docs/decisions/contacts.md).
     */
    async importFromPhone(companyId: number, whatsappId: number | undefined): Promise<ContactImportAnswer> {
      const connection = await repository.findConnection(companyId, whatsappId);
      if (!connection) throw new AppError(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
      const session = await reachSession(connection.id);
      if (!session) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
      if (!session.listContacts) throw new AppError('ERR_CONTACT_IMPORT_UNSUPPORTED');
      const { writes, skipped } = toImportWrites(await session.listContacts());
      const { created, duplicates } = await insertBatches(companyId, writes);
      const renamed: ContactRow[] = [];
      for (let start = 0; start < duplicates.length; start += UPLOAD_BATCH_SIZE) {
        renamed.push(...(await repository.nameUnnamed(companyId, duplicates.slice(start, start + UPLOAD_BATCH_SIZE))));
      }
      for (const row of renamed) events.contactChanged(companyId, 'update', toContactRecord(row));
      return {
        added: created.length,
        updated: renamed.length,
        unchanged: duplicates.length - renamed.length,
        skipped,
      };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
