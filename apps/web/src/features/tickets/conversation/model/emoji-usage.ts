/** The reaction bar before the attendant has used any emoji (WhatsApp's own first six). */
export const DEFAULT_REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** How many emojis the quick reaction bar shows. */
export const QUICK_REACTION_COUNT = 6;

/** Per emoji: how often this browser's attendant reacted with it, and when last. */
export type EmojiUsage = Record<string, { count: number; lastUsedAt: number }>;

/** Counts one use of `emoji` at `now` (milliseconds). */
export function recordEmojiUse(usage: EmojiUsage, emoji: string, now: number): EmojiUsage {
  const count = (usage[emoji]?.count ?? 0) + 1;
  return { ...usage, [emoji]: { count, lastUsedAt: now } };
}

/**
 * The quick reaction bar: the most used emojis first (ties: the most recent first), then the
 * defaults not already shown, `limit` in all.
 */
export function mostUsedEmojis(usage: EmojiUsage, limit = QUICK_REACTION_COUNT): string[] {
  const used = Object.entries(usage)
    .sort(([, a], [, b]) => b.count - a.count || b.lastUsedAt - a.lastUsedAt)
    .map(([emoji]) => emoji);
  const shown = [...new Set([...used, ...DEFAULT_REACTION_EMOJIS])];
  return shown.slice(0, limit);
}

/** Reads what `localStorage` kept; anything malformed counts as no use at all. */
export function parseEmojiUsage(stored: string | null): EmojiUsage {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const usage: EmojiUsage = {};
    for (const [emoji, entry] of Object.entries(value as Record<string, unknown>)) {
      const { count, lastUsedAt } = (entry ?? {}) as { count?: unknown; lastUsedAt?: unknown };
      if (typeof count === 'number' && count > 0 && typeof lastUsedAt === 'number') {
        usage[emoji] = { count, lastUsedAt };
      }
    }
    return usage;
  } catch {
    return {};
  }
}
