import { isSettingKey, type SettingKey, settingDefinitions } from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditActor, AuditLog } from '../audit/index.ts';
import type { createSettingsRealtime } from './settings.realtime.ts';
import type { SettingsRepository } from './settings.repository.ts';
import type { SettingsReader } from './settings-reader.ts';

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
    const allowed: readonly string[] = settingDefinitions[key].values;
    if (!allowed.includes(value)) {
      throw new AppError('ERR_VALIDATION', { fields: { value: `Must be one of: ${allowed.join(', ')}` } });
    }
    const setting = await audit.db.transaction(async (tx) => {
      const before = await repository.valueOf(companyId, key, tx);
      const saved = await repository.set(companyId, key, value, tx);
      await audit.log.record(tx, actor, {
        action: 'setting.updated',
        entityType: 'setting',
        entityId: key,
        companyId,
        before: { [key]: before ?? settingDefinitions[key].default },
        after: { [key]: value },
      });
      return saved;
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
    list: (companyId: number) => repository.list(companyId),
    update,

    /** The company's clock, which every user types and reads planned times on (docs/decisions/dates-and-times.md). */
    async timeZone(companyId: number) {
      return { timeZone: (await reader.locale(companyId)).timeZone };
    },

    /** The super user's companies admin reads and sets any company's settings by id. */
    async listOfCompany(companyId: number) {
      await assertCompanyExists(companyId);
      return repository.list(companyId);
    },

    async updateOfCompany(actor: AuditActor, companyId: number, key: string, value: string) {
      await assertCompanyExists(companyId);
      return update(actor, companyId, key, value);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
