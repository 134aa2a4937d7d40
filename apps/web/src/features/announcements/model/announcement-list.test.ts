import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { describe, expect, it } from 'vitest';
import { applyToActiveList, applyToPages } from './announcement-list.ts';

const make = (id: number, fields: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `A${id}`,
  text: 'x',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaUrl: null,
  mediaName: null,
  createdAt: `2026-01-0${id}T00:00:00.000Z`,
  updatedAt: `2026-01-0${id}T00:00:00.000Z`,
  ...fields,
});

describe('active announcements', () => {
  it('adds in priority order, replaces, and drops inactive or deleted ones', () => {
    let list = applyToActiveList([make(1), make(2)], { action: 'create', record: make(3, { priority: 1 }) });
    expect(list.map((item) => item.id)).toEqual([3, 2, 1]);
    list = applyToActiveList(list, { action: 'update', record: make(2, { title: 'New', priority: 2 }) });
    expect(list.map((item) => [item.id, item.title])).toEqual([
      [3, 'A3'],
      [2, 'New'],
      [1, 'A1'],
    ]);
    list = applyToActiveList(list, { action: 'update', record: make(3, { priority: 1, status: false }) });
    expect(list.map((item) => item.id)).toEqual([2, 1]);
    list = applyToActiveList(list, { action: 'delete', id: 1 });
    expect(list.map((item) => item.id)).toEqual([2]);
  });
});

describe('announcement table pages', () => {
  const pages = [
    { records: [make(3), make(2)], count: 3, hasMore: true },
    { records: [make(1)], count: 3, hasMore: false },
  ];

  it('prepends a new one once and counts it', () => {
    const next = applyToPages(pages, { action: 'create', record: make(4) });
    expect(next[0].records.map((item) => item.id)).toEqual([4, 3, 2]);
    expect(next.map((page) => page.count)).toEqual([4, 4]);
    expect(applyToPages(next, { action: 'create', record: make(4) })[0].records).toHaveLength(3);
  });

  it('replaces in place and removes', () => {
    const updated = applyToPages(pages, { action: 'update', record: make(1, { title: 'Edited' }) });
    expect(updated[1].records[0].title).toBe('Edited');
    const removed = applyToPages(updated, { action: 'delete', id: 2 });
    expect(removed[0].records.map((item) => item.id)).toEqual([3]);
    expect(removed[0].count).toBe(2);
    expect(applyToPages(removed, { action: 'delete', id: 99 })[0].count).toBe(2);
  });
});
