import { describe, expect, it } from 'vitest';
import { mergeSetting, settingValue } from './settings-list.ts';
import { maskTime } from './time-mask.ts';

describe('mergeSetting', () => {
  it('replaces by key and adds unknown keys', () => {
    const list = [{ key: 'call', value: 'enabled' }];
    expect(mergeSetting(list, { key: 'call', value: 'disabled' })).toEqual([{ key: 'call', value: 'disabled' }]);
    expect(settingValue(mergeSetting(list, { key: 'userRating', value: 'enabled' }), 'userRating')).toBe('enabled');
  });
});

describe('maskTime', () => {
  it.each([
    ['0830', '08:30'],
    ['08:30', '08:30'],
    ['8', '8'],
    ['083', '08:3'],
    ['12:345', '12:34'],
    ['ab', ''],
  ])('%s → %s', (input, expected) => {
    expect(maskTime(input)).toBe(expected);
  });
});
