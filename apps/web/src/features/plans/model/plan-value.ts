const localeByLanguage: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

/** spec: plan prices are in BRL, shown per month. The number format follows the interface language. */
export function formatBrl(value: number, language: string): string {
  const locale = localeByLanguage[language.slice(0, 2)] ?? 'pt-BR';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
}
