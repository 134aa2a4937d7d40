import {
  hasPermission,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessageFields,
  type QuickMessageRecord,
  toQuickMessageMediaName,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { isAcceptedMimetype, safeExtension } from '../channels/index.ts';
import type { QuickMessagesRealtime } from './quick-messages.realtime.ts';
import { createQuickMessagesRepository, type QuickMessageRow } from './quick-messages.repository.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export const mediaTooLarge = () =>
  new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: QUICK_MESSAGE_MEDIA_MAX_BYTES } });

/**
 * Quick messages (docs/decisions/tags-and-quick-messages.md): a personal one is seen and managed
 * by its author only (anyone else gets 404); a company-wide (`geral`) one is seen by every user and
 * managed by admins only (others get 403). Only admins make one company-wide.
 */
export function createQuickMessagesService(deps: {
  db: Database;
  storage: FileStorage;
  events: QuickMessagesRealtime;
  log: { warn(object: unknown, message: string): void };
}) {
  const { storage, events, log } = deps;
  const repository = createQuickMessagesRepository(deps.db);
  // Admins and supervisors manage the company's quick messages (`quick-messages:manageCompany`).
  const isAdmin = (session: RequestSession) => hasPermission(session, 'quick-messages:manageCompany');

  const toRecord = (row: QuickMessageRow): QuickMessageRecord => ({
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    isMedia: row.mediaPath !== null,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath ? storage.urlOf(row.mediaPath) : null,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** A file that cannot be removed stays behind; the quick message does not fail for it. */
  const removeFile = async (mediaPath: string | null) => {
    if (!mediaPath) return;
    await storage.remove(mediaPath).catch((error) => log.warn({ error, mediaPath }, 'quick message file not removed'));
  };

  async function findVisible(session: RequestSession, id: number) {
    const row = await repository.findVisible(session.companyId, session.userId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    return row;
  }

  /** The row the caller may change: their own personal one, or a company-wide one for admins. */
  async function findManageable(session: RequestSession, id: number) {
    const row = await findVisible(session, id);
    if (row.geral ? !isAdmin(session) : row.userId !== session.userId) throw new AppError('ERR_NO_PERMISSION');
    return row;
  }

  const assertMayShare = (session: RequestSession, geral: boolean | undefined) => {
    if (geral && !isAdmin(session)) throw new AppError('ERR_NO_PERMISSION', { fields: { geral: 'Admins only' } });
  };

  async function saved(session: RequestSession, row: QuickMessageRow | null, previous?: QuickMessageRow) {
    if (!row) throw new AppError('ERR_NOT_FOUND');
    const record = toRecord(row);
    events.saved(session.companyId, previous ? 'update' : 'create', record, previous);
    return record;
  }

  return {
    async page(session: RequestSession, query: { searchParam: string; pageNumber: number }) {
      const { companyId, userId } = session;
      const size = QUICK_MESSAGES_PAGE_SIZE;
      const { rows, count } = await repository.page(companyId, userId, query.searchParam, query.pageNumber, size);
      return { records: rows.map(toRecord), count, hasMore: query.pageNumber * size < count };
    },

    list: async (session: RequestSession) => (await repository.active(session.companyId, session.userId)).map(toRecord),

    find: async (session: RequestSession, id: number) => toRecord(await findVisible(session, id)),

    async create(session: RequestSession, fields: QuickMessageFields) {
      assertMayShare(session, fields.geral);
      const row = await repository.insert(session.companyId, {
        userId: session.userId,
        shortcode: fields.shortcode,
        message: fields.message ?? '',
        geral: fields.geral ?? false,
        status: fields.status ?? true,
      });
      return saved(session, row);
    },

    async update(session: RequestSession, id: number, fields: QuickMessageFields) {
      const current = await findManageable(session, id);
      assertMayShare(session, fields.geral);
      const row = await repository.update(session.companyId, id, {
        shortcode: fields.shortcode,
        ...(fields.message !== undefined ? { message: fields.message } : {}),
        ...(fields.geral !== undefined ? { geral: fields.geral } : {}),
        ...(fields.status !== undefined ? { status: fields.status } : {}),
      });
      return saved(session, row, current);
    },

    async remove(session: RequestSession, id: number) {
      await findManageable(session, id);
      const row = await repository.remove(session.companyId, id);
      if (!row) throw new AppError('ERR_NOT_FOUND');
      await removeFile(row.mediaPath);
      events.deleted(session.companyId, row);
    },

    /** Any common file type (never one a browser would run) up to the message media limit. */
    async attachMedia(session: RequestSession, id: number, file: UploadedFile) {
      const current = await findManageable(session, id);
      if (file.data.length > QUICK_MESSAGE_MEDIA_MAX_BYTES) throw mediaTooLarge();
      if (!isAcceptedMimetype(file.mimetype)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
      const mediaName = toQuickMessageMediaName(file.filename);
      const mediaPath = await storage.save(session.companyId, { extension: safeExtension(mediaName), data: file.data });
      const row = await repository.update(session.companyId, id, { mediaPath, mediaName });
      if (!row) {
        await removeFile(mediaPath);
        throw new AppError('ERR_NOT_FOUND');
      }
      await removeFile(current.mediaPath);
      return saved(session, row, current);
    },

    async removeMedia(session: RequestSession, id: number) {
      const current = await findManageable(session, id);
      const row = await repository.update(session.companyId, id, { mediaPath: null, mediaName: null });
      await removeFile(current.mediaPath);
      return saved(session, row, current);
    },
  };
}

export type QuickMessagesService = ReturnType<typeof createQuickMessagesService>;
