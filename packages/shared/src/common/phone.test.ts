import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber } from './phone.ts';

describe('normalizePhoneNumber', () => {
  it.each([
    ['+55 (11) 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
    ['(11) 98765-4321', '5511987654321'],
    ['11 98765 4321', '5511987654321'],
    ['011 98765-4321', '5511987654321'],
    ['(21) 3456-7890', '552134567890'],
    ['0055 21 3456-7890', '552134567890'],
    ['+1 (415) 555-2671', '14155552671'],
    ['+351 912 345 678', '351912345678'],
    ['14155552671', '14155552671'],
    ['  ', ''],
    ['abc', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it('does not take an 11-digit number whose third digit is not 9 for a Brazilian mobile', () => {
    // 11 digits, area code 11, then 8 → not a Brazilian mobile: kept as typed.
    expect(normalizePhoneNumber('11887654321')).toBe('11887654321');
  });

  it('is idempotent', () => {
    for (const input of ['(11) 98765-4321', '+1 415 555 2671', '(21) 3456-7890']) {
      const once = normalizePhoneNumber(input);
      expect(normalizePhoneNumber(once)).toBe(once);
    }
  });
});
