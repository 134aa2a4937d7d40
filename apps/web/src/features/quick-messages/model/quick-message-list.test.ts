import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import { describe, expect, it } from 'vitest';
import { applyQuickMessageEvent, canManageQuickMessage, type PagedQuickMessages } from './quick-message-list.ts';

const record = (id: number, shortcode: string, fields: Partial<QuickMessageRecord> = {}): QuickMessageRecord => ({
  id,
  shortcode,
  message: 'Hello',
  geral: false,
  status: true,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  userId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

const data: PagedQuickMessages = {
  pages: [{ records: [record(1, 'hello'), record(2, 'bye')], count: 2, hasMore: false }],
  pageParams: [1],
};

describe('applyQuickMessageEvent', () => {
  it('replaces, prepends what the search matches, and removes', () => {
    const updated = applyQuickMessageEvent(data, { action: 'update', record: record(2, 'goodbye') }, '');
    expect(updated.pages[0].records[1].shortcode).toBe('goodbye');
    const created = applyQuickMessageEvent(data, { action: 'create', record: record(3, 'price') }, 'PRI');
    expect(created.pages[0].records.map((item) => item.id)).toEqual([3, 1, 2]);
    expect(created.pages[0].count).toBe(3);
    expect(applyQuickMessageEvent(data, { action: 'create', record: record(4, 'zzz') }, 'pri')).toBe(data);
    const deleted = applyQuickMessageEvent(data, { action: 'delete', id: 1 }, '');
    expect(deleted.pages[0]).toMatchObject({ count: 1, records: [{ id: 2 }] });
  });
});

describe('canManageQuickMessage', () => {
  it('lets authors manage personal ones and admins company-wide ones', () => {
    expect(canManageQuickMessage({ geral: false, userId: 1 }, { id: 1, profile: 'user' })).toBe(true);
    expect(canManageQuickMessage({ geral: false, userId: 2 }, { id: 1, profile: 'admin' })).toBe(false);
    expect(canManageQuickMessage({ geral: true, userId: 2 }, { id: 1, profile: 'admin' })).toBe(true);
    expect(canManageQuickMessage({ geral: true, userId: 1 }, { id: 1, profile: 'user' })).toBe(false);
  });
});
