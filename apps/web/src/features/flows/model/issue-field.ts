import type { TFunction } from 'i18next';

/**
 * A flow issue's field in words (`arrayOption.0` → "option 1", `true` → "the 'yes' branch"), or
 * null for a field a person would not recognise: the editor never shows an internal path.
 */
export function issueFieldLabel(t: TFunction, field: string | undefined): string | null {
  if (!field) return null;
  const option = /^arrayOption\.(\d+)/.exec(field);
  if (option) return t('issues.fields.option', { number: Number(option[1]) + 1 });
  const known = t(`issues.fields.${field}`, { defaultValue: '' });
  return known || null;
}
