const localeByLanguage: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

const localeOf = (language: string) => localeByLanguage[language.slice(0, 2)] ?? 'pt-BR';

/** spec: plan prices are in BRL, shown per month. The number format follows the interface language. */
export function formatBrl(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'BRL' }).format(value);
}

/** The amount as the price field shows it, without the currency symbol: "1.234,50" in pt. */
export function formatAmount(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

function separatorsOf(language: string) {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(1234567.5);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? ',',
    group: parts.find((part) => part.type === 'group')?.value ?? '.',
  };
}

/**
 * Reads what the user typed in the price field, in the interface language ("1.234,50" in pt,
 * "1,234.50" in en). A lone other separator followed by one or two digits is read as the
 * decimal point too, so "149.90" typed in pt is 149.9 and not 14,990. Null when it is not an
 * amount with at most two decimals.
 */
export function parseAmount(text: string, language: string): number | null {
  const { decimal, group } = separatorsOf(language);
  let plain = text.replace(/R\$|\s/g, '');
  if (!plain) return null;
  if (plain.includes(decimal)) {
    const at = plain.lastIndexOf(decimal);
    plain = `${plain.slice(0, at).split(group).join('')}.${plain.slice(at + 1)}`;
  } else if (plain.split(group).length === 2 && /^\d{1,2}$/.test(plain.split(group)[1] ?? '')) {
    plain = plain.replace(group, '.');
  } else {
    plain = plain.split(group).join('');
  }
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : null;
}
