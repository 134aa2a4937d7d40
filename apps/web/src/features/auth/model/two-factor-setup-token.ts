/**
 * The set-up-only token of a sign-in that must first set up the second step: kept for this tab
 * only (sessionStorage) between the login page and the set-up page, and dropped once used.
 */
const KEY = 'twoFactorSetupToken';

export function keepSetupToken(token: string) {
  sessionStorage.setItem(KEY, token);
}

export function readSetupToken() {
  return sessionStorage.getItem(KEY);
}

export function forgetSetupToken() {
  sessionStorage.removeItem(KEY);
}
