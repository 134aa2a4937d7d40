import type { UserOption } from '@wacrm/shared/users/user.schema';
import { describe, expect, it } from 'vitest';
import { TRANSFER_BROWSE_LIMIT, transferUserList } from './transfer-users.ts';

const user = (id: number, name: string, queueIds: number[] = []): UserOption => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
  profile: 'user',
  online: false,
  queueIds,
});

const users = [user(1, 'Ana Souza', [10]), user(2, 'Bruno Lima', [20]), user(3, 'Carla Dias', [10, 20])];
const ids = (list: UserOption[]) => list.map((item) => item.id);

describe('transferUserList', () => {
  it('offers the first users of the company before anything is typed', () => {
    const list = transferUserList(users, '', '');
    expect(list.kind).toBe('browse');
    expect(ids(list.users)).toEqual([1, 2, 3]);
  });

  it("offers the chosen queue's users before anything is typed", () => {
    expect(ids(transferUserList(users, '  ', 20).users)).toEqual([2, 3]);
    expect(transferUserList(users, '', 99).users).toEqual([]);
  });

  it('offers at most the browse limit', () => {
    const many = Array.from({ length: 25 }, (_, index) => user(index + 1, `User ${index + 1}`));
    expect(transferUserList(many, '', '').users).toHaveLength(TRANSFER_BROWSE_LIMIT);
  });

  it('does not search with one or two characters (spec: search starts at 3)', () => {
    expect(transferUserList(users, 'an', '')).toEqual({ kind: 'tooShort', users: [] });
  });

  it('searches every user by name or e-mail from three characters, whatever the queue', () => {
    expect(ids(transferUserList(users, 'ANA', 20).users)).toEqual([1]);
    expect(ids(transferUserList(users, 'lima@', '').users)).toEqual([2]);
    expect(transferUserList(users, 'zzz', '')).toEqual({ kind: 'search', users: [] });
  });
});
