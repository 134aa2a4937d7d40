import { describe, expect, it } from 'vitest';
import { dateTextToIso, isoToDateText, maskDateText } from './date-text.ts';

describe('maskDateText', () => {
  it.each([
    ['23', '23'],
    ['231', '23/1'],
    ['2311', '23/11'],
    ['23112026', '23/11/2026'],
    ['23/11/2026', '23/11/2026'],
    ['23-11-2026x9', '23/11/2026'],
    ['2026-11-23', '23/11/2026'],
    ['ab', ''],
  ])('%s → %s', (input, expected) => {
    expect(maskDateText(input)).toBe(expected);
  });
});

describe('dates between the field and the API', () => {
  it('converts both ways', () => {
    expect(isoToDateText('2026-11-23')).toBe('23/11/2026');
    expect(dateTextToIso('23/11/2026')).toBe('2026-11-23');
    expect(isoToDateText('')).toBe('');
  });

  it('refuses incomplete and impossible days', () => {
    expect(dateTextToIso('23/11/20')).toBeNull();
    expect(dateTextToIso('31/02/2026')).toBeNull();
    expect(dateTextToIso('29/02/2024')).toBe('2024-02-29');
  });
});
