import {
  acceptsSettingValue,
  isSecretSetting,
  isSettingKey,
  maskSecret,
  type SettingKey,
  settingDefinitions,
} from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
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
) {
  async function update(companyId: number, key: string, value: string) {
    if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
    if (!acceptsSettingValue(key, value)) {
      const allowed: readonly string[] = settingDefinitions[key].values;
      const hint = allowed.length ? `Must be one of: ${allowed.join(', ')}` : 'Not a value this setting accepts';
      throw new AppError('ERR_VALIDATION', { fields: { value: hint } });
    }
    const setting = masked(await repository.set(companyId, key, value));
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

    async updateOfCompany(companyId: number, key: string, value: string) {
      await assertCompanyExists(companyId);
      return update(companyId, key, value);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
