/**
 * A Cloud API template's placeholders, as the server fills them to send and the web app to preview:
 * `{{1}}`, `{{2}}`… (positional) or `{{name}}` (named parameters). One value per distinct
 * placeholder, in the order they first appear.
 */

const placeholderPattern = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The distinct placeholders of a text, in the order they first appear. */
export function templatePlaceholdersOf(text: string | null): string[] {
  return [...new Set([...(text ?? '').matchAll(placeholderPattern)].map((match) => match[1]))];
}

/**
 * `text` with each placeholder replaced by the value at its place in `templatePlaceholdersOf(text)`;
 * a missing or blank value keeps the placeholder as written.
 */
export function fillTemplatePlaceholders(text: string, values: readonly string[]): string {
  const names = templatePlaceholdersOf(text);
  return text.replace(placeholderPattern, (whole, name: string) => {
    const value = values[names.indexOf(name)];
    return value?.trim() ? value : whole;
  });
}
