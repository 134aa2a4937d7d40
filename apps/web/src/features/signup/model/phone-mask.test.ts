import { describe, expect, it } from 'vitest';
import { formatPhone, nextPhoneValue } from './phone-mask.ts';

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['119876', '(11) 9876'],
    ['1198765', '(11) 9876-5'],
    ['1187654321', '(11) 8765-4321'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'],
    ['(11) 98765-4321', '(11) 98765-4321'],
    ['+55 abc', '(55'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('nextPhoneValue', () => {
  it('formats what was typed', () => {
    expect(nextPhoneValue('(11) 9876', '(11) 98765')).toBe('(11) 9876-5');
  });

  it('removes a digit when backspace hits a mask character', () => {
    expect(nextPhoneValue('(11) 9876-5', '(11) 9876-')).toBe('(11) 9876');
    expect(nextPhoneValue('(11) 9', '(11) ')).toBe('(11');
    expect(nextPhoneValue('(11', '(1')).toBe('(1');
  });

  it('keeps a pasted number', () => {
    expect(nextPhoneValue('', '11 98765 4321')).toBe('(11) 98765-4321');
  });
});
