import type { HelpFields } from '@wacrm/shared';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { helps } from '../../tables.ts';

/** Help videos are platform-wide (no company id): the super user manages them for everyone. */
export function createHelpsRepository(db: Database) {
  const columns = {
    id: helps.id,
    title: helps.title,
    description: helps.description,
    video: helps.video,
    link: helps.link,
  };
  return {
    list: () => db.select(columns).from(helps).orderBy(asc(helps.title), asc(helps.id)),

    async create(fields: HelpFields) {
      const [row] = await db.insert(helps).values(fields).returning(columns);
      return row;
    },

    async update(id: number, fields: HelpFields) {
      const [row] = await db
        .update(helps)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(helps.id, id))
        .returning(columns);
      return row ?? null;
    },

    async remove(id: number) {
      const deleted = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
      return deleted.length > 0;
    },
  };
}

export type HelpsRepository = ReturnType<typeof createHelpsRepository>;
