/** spec: plan prices are in BRL and shown per month; the number format follows the interface language. */
export function formatPlanPrice(value: number, language: string): string {
  const locale = language.startsWith('en') ? 'en-US' : language.startsWith('es') ? 'es-ES' : 'pt-BR';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
}
