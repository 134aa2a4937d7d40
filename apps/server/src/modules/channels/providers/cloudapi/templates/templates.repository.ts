import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../../../platform/db/client.ts';
import { whatsappTemplates } from '../../../channels.tables.ts';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;

export interface TemplateWrite {
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
}

/** A Cloud API connection's templates (`whatsapp_templates`, owned by channels). */
export function createTemplatesRepository(db: Database) {
  const ofConnection = (companyId: number, whatsappId: number) =>
    and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.whatsappId, whatsappId));

  return {
    async list(companyId: number, whatsappId: number) {
      return db
        .select()
        .from(whatsappTemplates)
        .where(ofConnection(companyId, whatsappId))
        .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
    },

    async lastSyncedAt(companyId: number, whatsappId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(whatsappTemplates.syncedAt) })
        .from(whatsappTemplates)
        .where(ofConnection(companyId, whatsappId));
      return row?.at ?? null;
    },

    async find(companyId: number, whatsappId: number, name: string, language: string) {
      const [row] = await db
        .select()
        .from(whatsappTemplates)
        .where(
          and(
            ofConnection(companyId, whatsappId),
            eq(whatsappTemplates.name, name),
            eq(whatsappTemplates.language, language),
          ),
        );
      return row ?? null;
    },

    /**
     * Makes the stored list Meta's: new templates added, known ones rewritten, the rest removed;
     * in one transaction, so a reader sees the old list or the new one. Answers what changed.
     */
    async replaceAll(companyId: number, whatsappId: number, templates: TemplateWrite[], at: Date) {
      return db.transaction(async (tx) => {
        const before = await tx
          .select({
            name: whatsappTemplates.name,
            language: whatsappTemplates.language,
            status: whatsappTemplates.status,
            category: whatsappTemplates.category,
            components: whatsappTemplates.components,
          })
          .from(whatsappTemplates)
          .where(ofConnection(companyId, whatsappId));
        const keyOf = (template: { name: string; language: string }) => `${template.language} ${template.name}`;
        const known = new Map(before.map((row) => [keyOf(row), row]));
        let added = 0;
        let updated = 0;
        for (const template of templates) {
          const previous = known.get(keyOf(template));
          if (!previous) added += 1;
          else if (
            previous.status !== template.status ||
            previous.category !== template.category ||
            // jsonb keeps keys in its own order: compared as values, not as text.
            !isDeepStrictEqual(previous.components, template.components)
          )
            updated += 1;
        }
        const keep = new Set(templates.map(keyOf));
        const removed = before.filter((row) => !keep.has(keyOf(row))).length;

        if (templates.length > 0) {
          await tx
            .insert(whatsappTemplates)
            .values(templates.map((template) => ({ ...template, companyId, whatsappId, syncedAt: at })))
            .onConflictDoUpdate({
              target: [whatsappTemplates.whatsappId, whatsappTemplates.name, whatsappTemplates.language],
              set: {
                category: sql`excluded.category`,
                status: sql`excluded.status`,
                components: sql`excluded.components`,
                syncedAt: sql`excluded.synced_at`,
              },
            });
        }
        // Every template Meta answered now carries this synchronisation's time: the rest are gone.
        await tx
          .delete(whatsappTemplates)
          .where(and(ofConnection(companyId, whatsappId), ne(whatsappTemplates.syncedAt, at)));
        return { added, updated, removed };
      });
    },
  };
}

export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
