/**
 * A flow campaign's phrase as it is compared (issue 17: case, accents and surrounding spaces
 * ignored; inner runs of spaces count as one).
 */
export function normalizeFlowPhrase(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}
