import { describe, expect, it } from 'vitest';
import { formatAmount, formatBrl, parseAmount } from './plan-value.ts';

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

describe('formatAmount', () => {
  it('shows two decimals with the language separators and no symbol', () => {
    expect(formatAmount(149.9, 'pt')).toBe('149,90');
    expect(formatAmount(1234.5, 'pt-BR')).toBe('1.234,50');
    expect(formatAmount(1234.5, 'en')).toBe('1,234.50');
    expect(formatAmount(12345.5, 'es')).toBe('12.345,50');
    expect(formatAmount(0, 'pt')).toBe('0,00');
  });
});

describe('parseAmount', () => {
  it.each([
    ['149,90', 'pt', 149.9],
    ['1.234,50', 'pt', 1234.5],
    ['R$ 1.234,5', 'pt', 1234.5],
    ['149', 'pt', 149],
    ['1.234', 'pt', 1234],
    ['1.234.567', 'pt', 1234567],
    ['149.90', 'pt', 149.9],
    ['149.9', 'pt', 149.9],
    ['1,234.50', 'en', 1234.5],
    ['149.90', 'en', 149.9],
    ['149,90', 'en', 149.9],
    ['1,234', 'en', 1234],
    ['12.345,50', 'es', 12345.5],
    ['0', 'es', 0],
  ])('reads %s in %s as %d', (text, language, expected) => {
    expect(parseAmount(text, language)).toBe(expected);
  });

  it.each(['', '  ', 'abc', '1,2,3', '149,999', '-5', '1e3', '12,34,56'])('refuses %j', (text) => {
    expect(parseAmount(text, 'pt')).toBeNull();
  });

  it('round-trips what it formats', () => {
    for (const language of ['pt', 'en', 'es']) {
      for (const value of [0, 9.9, 149.9, 1234.56, 1_000_000]) {
        expect(parseAmount(formatAmount(value, language), language)).toBe(value);
      }
    }
  });
});
