import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import type { AnnouncementEvent } from '@wacrm/shared/realtime/events';

/** Most important first (1 high), then newest: the order of the top bar's list. */
export function sortByPriority(list: readonly Announcement[]): Announcement[] {
  return [...list].sort((a, b) => a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** Applies a `company-announcement` event to the list of active announcements. */
export function applyToActiveList(list: readonly Announcement[], event: AnnouncementEvent): Announcement[] {
  const id = event.action === 'delete' ? event.id : event.record.id;
  const others = list.filter((item) => item.id !== id);
  if (event.action === 'delete' || !event.record.status) return others;
  return sortByPriority([...others, event.record]);
}

/**
 * Applies an event to the pages of the super user's table (spec: replaced in place on update,
 * prepended on create, removed on delete).
 */
export function applyToPages<P extends { records: Announcement[]; count: number }>(
  pages: readonly P[],
  event: AnnouncementEvent,
): P[] {
  if (event.action === 'delete') {
    const isKnown = pages.some((page) => page.records.some((item) => item.id === event.id));
    return pages.map((page) => ({
      ...page,
      records: page.records.filter((item) => item.id !== event.id),
      count: isKnown ? Math.max(0, page.count - 1) : page.count,
    }));
  }
  const { record } = event;
  if (event.action === 'update') {
    return pages.map((page) => ({
      ...page,
      records: page.records.map((item) => (item.id === record.id ? record : item)),
    }));
  }
  if (pages.some((page) => page.records.some((item) => item.id === record.id))) return [...pages];
  return pages.map((page, index) => ({
    ...page,
    records: index === 0 ? [record, ...page.records] : page.records,
    count: page.count + 1,
  }));
}
