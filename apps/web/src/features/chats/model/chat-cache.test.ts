import type { ChatMessageRecord, ChatRecord } from '@wacrm/shared/chats/chat.schema';
import { describe, expect, it } from 'vitest';
import { appendMessage, dayLabel, flattenMessages, isEditable, totalUnreads, upsertChat } from './chat-cache.ts';

const chat = (id: number, updatedAt: string, unreads: number): ChatRecord => ({
  id,
  uuid: `u${id}`,
  title: `c${id}`,
  ownerId: 1,
  users: [
    { userId: 1, unreads, user: { id: 1, name: 'Me' } },
    { userId: 2, unreads: 9, user: { id: 2, name: 'You' } },
  ],
  lastMessage: '',
  createdAt: updatedAt,
  updatedAt,
});

const message = (id: number, createdAt = new Date().toISOString()): ChatMessageRecord => ({
  id,
  chatId: 1,
  senderId: 1,
  sender: { id: 1, name: 'Me' },
  message: `m${id}`,
  createdAt,
  editedAt: null,
  deletedAt: null,
  tickets: [],
});

describe('chat cache', () => {
  it('keeps the list newest first and sums my unreads only', () => {
    const list = upsertChat([chat(1, '2026-01-01T00:00:00Z', 2)], chat(2, '2026-01-02T00:00:00Z', 3));
    expect(list.map((item) => item.id)).toEqual([2, 1]);
    expect(totalUnreads(list, 1)).toBe(5);
    expect(upsertChat(list, chat(1, '2026-01-03T00:00:00Z', 0)).map((item) => item.id)).toEqual([1, 2]);
  });

  it('appends a new message once and flattens overlapping pages in order', () => {
    const data = {
      pages: [
        { records: [message(3), message(4)], hasMore: true },
        { records: [message(1), message(2), message(3)], hasMore: false },
      ],
      pageParams: [1, 2],
    };
    const twice = appendMessage(appendMessage(data, message(5)), message(5));
    expect(flattenMessages(twice).map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('allows edits for 15 minutes to the sender only', () => {
    const sent = message(1, new Date(1_000_000).toISOString());
    expect(isEditable(sent, 1, 1_000_000 + 14 * 60_000)).toBe(true);
    expect(isEditable(sent, 1, 1_000_000 + 16 * 60_000)).toBe(false);
    expect(isEditable(sent, 2, 1_000_000)).toBe(false);
  });

  it('names today and yesterday', () => {
    const now = new Date(2026, 4, 10, 12);
    expect(dayLabel(new Date(2026, 4, 10, 1).toISOString(), now).kind).toBe('today');
    expect(dayLabel(new Date(2026, 4, 9, 23).toISOString(), now).kind).toBe('yesterday');
    expect(dayLabel(new Date(2026, 4, 1, 23).toISOString(), now)).toEqual({ kind: 'date', date: '01/05/2026' });
  });
});
