import {
  acceptsSettingValue,
  isSecretSetting,
  isSettingKey,
  maskSecret,
  type SettingKey,
  settingDefinitions,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { createSettingsRealtime } from './settings.realtime.ts';
import type { SettingsRepository } from './settings.repository.ts';
import type { SettingsReader } from './settings-reader.ts';

/** A secret setting (the AI assist's key) is written, never read back: answers and events carry it masked. */
function masked(setting: { key: string; value: string }) {
  return isSecretSetting(setting.key) ? { ...setting, value: maskSecret(setting.value) ?? '' } : setting;
}

export function createSettingsService(
  repository: SettingsRepository,
  events: ReturnType<typeof createSettingsRealtime>,
  reader: Pick<SettingsReader, 'forget' | 'locale'>,
  /** A setting changed (after its commit): modules above that act on one are told (late-bound in app.ts). */
  changed: (companyId: number, key: SettingKey) => Promise<void>,
  audit: { db: Database; log: AuditLog },
) {
  async function update(actor: AuditActor, companyId: number, key: string, value: string) {
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
    if (!acceptsSettingValue(key, value)) {
      const allowed: readonly string[] = settingDefinitions[key].values;
      const hint = allowed.length ? `Must be one of: ${allowed.join(', ')}` : 'Not a value this setting accepts';
      throw new AppError('ERR_VALIDATION', { fields: { value: hint } });
    }
    const setting = await audit.db.transaction(async (tx) => {
      const before = await repository.valueOf(companyId, key, tx);
      const saved = await repository.set(companyId, key, value, tx);
      // A secret setting (an API key) is never written to the log, whatever its name says.
      const shown = (text: string) => (isSecretSetting(key) ? '[hidden]' : text);
      await audit.log.record(tx, actor, {
        action: 'setting.updated',
        entityType: 'setting',
        entityId: key,
        companyId,
        before: { [key]: shown(before ?? settingDefinitions[key].default) },
        after: { [key]: shown(value) },
      });
      return masked(saved);
    });
    reader.forget(companyId);
    events.settingUpdated(companyId, setting);
    await changed(companyId, key);
    return setting;
  }

  async function assertCompanyExists(companyId: number) {
    if (!(await repository.companyExists(companyId))) throw new AppError('ERR_NOT_FOUND');
  }

  return {
    list: async (companyId: number) => (await repository.list(companyId)).map(masked),
    update,

    /** The company's clock, which every user types and reads planned times on (docs/decisions/dates-and-times.md). */
    async timeZone(companyId: number) {
      return { timeZone: (await reader.locale(companyId)).timeZone };
    },

    /** The super user's companies admin reads and sets any company's settings by id. */
    async listOfCompany(companyId: number) {
      await assertCompanyExists(companyId);
      return (await repository.list(companyId)).map(masked);
    },

    async updateOfCompany(actor: AuditActor, companyId: number, key: string, value: string) {
      await assertCompanyExists(companyId);
      return update(actor, companyId, key, value);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
