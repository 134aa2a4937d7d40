import type { UserRecord } from '@wacrm/shared/users/user.schema';
import { describe, expect, it } from 'vitest';
import { applyUserEvent, type PagedUsers } from './user-list.ts';

const user = (id: number, name: string, extra: Partial<UserRecord> = {}): UserRecord => ({
  id,
  companyId: 1,
  name,
  email: `${name.toLowerCase()}@example.com`,
  profile: 'user',
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  whatsapp: null,
  queues: [],
  online: false,
  ticketCapacity: null,
  paused: false,
  pauseReason: null,
  pausedAt: null,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

const data = (...users: UserRecord[]): PagedUsers => ({
  pages: [{ users, count: users.length, hasMore: false }],
  pageParams: [1],
});

describe('applyUserEvent', () => {
  it('inserts a created user in name order when the search matches', () => {
    const next = applyUserEvent(
      data(user(1, 'Ana'), user(2, 'Carla')),
      { action: 'create', user: user(3, 'Bruno') },
      '',
    );
    expect(next.pages[0].users.map((item) => item.name)).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(next.pages[0].count).toBe(3);
  });

  it('ignores a created user the search does not match', () => {
    const before = data(user(1, 'Ana'));
    expect(applyUserEvent(before, { action: 'create', user: user(3, 'Bruno') }, 'ana')).toBe(before);
  });

  it('merges an update by id, keeping fields the event does not carry', () => {
    const queues = [{ id: 9, name: 'Sales', color: '#fff' }];
    const next = applyUserEvent(
      data(user(1, 'Ana', { queues })),
      { action: 'update', user: { id: 1, name: 'Ana', email: 'ana@example.com', profile: 'user', online: true } },
      '',
    );
    expect(next.pages[0].users[0]).toMatchObject({ online: true, queues });
  });

  it('removes a deleted user and lowers the count', () => {
    const next = applyUserEvent(data(user(1, 'Ana'), user(2, 'Bia')), { action: 'delete', userId: 1 }, '');
    expect(next.pages[0].users.map((item) => item.id)).toEqual([2]);
    expect(next.pages[0].count).toBe(1);
  });

  it('does not add a user from a partial presence update', () => {
    const before = data(user(1, 'Ana'));
    const event = {
      action: 'update' as const,
      user: { id: 5, name: 'Zé', email: 'ze@x.com', profile: 'user' as const, online: true },
    };
    expect(applyUserEvent(before, event, '')).toBe(before);
  });
});
