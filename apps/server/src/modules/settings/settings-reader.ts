import { type SettingKey, settingDefinitions } from '@wacrm/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { settings } from '../../platform/db/schema.ts';

/**
 * Reads company settings for server behaviour: the stored value, or the key's default when a
 * company has none yet (keys added after it was created). One query for any number of keys.
 */
export async function readSettings<Key extends SettingKey>(
  db: Database,
  companyId: number,
  keys: readonly Key[],
): Promise<Record<Key, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.key, [...keys])));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? settingDefinitions[key].default])) as Record<
    Key,
    string
  >;
}

export type MessagesLanguageSetting = 'pt' | 'en' | 'es';

/** The company's clock and the language of what the product writes to customers. */
export async function readCompanyLocale(db: Database, companyId: number) {
  const values = await readSettings(db, companyId, ['timezone', 'messagesLanguage']);
  return { timeZone: values.timezone, language: values.messagesLanguage as MessagesLanguageSetting };
}
