import { settingDefinitions, settingKeys } from '@wacrm/shared';

/** Every setting of the spec with its default, for a new company. */
export function defaultSettingsRows(companyId: number) {
  return settingKeys.map((key) => ({ companyId, key, value: settingDefinitions[key].default }));
}
