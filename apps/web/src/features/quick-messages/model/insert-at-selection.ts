/**
 * The text with `insert` in place of the selection [start, end) (the cursor when they are equal),
 * and where the cursor goes afterwards. Out-of-range positions are clamped to the text.
 */
export function insertAtSelection(
  text: string,
  start: number | null | undefined,
  end: number | null | undefined,
  insert: string,
): { text: string; cursor: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}
