import type { UserOption } from '@wacrm/shared/users/user.schema';

/** spec: user search starts at 3 characters. */
export const TRANSFER_MIN_SEARCH = 3;
/** How many users the dialog offers before anything is typed. */
export const TRANSFER_BROWSE_LIMIT = 10;

export type TransferUserList =
  /** Nothing typed: the first users, of the chosen queue when there is one. */
  | { kind: 'browse'; users: UserOption[] }
  /** One or two characters: too short to search (spec), the dialog says so. */
  | { kind: 'tooShort'; users: [] }
  /** Three characters or more: every user of the company whose name or e-mail matches. */
  | { kind: 'search'; users: UserOption[] };

/** The users the transfer dialog lists for what is typed and the queue chosen ('' for none). */
export function transferUserList(users: UserOption[], typed: string, queueId: number | ''): TransferUserList {
  const needle = typed.trim().toLowerCase();
  if (needle.length >= TRANSFER_MIN_SEARCH) {
    const matches = users.filter(
      (user) => user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle),
    );
    return { kind: 'search', users: matches };
  }
  if (needle.length > 0) return { kind: 'tooShort', users: [] };
  const pool = queueId === '' ? users : users.filter((user) => user.queueIds.includes(queueId));
  return { kind: 'browse', users: pool.slice(0, TRANSFER_BROWSE_LIMIT) };
}
