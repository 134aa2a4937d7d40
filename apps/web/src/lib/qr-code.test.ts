import { describe, expect, it } from 'vitest';
import { encodeQrCode } from './qr-code.ts';

const finderAt = (modules: boolean[][], left: number, top: number) =>
  [0, 1, 2, 3, 4, 5, 6].every((i) => modules[top][left + i] && modules[top + 6][left + i] && modules[top + i][left]);

// Decoding was checked with zbarimg on versions 1, 3, 10, 24 and 40 while writing the encoder.
describe('encodeQrCode', () => {
  it('picks the smallest version that holds the text (level M, byte mode)', () => {
    expect(encodeQrCode('hello')).toHaveLength(21);
    // A Baileys-sized pairing text (about 230 characters) needs version 10 or 11.
    expect(encodeQrCode('x'.repeat(213))).toHaveLength(57);
    expect(encodeQrCode('x'.repeat(214))).toHaveLength(61);
  });

  it('draws the three finder patterns and the dark module', () => {
    const modules = encodeQrCode('sandbox:1:ABC');
    const size = modules.length;
    expect(finderAt(modules, 0, 0)).toBe(true);
    expect(finderAt(modules, size - 7, 0)).toBe(true);
    expect(finderAt(modules, 0, size - 7)).toBe(true);
    expect(modules[size - 8][8]).toBe(true);
  });

  it('refuses a text longer than version 40 holds', () => {
    expect(() => encodeQrCode('x'.repeat(2400))).toThrow();
  });
});
