import type { AnnouncementFields, AnnouncementPage, ListQuery } from '@wacrm/shared';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, ANNOUNCEMENTS_PAGE_SIZE, announcementMediaExtensions } from '@wacrm/shared';
import { AppError, notFound } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { detectImageKind, hasAcceptedExtension, toDisplayName } from './announcement-media.ts';
import type { AnnouncementsEvents } from './announcements.realtime.ts';
import type { AnnouncementsRepository } from './announcements.repository.ts';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/** Who may call these is decided by the routes (super user); the rules of the data live here. */
export function createAnnouncementsService(deps: {
  repository: AnnouncementsRepository;
  events: AnnouncementsEvents;
  storage: FileStorage;
}) {
  const { repository, events, storage } = deps;

  async function removeFile(path: string | null) {
    if (path) await storage.remove(path);
  }

  return {
    async listPage(query: ListQuery): Promise<AnnouncementPage> {
      const { records, count } = await repository.listPage(query.searchParam, query.pageNumber);
      return { records, count, hasMore: query.pageNumber * ANNOUNCEMENTS_PAGE_SIZE < count };
    },

    listActive: () => repository.listActive(),

    async find(id: number) {
      const record = await repository.findById(id);
      if (!record) throw notFound();
      return record;
    },

    async create(session: RequestSession, fields: AnnouncementFields) {
      const record = await repository.create(session.companyId, fields);
      events.created(record);
      return record;
    },

    async update(id: number, fields: AnnouncementFields) {
      const record = await repository.update(id, fields);
      if (!record) throw notFound();
      events.updated(record);
      return record;
    },

    /** Deleting an announcement removes its file too. */
    async remove(id: number) {
      const removed = await repository.remove(id);
      if (!removed) throw notFound();
      await removeFile(removed.mediaPath);
      events.deleted(id);
    },

    /** Stores a png or jpeg (checked by its bytes) under a generated name, replacing any earlier file. */
    async attachMedia(id: number, file: UploadedFile) {
      const owner = await repository.findOwner(id);
      if (!owner) throw notFound();
      if (file.data.length > ANNOUNCEMENT_MEDIA_MAX_BYTES) throw mediaTooLarge();
      const kind = detectImageKind(file.data);
      if (!kind || !hasAcceptedExtension(file.filename)) {
        throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { details: { accepted: [...announcementMediaExtensions] } });
      }
      const mediaPath = await storage.save(owner.companyId, { extension: kind, data: file.data });
      const replaced = await repository.replaceMedia(id, { mediaPath, mediaName: toDisplayName(file.filename, kind) });
      if (!replaced) {
        // Deleted while the file was being stored.
        await removeFile(mediaPath);
        throw notFound();
      }
      await removeFile(replaced.previousPath);
      events.updated(replaced.record);
      return replaced.record;
    },

    async removeMedia(id: number) {
      const replaced = await repository.replaceMedia(id, null);
      if (!replaced) throw notFound();
      await removeFile(replaced.previousPath);
      events.updated(replaced.record);
      return replaced.record;
    },
  };
}

export const mediaTooLarge = () =>
  new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: ANNOUNCEMENT_MEDIA_MAX_BYTES } });

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
