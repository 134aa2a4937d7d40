import {
  CONTACT_LIST_FILE_MAX_ROWS,
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  CONTACT_LISTS_PAGE_SIZE,
  type ContactListItemRecord,
  type ContactListRecord,
  type ContactListUploadAnswer,
  type ContactUploadRow,
  type contactListItemFieldsSchema,
  type SheetContacts,
  sortUploadRows,
} from '@wacrm/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import type { CampaignsRealtime } from './campaigns.realtime.ts';
import type { ContactListItemRow, ContactListsRepository, ItemWrite } from './contact-lists.repository.ts';

type ListRow = NonNullable<Awaited<ReturnType<ContactListsRepository['find']>>>;

const toList = (row: ListRow): ContactListRecord => ({
  id: row.id,
  name: row.name,
  contactsCount: Number(row.contactsCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toItem = (row: ContactListItemRow): ContactListItemRecord => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  isWhatsappValid: row.isWhatsappValid,
  companyId: row.companyId,
  contactListId: row.contactListId,
});

type ItemFields = z.output<typeof contactListItemFieldsSchema>;

const INSERT_BATCH_ROWS = 1_000;

/** Contact lists and their items (spec: Contact lists page, Contact list items page). */
export function createContactListsService(deps: {
  repository: ContactListsRepository;
  realtime: CampaignsRealtime;
  /** Asks the WhatsApp-valid marks of a list's unchecked items in the background. */
  checkNumbers: (companyId: number, contactListId: number) => Promise<void>;
}) {
  const { repository, realtime } = deps;

  async function list(companyId: number, id: number) {
    const row = await repository.find(companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  async function announceList(companyId: number, id: number, action: 'create' | 'update') {
    const record = toList(await list(companyId, id));
    realtime.contactList(companyId, { action, record });
    return record;
  }

  /**
   * Each row checked alone (as the contacts import), the good ones kept, the others reported by
   * their index in `rows`; then the list's channel is told to reload.
   */
  async function importRows(companyId: number, id: number, rows: ContactUploadRow[]): Promise<ContactListUploadAnswer> {
    const sorted = sortUploadRows(rows);
    const { errorBag, rowOfNumber } = sorted;
    const writes: ItemWrite[] = sorted.valid.map(({ name, number, email }) => ({
      name: name.slice(0, 50),
      number,
      email,
    }));
    const stored = new Set<string>();
    // A thousand rows an insert: under PostgreSQL's parameter limit, and short on PGlite's one connection.
    for (let start = 0; start < writes.length; start += INSERT_BATCH_ROWS) {
      for (const number of await repository.insertItems(
        companyId,
        id,
        writes.slice(start, start + INSERT_BATCH_ROWS),
      )) {
        stored.add(number);
      }
    }
    for (const write of writes) {
      if (stored.has(write.number)) continue;
      errorBag.push({
        row: rowOfNumber.get(write.number) ?? -1,
        name: write.name,
        number: write.number,
        error: 'ERR_DUPLICATED_CONTACT',
        message: 'The number is already in the list',
      });
    }
    errorBag.sort((a, b) => a.row - b.row);
    realtime.contactListItem(companyId, id, { action: 'reload', contactListId: id });
    if (stored.size > 0) await deps.checkNumbers(companyId, id);
    await announceList(companyId, id, 'update');
    return { newContacts: [], errorBag, created: stored.size };
  }

  return {
    async page(companyId: number, query: { searchParam: string; pageNumber: number }) {
      const page = await repository.page(companyId, query.searchParam, query.pageNumber, CONTACT_LISTS_PAGE_SIZE);
      return { records: page.rows.map(toList), count: page.count, hasMore: page.hasMore };
    },
    all: async (companyId: number) => (await repository.all(companyId)).map(toList),
    find: async (companyId: number, id: number) => toList(await list(companyId, id)),

    async create(companyId: number, name: string) {
      const id = await repository.insert(companyId, name);
      return announceList(companyId, id, 'create');
    },

    async rename(companyId: number, id: number, name: string) {
      if (!(await repository.rename(companyId, id, name))) throw new AppError('ERR_NOT_FOUND');
      return announceList(companyId, id, 'update');
    },

    async remove(companyId: number, id: number) {
      if (!(await repository.remove(companyId, id))) throw new AppError('ERR_NOT_FOUND');
      realtime.contactList(companyId, { action: 'delete', id });
    },

    /** Beyond the spec: a new list of the contacts whose tickets carry any of the tags. */
    async fromTags(companyId: number, name: string, tagIds: number[]) {
      const unique = [...new Set(tagIds)];
      if ((await repository.tagsExist(companyId, unique)).length !== unique.length) throw new AppError('ERR_NOT_FOUND');
      const id = await repository.insert(companyId, name);
      const people = await repository.contactsWithTags(companyId, unique);
      for (let start = 0; start < people.length; start += 1000) {
        await repository.insertItems(
          companyId,
          id,
          people.slice(start, start + 1000).map((person) => ({ ...person, name: person.name.slice(0, 50) })),
        );
      }
      await deps.checkNumbers(companyId, id);
      return announceList(companyId, id, 'create');
    },

    /** Refuses another company's list (404) before an upload's body is read. */
    ensureExists: async (companyId: number, id: number) => {
      await list(companyId, id);
    },

    /** `POST /contact-lists/{id}/upload` with `{rows}`: a batch the browser read from its sheet. */
    async upload(companyId: number, id: number, rows: ContactUploadRow[]): Promise<ContactListUploadAnswer> {
      await list(companyId, id);
      return importRows(companyId, id, rows);
    },

    /** `POST /contact-lists/{id}/upload` with a file the server read: its errors also name the sheet line. */
    async uploadSheet(companyId: number, id: number, sheet: SheetContacts): Promise<ContactListUploadAnswer> {
      await list(companyId, id);
      if (sheet.rows.length > CONTACT_LIST_FILE_MAX_ROWS) {
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxRows: CONTACT_LIST_FILE_MAX_ROWS } });
      }
      const answer = await importRows(companyId, id, sheet.rows);
      return { ...answer, errorBag: answer.errorBag.map((error) => ({ ...error, line: sheet.lines[error.row] })) };
    },

    async itemsPage(companyId: number, query: { searchParam: string; pageNumber: number; contactListId: number }) {
      await list(companyId, query.contactListId);
      const page = await repository.itemsPage(
        companyId,
        query.contactListId,
        query.searchParam,
        query.pageNumber,
        CONTACT_LIST_ITEMS_PAGE_SIZE,
      );
      return { contacts: page.rows.map(toItem), count: page.count, hasMore: page.hasMore };
    },

    async findItem(companyId: number, id: number) {
      const row = await repository.findItem(companyId, id);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      return toItem(row);
    },

    async createItem(companyId: number, fields: ItemFields) {
      await list(companyId, fields.contactListId);
      const row = await repository.insertItem(companyId, fields.contactListId, {
        name: fields.name,
        number: fields.number,
        email: fields.email,
      });
      if (!row) throw new AppError('ERR_DUPLICATED_CONTACT', { fields: { number: 'ERR_DUPLICATED_CONTACT' } });
      const record = toItem(row);
      realtime.contactListItem(companyId, row.contactListId, { action: 'create', record });
      await deps.checkNumbers(companyId, row.contactListId);
      await announceList(companyId, row.contactListId, 'update');
      return record;
    },

    async updateItem(companyId: number, id: number, fields: ItemFields) {
      const before = await repository.findItem(companyId, id);
      if (!before || before.contactListId !== fields.contactListId) throw new AppError('ERR_NOT_FOUND');
      if (await repository.numberTaken(companyId, before.contactListId, fields.number, id)) {
        throw new AppError('ERR_DUPLICATED_CONTACT', { fields: { number: 'ERR_DUPLICATED_CONTACT' } });
      }
      const row = await repository.updateItem(companyId, id, {
        name: fields.name,
        number: fields.number,
        email: fields.email,
        // A new number has not been checked yet.
        ...(fields.number !== before.number ? { isWhatsappValid: null } : {}),
      });
      if (!row) throw new AppError('ERR_NOT_FOUND');
      const record = toItem(row);
      realtime.contactListItem(companyId, row.contactListId, { action: 'update', record });
      if (row.isWhatsappValid === null) await deps.checkNumbers(companyId, row.contactListId);
      return record;
    },

    async removeItem(companyId: number, id: number) {
      const row = await repository.removeItem(companyId, id);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      realtime.contactListItem(companyId, row.contactListId, { action: 'delete', id });
      await announceList(companyId, row.contactListId, 'update');
    },
  };
}

export type ContactListsService = ReturnType<typeof createContactListsService>;
