import type { InfiniteData } from '@tanstack/react-query';
import type { UserEvent } from '@wacrm/shared/realtime/events';
import type { UserRecord, UsersPage } from '@wacrm/shared/users/user.schema';

/** The loaded pages of one search, as the infinite query keeps them. */
export type PagedUsers = InfiniteData<UsersPage>;

const matches = (user: Pick<UserRecord, 'name' | 'email'>, search: string) => {
  const needle = search.trim().toLowerCase();
  return !needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

/**
 * Applies a `company-{id}-user` event to the loaded pages of one search. Updates merge into
 * the row with the same id (presence events carry only a few fields); a created user that
 * the search matches is inserted at its place by name in the first page; deletes remove.
 */
export function applyUserEvent(data: PagedUsers, event: UserEvent, search: string): PagedUsers {
  if (event.action === 'delete') {
    let removed = 0;
    const pages = data.pages.map((page) => {
      const users = page.users.filter((user) => user.id !== event.userId);
      removed += page.users.length - users.length;
      return { ...page, users };
    });
    return removed ? { ...data, pages: pages.map((page) => ({ ...page, count: page.count - removed })) } : data;
  }
  const incoming = event.user as Partial<UserRecord> & Pick<UserRecord, 'id' | 'name' | 'email'>;
  const isLoaded = data.pages.some((page) => page.users.some((user) => user.id === incoming.id));
  if (isLoaded) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((user) => (user.id === incoming.id ? { ...user, ...incoming } : user)),
      })),
    };
  }
  // A partial update (presence) of a user we never loaded has nothing to show.
  if (event.action !== 'create' || !matches(incoming, search) || !('profile' in incoming)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const users = [...first.users, incoming as UserRecord].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    ...data,
    pages: [{ ...first, users, count: first.count + 1 }, ...rest.map((page) => ({ ...page, count: page.count + 1 }))],
  };
}
