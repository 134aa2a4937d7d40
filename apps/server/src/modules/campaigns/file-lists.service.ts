import {
  FILE_LISTS_PAGE_SIZE,
  type FileListFields,
  type FileListRecord,
  type fileListFieldsSchema,
} from '@wacrm/shared';
import { and, asc, count, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/text-search.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { mediaTypeOf } from '../channels/index.ts';
import type { CampaignsRealtime } from './campaigns.realtime.ts';
import { fileListOptions, fileLists } from './campaigns.tables.ts';
import { sniffMimetype } from './sniff-mimetype.ts';

type Fields = z.output<typeof fileListFieldsSchema>;

export type { FileListFields };

/** spec: Files page. File lists and their options' files, stored under the company's folder. */
export function createFileListsService(deps: {
  db: Database;
  storage: FileStorage;
  realtime: CampaignsRealtime;
  log: FastifyBaseLogger;
}) {
  const { db, storage } = deps;

  type ListRow = typeof fileLists.$inferSelect;

  /** The records of these lists (in their order), with every list's options read in one query. */
  async function recordsOf(companyId: number, lists: ListRow[]): Promise<FileListRecord[]> {
    if (lists.length === 0) return [];
    const options = await db
      .select()
      .from(fileListOptions)
      .where(
        and(
          eq(fileListOptions.companyId, companyId),
          inArray(
            fileListOptions.fileListId,
            lists.map((list) => list.id),
          ),
        ),
      )
      .orderBy(asc(fileListOptions.id));
    return lists.map((list) => ({
      id: list.id,
      name: list.name,
      message: list.message,
      options: options
        .filter((option) => option.fileListId === list.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          path: option.path,
          mediaType: option.mimetype ? mediaTypeOf(option.mimetype) : null,
          url: option.path ? storage.urlOf(option.path) : null,
        })),
    }));
  }

  async function record(companyId: number, id: number): Promise<FileListRecord> {
    const lists = await db
      .select()
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
    const [found] = await recordsOf(companyId, lists);
    if (!found) throw new AppError('ERR_NOT_FOUND');
    return found;
  }

  const dropFiles = (paths: (string | null)[]) =>
    Promise.all(
      paths
        .filter((path): path is string => Boolean(path))
        .map((path) =>
          storage.remove(path).catch((error) => deps.log.warn({ err: error, path }, 'file list file not removed')),
        ),
    );

  async function saveOptions(companyId: number, id: number, options: Fields['options']) {
    const keep = options.filter((option) => option.id).map((option) => option.id as number);
    const removed = await db
      .delete(fileListOptions)
      .where(
        and(
          eq(fileListOptions.companyId, companyId),
          eq(fileListOptions.fileListId, id),
          ...(keep.length ? [notInArray(fileListOptions.id, keep)] : []),
        ),
      )
      .returning({ path: fileListOptions.path });
    await dropFiles(removed.map((row) => row.path));
    for (const option of options) {
      if (option.id) {
        await db
          .update(fileListOptions)
          .set({ name: option.name })
          .where(
            and(
              eq(fileListOptions.companyId, companyId),
              eq(fileListOptions.fileListId, id),
              eq(fileListOptions.id, option.id),
            ),
          );
      } else {
        await db.insert(fileListOptions).values({ companyId, fileListId: id, name: option.name });
      }
    }
  }

  async function announce(companyId: number, id: number, action: 'create' | 'update') {
    const files = await record(companyId, id);
    deps.realtime.fileList(companyId, { action, files });
    return files;
  }

  return {
    record,

    async page(companyId: number, query: { searchParam: string; pageNumber: number }) {
      const where = and(
        eq(fileLists.companyId, companyId),
        query.searchParam ? containsText(fileLists.name, query.searchParam) : undefined,
      );
      const rows = await db
        .select()
        .from(fileLists)
        .where(where)
        .orderBy(asc(fileLists.name), asc(fileLists.id))
        .limit(FILE_LISTS_PAGE_SIZE + 1)
        .offset((query.pageNumber - 1) * FILE_LISTS_PAGE_SIZE);
      const [{ total }] = await db.select({ total: count() }).from(fileLists).where(where);
      // Two queries for the page however many lists it holds (not two per list).
      const files = await recordsOf(companyId, rows.slice(0, FILE_LISTS_PAGE_SIZE));
      return { files, count: total, hasMore: rows.length > FILE_LISTS_PAGE_SIZE };
    },

    async create(companyId: number, fields: Fields) {
      const [row] = await db
        .insert(fileLists)
        .values({ companyId, name: fields.name, message: fields.message })
        .returning({ id: fileLists.id });
      await saveOptions(companyId, row.id, fields.options);
      return announce(companyId, row.id, 'create');
    },

    async update(companyId: number, id: number, fields: Fields) {
      await record(companyId, id);
      await db
        .update(fileLists)
        .set({ name: fields.name, message: fields.message, updatedAt: new Date() })
        .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
      await saveOptions(companyId, id, fields.options);
      return announce(companyId, id, 'update');
    },

    async remove(companyId: number, id: number) {
      const options = (await record(companyId, id)).options;
      await db.delete(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
      await dropFiles(options.map((option) => option.path));
      deps.realtime.fileList(companyId, { action: 'delete', fileId: id });
    },

    /**
     * `POST /files/uploadList/{id}`: one file for one option (`id` an option of this list, or a new
     * option named `name`). The type comes from the content; unknown content is refused.
     */
    async upload(companyId: number, id: number, file: { data: Buffer; optionId?: number; name?: string }) {
      await record(companyId, id);
      const sniffed = sniffMimetype(file.data);
      if (!sniffed) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { fields: { files: 'Unknown file type' } });
      const path = await storage.save(companyId, { extension: sniffed.extension, data: file.data });
      if (file.optionId) {
        const [before] = await db
          .select({ path: fileListOptions.path })
          .from(fileListOptions)
          .where(
            and(
              eq(fileListOptions.companyId, companyId),
              eq(fileListOptions.fileListId, id),
              eq(fileListOptions.id, file.optionId),
            ),
          );
        if (!before) {
          await dropFiles([path]);
          throw new AppError('ERR_NOT_FOUND');
        }
        await db
          .update(fileListOptions)
          .set({ path, mimetype: sniffed.mimetype })
          .where(inArray(fileListOptions.id, [file.optionId]));
        await dropFiles([before.path]);
      } else {
        await db.insert(fileListOptions).values({
          companyId,
          fileListId: id,
          name: file.name?.trim().slice(0, 100) || 'file',
          path,
          mimetype: sniffed.mimetype,
        });
      }
      return announce(companyId, id, 'update');
    },

    /** What a campaign sends after its text: the list's options that have a file. */
    async filesOf(handle: Database, companyId: number, id: number) {
      const rows = await handle
        .select({ name: fileListOptions.name, path: fileListOptions.path, mimetype: fileListOptions.mimetype })
        .from(fileListOptions)
        .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, id)))
        .orderBy(asc(fileListOptions.id));
      // The customer sees the option's name; the stored file's extension keeps its type readable.
      return rows.map((row) => {
        const extension = row.path?.split('.').pop();
        const named = extension && !row.name.toLowerCase().endsWith(`.${extension}`);
        return { ...row, name: named ? `${row.name}.${extension}` : row.name };
      });
    },

    async exists(companyId: number, id: number) {
      const [row] = await db
        .select({ id: fileLists.id })
        .from(fileLists)
        .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
      return Boolean(row);
    },
  };
}

export type FileListsService = ReturnType<typeof createFileListsService>;
