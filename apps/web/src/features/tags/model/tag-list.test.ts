import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { describe, expect, it } from 'vitest';
import { applyTagEvent, type PagedTags, readableTextColor } from './tag-list.ts';

const tag = (id: number, name: string, ticketsCount = 0): TagRecord => ({
  id,
  name,
  color: '#43A047',
  kanban: 0,
  kanbanOrder: 0,
  ticketsCount,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const data: PagedTags = {
  pages: [
    { tags: [tag(1, 'Alpha'), tag(2, 'Beta')], count: 3, hasMore: true },
    { tags: [tag(3, 'Gamma')], count: 3, hasMore: false },
  ],
  pageParams: [1, 2],
};

describe('applyTagEvent', () => {
  it('replaces an updated tag in place', () => {
    const next = applyTagEvent(data, { action: 'update', tag: tag(3, 'Gamma', 5) }, '');
    expect(next.pages[1].tags[0].ticketsCount).toBe(5);
    expect(next.pages[0].tags).toEqual(data.pages[0].tags);
  });

  it('prepends a created tag the search matches and counts it', () => {
    const next = applyTagEvent(data, { action: 'create', tag: tag(4, 'Alphabet') }, 'alpha');
    expect(next.pages[0].tags.map((item) => item.id)).toEqual([4, 1, 2]);
    expect(next.pages.map((page) => page.count)).toEqual([4, 4]);
    expect(applyTagEvent(data, { action: 'create', tag: tag(5, 'Zeta') }, 'alpha')).toBe(data);
  });

  it('removes a deleted tag and ignores unknown ones', () => {
    const next = applyTagEvent(data, { action: 'delete', tagId: 2 }, '');
    expect(next.pages[0].tags.map((item) => item.id)).toEqual([1]);
    expect(next.pages[0].count).toBe(2);
    expect(applyTagEvent(data, { action: 'delete', tagId: 99 }, '')).toBe(data);
  });
});

describe('readableTextColor', () => {
  it('picks dark text on light colours and white on dark ones', () => {
    expect(readableTextColor('#FDD835')).toBe('rgba(0,0,0,0.87)');
    expect(readableTextColor('#fff')).toBe('rgba(0,0,0,0.87)');
    expect(readableTextColor('#5C6BC0')).toBe('#fff');
    expect(readableTextColor('oops')).toBe('#fff');
  });
});
