import { describe, expect, it } from 'vitest';
import { DEFAULT_REACTION_EMOJIS, mostUsedEmojis, parseEmojiUsage, recordEmojiUse } from './emoji-usage.ts';

describe('most used reaction emojis', () => {
  it('starts with the defaults', () => {
    expect(mostUsedEmojis({})).toEqual([...DEFAULT_REACTION_EMOJIS]);
  });

  it('puts the most used first, the most recent first among equals, then the remaining defaults', () => {
    let usage = recordEmojiUse({}, '🎉', 1);
    usage = recordEmojiUse(usage, '🔥', 2);
    usage = recordEmojiUse(usage, '🎉', 3);
    usage = recordEmojiUse(usage, '👍', 4);
    expect(mostUsedEmojis(usage)).toEqual(['🎉', '👍', '🔥', '❤️', '😂', '😮']);
    expect(mostUsedEmojis(usage, 2)).toEqual(['🎉', '👍']);
  });

  it('reads back what it stored and drops what it cannot read', () => {
    const usage = recordEmojiUse({}, '🙏', 10);
    expect(parseEmojiUsage(JSON.stringify(usage))).toEqual(usage);
    expect(parseEmojiUsage(null)).toEqual({});
    expect(parseEmojiUsage('not json')).toEqual({});
    expect(parseEmojiUsage('[1,2]')).toEqual({});
    expect(parseEmojiUsage(JSON.stringify({ '👍': { count: 'x' }, '😂': { count: 2, lastUsedAt: 5 } }))).toEqual({
      '😂': { count: 2, lastUsedAt: 5 },
    });
  });
});
