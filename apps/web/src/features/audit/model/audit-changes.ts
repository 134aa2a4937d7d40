/** One changed field as the screen writes it: `field: before → after`. */
export function describeChanges(changes: Record<string, { before: unknown; after: unknown }>): string[] {
  return Object.entries(changes).map(([field, { before, after }]) => {
    if (before === null || before === undefined) return `${field}: ${show(after)}`;
    if (after === null || after === undefined) return `${field}: ${show(before)} → ∅`;
    return `${field}: ${show(before)} → ${show(after)}`;
  });
}

function show(value: unknown) {
  if (Array.isArray(value)) return `[${value.map(String).join(', ')}]`;
  if (value === null || value === undefined) return '∅';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
