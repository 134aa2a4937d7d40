import { describe, expect, it } from 'vitest';
import { toQuickMessageMediaName } from './quick-message.schema.ts';

describe('toQuickMessageMediaName', () => {
  it('turns spaces into underscores and drops folders and control characters', () => {
    expect(toQuickMessageMediaName('my price list 2026.pdf')).toBe('my_price_list_2026.pdf');
    expect(toQuickMessageMediaName('C:\\docs\\a  b\tc.png')).toBe('a_b_c.png');
    expect(toQuickMessageMediaName('../../etc/pass wd')).toBe('pass_wd');
    expect(toQuickMessageMediaName('   ')).toBe('file');
  });
});
