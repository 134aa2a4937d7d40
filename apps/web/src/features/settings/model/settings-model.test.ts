import { describe, expect, it } from 'vitest';
import { mergeSetting, settingValue } from './settings-list.ts';

describe('mergeSetting', () => {
  it('replaces by key and adds unknown keys', () => {
    const list = [{ key: 'call', value: 'enabled' }];
    expect(mergeSetting(list, { key: 'call', value: 'disabled' })).toEqual([{ key: 'call', value: 'disabled' }]);
    expect(settingValue(mergeSetting(list, { key: 'userRating', value: 'enabled' }), 'userRating')).toBe('enabled');
  });
});
