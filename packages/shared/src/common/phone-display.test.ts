import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone-display.ts';

describe('formatPhoneNumber', () => {
  it.each([
    ['5511988887777', '+55 11 98888-7777'],
    ['552134567890', '+55 21 3456-7890'],
    ['5599000000001', '+55 99 00000-0001'],
  ])('writes a Brazilian number %s as %s', (stored, shown) => {
    expect(formatPhoneNumber(stored)).toBe(shown);
  });

  it.each([
    ['14155552671', '+1 415 555 2671'],
    ['351912345678', '+351 912 345 678'],
    ['447911123456', '+44 791 112 3456'],
    ['5491123456789', '+54 911 2345 6789'],
    ['79161234567', '+7 916 123 4567'],
    ['4930123456', '+49 3012 3456'],
    ['551234567', '+55 123 4567'],
  ])('groups an international number %s as %s', (stored, shown) => {
    expect(formatPhoneNumber(stored)).toBe(shown);
  });

  it('leaves groups, non-numeric ids and impossible lengths untouched', () => {
    expect(formatPhoneNumber('120363025246125244', true)).toBe('120363025246125244');
    expect(formatPhoneNumber('5511988887777', true)).toBe('5511988887777');
    expect(formatPhoneNumber('5511999999999-1596000000')).toBe('5511999999999-1596000000');
    expect(formatPhoneNumber('status@broadcast')).toBe('status@broadcast');
    expect(formatPhoneNumber('1234567')).toBe('1234567');
    expect(formatPhoneNumber('1234567890123456')).toBe('1234567890123456');
    expect(formatPhoneNumber('')).toBe('');
  });
});
