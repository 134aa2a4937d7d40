/** The localStorage keys this app owns. Kept in one place so logout clears exactly these. */
export const storageKeys = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  companyDueDate: 'companyDueDate',
  language: 'i18nextLng',
  theme: 'preferredTheme',
  volume: 'volume',
  // The spec's `cshow` key is not read: campaign and flow pages follow the admin's plan
  // (docs/decisions/users-and-settings.md, "Who may open a page").
} as const;

/** The keys that describe a session: cleared on logout, expired refresh or "opened elsewhere". */
export const sessionKeys = [
  storageKeys.token,
  storageKeys.companyId,
  storageKeys.userId,
  storageKeys.companyDueDate,
] as const;

/** The part of the Web Storage API we use, so tests can pass a plain map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function clearSession(storage: KeyValueStorage = localStorage): void {
  for (const key of sessionKeys) storage.removeItem(key);
}

export interface StoredSession {
  token: string;
  companyId: number;
  userId: number;
  companyDueDate: string | null;
}

export function saveSession(session: StoredSession, storage: KeyValueStorage = localStorage): void {
  storage.setItem(storageKeys.token, session.token);
  storage.setItem(storageKeys.companyId, String(session.companyId));
  storage.setItem(storageKeys.userId, String(session.userId));
  if (session.companyDueDate) storage.setItem(storageKeys.companyDueDate, session.companyDueDate);
  else storage.removeItem(storageKeys.companyDueDate);
}

export function readToken(storage: KeyValueStorage = localStorage): string | null {
  return storage.getItem(storageKeys.token);
}

/** A Map-backed storage for tests and for environments without localStorage. */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    dump: () => Object.fromEntries(map),
  };
}
