import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import { applyContactEvent, matchesSearch, type PagedContacts } from './contact-list.ts';

const contact = (id: number, name: string, number = `55119000000${id}`): ContactRecord => ({
  id,
  companyId: 1,
  name,
  number,
  email: '',
  profilePicUrl: null,
  isGroup: false,
  extraInfo: [],
  whatsappId: null,
  disableBot: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
});

const paged = (...contacts: ContactRecord[]): PagedContacts => ({
  pages: [{ contacts, count: contacts.length, hasMore: false }],
  pageParams: [1],
});

describe('applyContactEvent', () => {
  it('inserts a matching new contact by name and counts it', () => {
    const next = applyContactEvent(
      paged(contact(1, 'Ana'), contact(3, 'Carla')),
      { action: 'create', contact: contact(2, 'Bruno') },
      '',
    );
    expect(next.pages[0].contacts.map((c) => c.name)).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(next.pages[0].count).toBe(3);
  });

  it('ignores a new contact outside the search and drops an updated one that left it', () => {
    const data = paged(contact(1, 'Ana'));
    expect(applyContactEvent(data, { action: 'create', contact: contact(2, 'Bruno') }, 'an')).toBe(data);
    const next = applyContactEvent(data, { action: 'update', contact: contact(1, 'Zoe') }, 'an');
    expect(next.pages[0].contacts).toEqual([]);
    expect(next.pages[0].count).toBe(0);
  });

  it('replaces updated rows, removes deleted ones and empties on deleteAll', () => {
    const data = paged(contact(1, 'Ana'), contact(2, 'Bruno'));
    expect(
      applyContactEvent(data, { action: 'update', contact: contact(1, 'Ana Maria') }, '').pages[0].contacts[0].name,
    ).toBe('Ana Maria');
    expect(applyContactEvent(data, { action: 'delete', contactId: 2 }, '').pages[0].contacts).toHaveLength(1);
    expect(applyContactEvent(data, { action: 'deleteAll' }, '').pages[0]).toEqual({
      contacts: [],
      count: 0,
      hasMore: false,
    });
  });

  it('matches numbers only for phone-like searches', () => {
    expect(matchesSearch(contact(1, 'Ana', '5511987654321'), '(11) 98765')).toBe(true);
    expect(matchesSearch(contact(1, 'Ana', '5511987654321'), 'ana 1')).toBe(false);
  });
});
