import type { InfiniteData } from '@tanstack/react-query';
import type { TagEvent, TagRecord, TagsPage } from '@wacrm/shared/tags/tag.schema';

/** The loaded pages of one search, as the infinite query keeps them. */
export type PagedTags = InfiniteData<TagsPage>;

const matches = (tag: Pick<TagRecord, 'name'>, search: string) =>
  !search.trim() || tag.name.toLowerCase().includes(search.trim().toLowerCase());

/**
 * Applies a `company-{id}-tag` event to the loaded pages of one search (spec "Lists in general"):
 * an update replaces the row with the same id, a created tag the search matches is prepended,
 * a delete removes; the counts follow.
 */
export function applyTagEvent(data: PagedTags, event: TagEvent, search: string): PagedTags {
  const withCount = (delta: number) => (page: TagsPage) => ({ ...page, count: Math.max(0, page.count + delta) });
  if (event.action === 'delete') {
    const isLoaded = data.pages.some((page) => page.tags.some((tag) => tag.id === event.tagId));
    if (!isLoaded) return data;
    return {
      ...data,
      pages: data.pages
        .map((page) => ({ ...page, tags: page.tags.filter((tag) => tag.id !== event.tagId) }))
        .map(withCount(-1)),
    };
  }
  const incoming = event.tag;
  const isLoaded = data.pages.some((page) => page.tags.some((tag) => tag.id === incoming.id));
  if (isLoaded) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        tags: page.tags.map((tag) => (tag.id === incoming.id ? incoming : tag)),
      })),
    };
  }
  if (event.action !== 'create' || !matches(incoming, search)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, tags: [incoming, ...first.tags] }, ...rest].map(withCount(1)) };
}

/** Black or white, whichever reads better on a tag's colour. */
export function readableTextColor(background: string): string {
  let hex = background.replace('#', '');
  if (hex.length === 3) hex = [...hex].map((char) => char + char).join('');
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  if ([r, g, b].some(Number.isNaN)) return '#fff';
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? 'rgba(0,0,0,0.87)' : '#fff';
}

/** The shared schema speaks English; these keys of the tags namespace translate it. */
const validationKeys: Record<string, string> = {
  Required: 'validation.required',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid color': 'validation.color',
  'In use': 'validation.nameInUse',
};

export const tagValidationKey = (message: string | undefined) => (message ? (validationKeys[message] ?? null) : null);
