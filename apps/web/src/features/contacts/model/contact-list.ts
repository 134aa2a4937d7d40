import type { InfiniteData } from '@tanstack/react-query';
import type { ContactsEvent, ContactsPage } from '@wacrm/shared/contacts/contact.schema';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';

/** The loaded pages of one search, as the infinite query keeps them. */
export type PagedContacts = InfiniteData<ContactsPage>;

/** Whether a contact belongs in a search's results, as the server decides it (name, or digits of the number). */
export function matchesSearch(contact: Pick<ContactRecord, 'name' | 'number'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  if (contact.name.toLowerCase().includes(needle)) return true;
  const digits = /^[\d\s()+.-]+$/.test(needle) ? needle.replace(/\D/g, '') : '';
  return digits !== '' && contact.number.includes(digits);
}

const byName = (a: ContactRecord, b: ContactRecord) => a.name.localeCompare(b.name) || a.id - b.id;
const withCount = (data: PagedContacts, delta: number): PagedContacts => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) })),
});

/**
 * Applies a `company-{id}-contact` event to the loaded pages of one search: updates replace the
 * row (or drop it when it no longer matches), creates that match go into the first page at their
 * place by name, deletes remove, "delete all" empties the list.
 */
export function applyContactEvent(data: PagedContacts, event: ContactsEvent, search: string): PagedContacts {
  if (event.action === 'deleteAll') {
    return { ...data, pages: data.pages.slice(0, 1).map(() => ({ contacts: [], count: 0, hasMore: false })) };
  }
  const removeId = (id: number) => {
    let removed = 0;
    const pages = data.pages.map((page) => {
      const contacts = page.contacts.filter((contact) => contact.id !== id);
      removed += page.contacts.length - contacts.length;
      return { ...page, contacts };
    });
    return removed ? withCount({ ...data, pages }, -removed) : data;
  };
  if (event.action === 'delete') return removeId(event.contactId);

  const incoming = event.contact;
  const isLoaded = data.pages.some((page) => page.contacts.some((contact) => contact.id === incoming.id));
  if (isLoaded) {
    if (!matchesSearch(incoming, search)) return removeId(incoming.id);
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        contacts: page.contacts.map((contact) => (contact.id === incoming.id ? incoming : contact)),
      })),
    };
  }
  if (!matchesSearch(incoming, search)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const contacts = [...first.contacts, incoming].sort(byName);
  return withCount({ ...data, pages: [{ ...first, contacts }, ...rest] }, 1);
}
