import type { InfiniteData } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type {
  QuickMessageEvent,
  QuickMessageRecord,
  QuickMessagesPage,
} from '@wacrm/shared/quick-messages/quick-message.schema';

/** The loaded pages of one search, as the infinite query keeps them. */
export type PagedQuickMessages = InfiniteData<QuickMessagesPage>;

const matches = (record: Pick<QuickMessageRecord, 'shortcode' | 'message'>, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || record.shortcode.toLowerCase().includes(needle) || record.message.toLowerCase().includes(needle);
};

/**
 * Applies a `company-{id}-quickmessage` event to the loaded pages of one search (spec "Lists in
 * general"): updates replace by id, a matching new one is prepended, deletes remove.
 */
export function applyQuickMessageEvent(
  data: PagedQuickMessages,
  event: QuickMessageEvent,
  search: string,
): PagedQuickMessages {
  const withCount = (delta: number) => (page: QuickMessagesPage) => ({
    ...page,
    count: Math.max(0, page.count + delta),
  });
  if (event.action === 'delete') {
    const isLoaded = data.pages.some((page) => page.records.some((record) => record.id === event.id));
    if (!isLoaded) return data;
    return {
      ...data,
      pages: data.pages
        .map((page) => ({ ...page, records: page.records.filter((record) => record.id !== event.id) }))
        .map(withCount(-1)),
    };
  }
  const incoming = event.record;
  const isLoaded = data.pages.some((page) => page.records.some((record) => record.id === incoming.id));
  if (isLoaded) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        records: page.records.map((record) => (record.id === incoming.id ? incoming : record)),
      })),
    };
  }
  // An update can reveal one (made company-wide): shown like a new one.
  if (!matches(incoming, search)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, records: [incoming, ...first.records] }, ...rest].map(withCount(1)) };
}

/** Who may change a quick message: its author for a personal one, admins for a company-wide one. */
export function canManageQuickMessage(
  record: Pick<QuickMessageRecord, 'geral' | 'userId'>,
  user: { id: number; profile: string },
) {
  return record.geral ? hasPermission(user, 'quick-messages:manageCompany') : record.userId === user.id;
}
