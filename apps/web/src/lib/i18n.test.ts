import { errorCodes } from '@wacrm/shared/errors/codes';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './i18n.ts';
import { type LanguageResources, toNamespaces } from './locale-resources.ts';

type Files = Record<string, Record<string, unknown>>;
const localeResources: Record<'pt' | 'en' | 'es', LanguageResources> = {
  pt: toNamespaces(import.meta.glob<Files[string]>('../locales/pt/*.json', { eager: true, import: 'default' })),
  en: toNamespaces(import.meta.glob<Files[string]>('../locales/en/*.json', { eager: true, import: 'default' })),
  es: toNamespaces(import.meta.glob<Files[string]>('../locales/es/*.json', { eager: true, import: 'default' })),
};
const namespaces = Object.keys(localeResources.pt);

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const lang of ['en', 'es'] as const) {
      expect(Object.keys(localeResources[lang]).sort()).toEqual([...namespaces].sort());
    }
  });

  it.each(['common', 'errors', 'auth', 'shell'])('has identical keys in pt, en and es for %s', (namespace) => {
    const pt = keyPaths(localeResources.pt[namespace]).sort();
    expect(keyPaths(localeResources.en[namespace]).sort()).toEqual(pt);
    expect(keyPaths(localeResources.es[namespace]).sort()).toEqual(pt);
  });

  it('checks every namespace file, including ones added later', () => {
    for (const namespace of namespaces) {
      const pt = keyPaths(localeResources.pt[namespace]).sort();
      expect(keyPaths(localeResources.en[namespace]).sort(), `en/${namespace}.json`).toEqual(pt);
      expect(keyPaths(localeResources.es[namespace]).sort(), `es/${namespace}.json`).toEqual(pt);
    }
  });

  it('translates every code of the error catalogue', () => {
    for (const lang of ['pt', 'en', 'es'] as const) {
      const errors = localeResources[lang].errors as Record<string, string>;
      const missing = errorCodes.filter((code) => typeof errors[code] !== 'string' || !errors[code]);
      expect(missing, lang).toEqual([]);
    }
  });

  it('keeps the exact spec text of the "opened elsewhere" notice in Portuguese', () => {
    expect((localeResources.pt.auth as { openedElsewhere: string }).openedElsewhere).toBe(
      'Sua conta foi acessada em outro computador.',
    );
  });
});

describe('detectLanguage', () => {
  it('prefers the saved language', () => expect(detectLanguage('es', ['pt-BR'])).toBe('es'));
  it('matches browser prefixes like pt-BR', () => expect(detectLanguage(null, ['pt-BR', 'en-US'])).toBe('pt'));
  it('skips unknown saved values', () => expect(detectLanguage('fr', ['es-AR'])).toBe('es'));
  it('falls back to English', () => expect(detectLanguage(null, ['de-DE', 'fr'])).toBe('en'));
});
