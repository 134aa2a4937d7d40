import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('server-secret', 'totp');

  it('seals a value that only its own key opens', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(() => createSecretBox('server-secret', 'other use').open(sealed)).toThrow();
    expect(() => createSecretBox('another-secret', 'totp').open(sealed)).toThrow();
  });

  it('refuses an altered value and reads one stored in clear as it is', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => box.open(altered)).toThrow();
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});
