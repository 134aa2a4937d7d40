import { describe, expect, it } from 'vitest';
import { formatBrl } from './plan-value.ts';

// Intl separates the symbol with a no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatBrl', () => {
  it('formats reais in the interface language', () => {
    expect(plain(formatBrl(1234.5, 'pt'))).toBe('R$ 1.234,50');
    expect(plain(formatBrl(1234.5, 'en'))).toBe('R$1,234.50');
    expect(plain(formatBrl(0, 'pt-BR'))).toBe('R$ 0,00');
  });

  it('falls back to Brazilian Portuguese for an unknown language', () => {
    expect(plain(formatBrl(10, 'de'))).toBe('R$ 10,00');
  });
});
