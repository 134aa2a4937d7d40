import { describe, expect, it } from 'vitest';
import { detectImageKind, hasAcceptedExtension, toDisplayName } from './announcement-media.ts';

describe('announcement media', () => {
  it('recognises png and jpeg by their bytes only', () => {
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
  });

  it.each([
    ['photo.PNG', true],
    ['photo.jpg', true],
    ['photo.jpeg', true],
    ['photo.gif', false],
    ['png', false],
    ['photo.png.exe', false],
  ])('accepts the name %s: %s', (name, accepted) => {
    expect(hasAcceptedExtension(name)).toBe(accepted);
  });

  it('keeps only a safe display name', () => {
    expect(toDisplayName('C:\\Users\\me\\banner.png', 'png')).toBe('banner.png');
    expect(toDisplayName('../../etc/x\u0000.jpg', 'jpg')).toBe('x.jpg');
    expect(toDisplayName('', 'png')).toBe('image.png');
  });
});
