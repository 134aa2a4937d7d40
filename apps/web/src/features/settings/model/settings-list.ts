import type { Setting } from '@wacrm/shared/settings/settings';

/** Replaces the setting with the same key, or adds it (a key the company never saved). */
export function mergeSetting(list: readonly Setting[], setting: Setting): Setting[] {
  const found = list.some((item) => item.key === setting.key);
  return found ? list.map((item) => (item.key === setting.key ? setting : item)) : [...list, setting];
}

export function settingValue(list: readonly Setting[] | undefined, key: string): string | undefined {
  return list?.find((item) => item.key === key)?.value;
}
