import type { Announcement, AnnouncementFields } from '@wacrm/shared';
import { ACTIVE_ANNOUNCEMENTS_LIMIT, ANNOUNCEMENTS_PAGE_SIZE } from '@wacrm/shared';
import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/text-search.ts';
import { announcements } from '../../tables.ts';

/** What every client may see of an announcement: the author's company id stays on the server. */
const publicColumns = {
  id: announcements.id,
  title: announcements.title,
  text: announcements.text,
  priority: announcements.priority,
  status: announcements.status,
  mediaPath: announcements.mediaPath,
  mediaName: announcements.mediaName,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
};

/**
 * Announcements are platform-wide records written by the super user, so the queries here
 * are not scoped to a reader's company. `companyId` is the author's company: it owns the
 * row and the media files (both go when that company is deleted).
 */
export function createAnnouncementsRepository(db: Database, mediaUrlOf: (relativePath: string) => string) {
  /** The row as it goes over the wire: dates become ISO strings in JSON, media as a signed link. */
  const toAnnouncement = (row: { priority: number; createdAt: Date; updatedAt: Date; mediaPath: string | null }) =>
    ({ ...row, mediaUrl: row.mediaPath ? mediaUrlOf(row.mediaPath) : null }) as unknown as Announcement;

  return {
    async listPage(searchParam: string, pageNumber: number) {
      const where = searchParam
        ? or(containsText(announcements.title, searchParam), containsText(announcements.text, searchParam))
        : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(publicColumns)
          .from(announcements)
          .where(where)
          .orderBy(desc(announcements.createdAt), desc(announcements.id))
          .limit(ANNOUNCEMENTS_PAGE_SIZE)
          .offset((pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE),
        db.select({ total: count() }).from(announcements).where(where),
      ]);
      return { records: rows.map(toAnnouncement), count: total };
    },

    /** Active ones, most important first, then newest. */
    async listActive() {
      const rows = await db
        .select(publicColumns)
        .from(announcements)
        .where(eq(announcements.status, true))
        .orderBy(asc(announcements.priority), desc(announcements.createdAt), desc(announcements.id))
        .limit(ACTIVE_ANNOUNCEMENTS_LIMIT);
      return rows.map(toAnnouncement);
    },

    async findById(id: number) {
      const [row] = await db.select(publicColumns).from(announcements).where(eq(announcements.id, id));
      return row ? toAnnouncement(row) : null;
    },

    /** The owner company of an announcement: its media is stored in that company's folder. */
    async findOwner(id: number) {
      const [row] = await db
        .select({ companyId: announcements.companyId })
        .from(announcements)
        .where(eq(announcements.id, id));
      return row ?? null;
    },

    async create(authorCompanyId: number, fields: AnnouncementFields) {
      const [row] = await db
        .insert(announcements)
        .values({ companyId: authorCompanyId, ...fields })
        .returning(publicColumns);
      return toAnnouncement(row);
    },

    async update(id: number, fields: AnnouncementFields) {
      const [row] = await db
        .update(announcements)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(announcements.id, id))
        .returning(publicColumns);
      return row ? toAnnouncement(row) : null;
    },

    /**
     * Sets (or clears) the attachment and answers the path it replaced, read under a row lock
     * so that two uploads at once cannot both keep the same old file.
     */
    replaceMedia(id: number, media: { mediaPath: string; mediaName: string } | null) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ mediaPath: announcements.mediaPath })
          .from(announcements)
          .where(eq(announcements.id, id))
          .for('update');
        if (!current) return null;
        const [row] = await tx
          .update(announcements)
          .set({ mediaPath: media?.mediaPath ?? null, mediaName: media?.mediaName ?? null, updatedAt: new Date() })
          .where(and(eq(announcements.id, id)))
          .returning(publicColumns);
        return { record: toAnnouncement(row), previousPath: current.mediaPath };
      });
    },

    async remove(id: number) {
      const [row] = await db
        .delete(announcements)
        .where(eq(announcements.id, id))
        .returning({ mediaPath: announcements.mediaPath });
      return row ?? null;
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
