import type { Language } from '@wacrm/shared/common/constants';

export type Namespace = Record<string, unknown>;
export type LanguageResources = Record<string, Namespace>;

// One lazily loaded chunk per language (src/locales/<lang>.ts gathers its namespace files),
// so the first page downloads only the language it shows.
const languageModules = import.meta.glob<Record<string, Namespace>>('../locales/*.ts', { import: 'default' });

/** Turns `{ './pt/auth.json': {...} }` into `{ auth: {...} }`. */
export function toNamespaces(files: Record<string, Namespace>): LanguageResources {
  const resources: LanguageResources = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /([\w-]+)\.json$/.exec(path);
    if (match) resources[match[1]] = content;
  }
  return resources;
}

export async function loadLanguageResources(lang: Language): Promise<LanguageResources> {
  const load = languageModules[`../locales/${lang}.ts`];
  if (!load) throw new Error(`No translations for ${lang}`);
  return toNamespaces(await load());
}
