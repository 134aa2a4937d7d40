import { useCallback, useMemo, useState } from 'react';
import { type EmojiUsage, mostUsedEmojis, parseEmojiUsage, recordEmojiUse } from '../model/emoji-usage.ts';

/** Where this browser keeps the attendant's reaction emojis (per browser, as the issue asks). */
export const REACTION_USAGE_KEY = 'reaction-emoji-usage';

function readUsage(storageKey: string): EmojiUsage {
  try {
    return parseEmojiUsage(localStorage.getItem(storageKey));
  } catch {
    return {};
  }
}

/**
 * The quick reaction bar's emojis, the most used first. Read when the picker opens (one picker is
 * open at a time) and written at each use, so another tab's uses count the next time it opens.
 */
export function useEmojiUsage(storageKey = REACTION_USAGE_KEY) {
  const [usage, setUsage] = useState(() => readUsage(storageKey));
  const recordUse = useCallback(
    (emoji: string) => {
      const next = recordEmojiUse(readUsage(storageKey), emoji, Date.now());
      try {
        localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or refused: the bar keeps its order for this session only.
      }
      setUsage(next);
    },
    [storageKey],
  );
  const emojis = useMemo(() => mostUsedEmojis(usage), [usage]);
  return { emojis, recordUse };
}
