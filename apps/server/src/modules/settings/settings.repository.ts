import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, settings } from '../../tables.ts';
import { defaultSettingsRows } from './settings-defaults.ts';

/** Give it a transaction to write a new company's settings with the company (signup, admin, seed). */
export function createSettingsRepository(db: Database) {
  return {
    list: (companyId: number) =>
      db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(eq(settings.companyId, companyId))
        .orderBy(asc(settings.key)),

    async companyExists(companyId: number) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return Boolean(row);
    },

    async find(companyId: number, key: string) {
      const [row] = await db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
      return row ?? null;
    },

    /** Upsert: a company created before a setting key existed still gets it on first save. */
    async valueOf(companyId: number, key: string, tx: Database = db) {
      const [row] = await tx
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
      return row?.value ?? null;
    },

    async set(companyId: number, key: string, value: string, tx: Database = db) {
      const [row] = await tx
        .insert(settings)
        .values({ companyId, key, value })
        .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } })
        .returning({ key: settings.key, value: settings.value });
      return row;
    },

    /** A new company's settings: every default of the spec, with `overrides` by key. */
    async insertDefaults(companyId: number, overrides: Record<string, string> = {}) {
      const rows = defaultSettingsRows(companyId).map((row) =>
        row.key in overrides ? { ...row, value: overrides[row.key] } : row,
      );
      await db.insert(settings).values(rows);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
