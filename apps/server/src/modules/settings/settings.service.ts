import { isSettingKey, settingDefinitions } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import type { createSettingsRealtime } from './settings.realtime.ts';
import type { SettingsRepository } from './settings.repository.ts';

export function createSettingsService(
  repository: SettingsRepository,
  events: ReturnType<typeof createSettingsRealtime>,
) {
  return {
    list: (companyId: number) => repository.list(companyId),

    async update(companyId: number, key: string, value: string) {
      if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
      const allowed: readonly string[] = settingDefinitions[key].values;
      if (!allowed.includes(value)) {
        throw new AppError('ERR_VALIDATION', { fields: { value: `Must be one of: ${allowed.join(', ')}` } });
      }
      const setting = await repository.set(companyId, key, value);
      events.settingUpdated(companyId, setting);
      return setting;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
