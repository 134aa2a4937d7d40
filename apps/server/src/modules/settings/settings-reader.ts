import { type SettingKey, settingDefinitions } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createProcessCache } from '../../platform/cache/process-cache.ts';
import type { NodeBus } from '../../platform/cluster/node-bus.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** How long a company's settings read here answer without asking the database again. */
export const SETTINGS_CACHE_MS = 5_000;
/** At most this many companies' settings are kept per process (least recently used go first). */
export const SETTINGS_CACHE_SIZE = 2_000;

export type MessagesLanguageSetting = 'pt' | 'en' | 'es';

interface CompanySettings {
  companyId: number;
  stored: Map<string, string>;
}

/**
 * Company settings for server behaviour, which the inbound path, routing automation, the plan gate
 * and the dashboard read on every message or request and an admin rarely changes. Each company's
 * rows are kept per process for `SETTINGS_CACHE_MS` (platform/cache/process-cache.ts); whatever
 * writes a setting calls `forget` once its write has committed, and the other processes are told.
 */
export function createSettingsReader(
  repository: Pick<SettingsRepository, 'list'>,
  options: { bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>; log?: FastifyBaseLogger; now?: () => number } = {},
) {
  const cache = createProcessCache<CompanySettings>({
    ...options,
    news: 'settings-changed',
    ttlMs: SETTINGS_CACHE_MS,
    size: SETTINGS_CACHE_SIZE,
    groupOf: (kept) => kept.companyId,
  });

  async function readCompany(companyId: number): Promise<CompanySettings> {
    const rows = await repository.list(companyId);
    return { companyId, stored: new Map(rows.map((row) => [row.key, row.value])) };
  }

  /** The stored value of each key, or the key's default when the company has none yet. */
  async function read<Key extends SettingKey>(companyId: number, keys: readonly Key[]) {
    const kept = await cache.get(companyId, readCompany);
    return Object.fromEntries(
      keys.map((key) => [key, kept?.stored.get(key) ?? settingDefinitions[key].default]),
    ) as Record<Key, string>;
  }

  return {
    read,

    /** The company's clock and the language of what the product writes to customers. */
    async locale(companyId: number) {
      const values = await read(companyId, ['timezone', 'messagesLanguage']);
      return { timeZone: values.timezone, language: values.messagesLanguage as MessagesLanguageSetting };
    },

    /** A setting of the company changed, or the company is gone (after the commit). */
    forget(companyId: number) {
      cache.forget(companyId);
    },

    /** Companies kept now (tests). */
    get size() {
      return cache.size;
    },
  };
}

export type SettingsReader = ReturnType<typeof createSettingsReader>;
/** What a module that writes settings calls once its write has committed. */
export type SettingsInvalidation = Pick<SettingsReader, 'forget'>;
