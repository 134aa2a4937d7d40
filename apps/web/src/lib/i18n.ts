import { type Language, languages } from '@wacrm/shared/common/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageResources } from './locale-resources.ts';
import { storageKeys } from './session-storage.ts';

/** Picks the interface language: the saved choice, else the browser's if we speak it, else English. */
export function detectLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  // A saved value that names no language of ours is skipped, as are unknown browser languages.
  for (const candidate of [saved, ...browserLanguages]) {
    const prefix = candidate?.toLowerCase().split(/[-_]/)[0];
    if (prefix && (languages as readonly string[]).includes(prefix)) return prefix as Language;
  }
  return 'en';
}

export function toLanguage(value: string | undefined): Language {
  const prefix = value?.split(/[-_]/)[0];
  return (languages as readonly string[]).includes(prefix ?? '') ? (prefix as Language) : 'pt';
}

export const i18n: I18n = i18next.createInstance();

/** Loads a language's namespaces into i18next once. */
async function ensureLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  const resources = await loadLanguageResources(lang);
  for (const [namespace, content] of Object.entries(resources)) {
    i18n.addResourceBundle(lang, namespace, content, true, true);
  }
}

/** Starts i18next with the detected language's translations; render after it resolves. */
export async function initI18n(): Promise<I18n> {
  if (i18n.isInitialized) return i18n;
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKeys.language);
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const lng = detectLanguage(saved, browser);
  await i18n.use(initReactI18next).init({
    resources: {},
    lng,
    // spec: Portuguese is the fallback. Every language has every key (a unit test checks it),
    // so pt is not downloaded just in case; it is used when chosen.
    fallbackLng: 'pt',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    partialBundledLanguages: true,
  });
  await ensureLanguage(lng);
  i18n.on('languageChanged', (lang) => {
    document.documentElement.lang = lang;
  });
  document.documentElement.lang = lng;
  return i18n;
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  localStorage.setItem(storageKeys.language, lang);
  await i18n.changeLanguage(lang);
}
