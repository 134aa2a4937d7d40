import { describe, expect, it } from 'vitest';
import { nextTagColor, tagColorPalette } from './tag.schema.ts';

describe('nextTagColor', () => {
  it('offers a colour no tag uses yet, so new tags differ', () => {
    const first = nextTagColor([]);
    const second = nextTagColor([first]);
    const third = nextTagColor([first, second]);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(nextTagColor([tagColorPalette[0].toLowerCase()])).toBe(tagColorPalette[1]);
  });

  it('repeats the swatches in order once all are taken', () => {
    const all = [...tagColorPalette];
    expect(nextTagColor(all)).toBe(tagColorPalette[all.length % tagColorPalette.length]);
    expect(tagColorPalette).toContain(nextTagColor([...all, '#123456']));
  });
});
