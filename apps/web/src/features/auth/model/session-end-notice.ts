import type { CompanyBlockReason } from '@wacrm/shared/realtime/events';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import type { KeyValueStorage } from '../../../lib/session-storage.ts';

/** The same user logged in on another device (spec "opened elsewhere"). */
export const OPENED_ELSEWHERE = 'OPENED_ELSEWHERE';

/** Why the server ended a session when it was not the user's doing; the login page explains it. */
export interface SessionEndNotice {
  reason: CompanyBlockReason | typeof OPENED_ELSEWHERE;
  dueDate: string | null;
}

// Tab-scoped and survives the reload that follows a realtime notice; read once by the login page.
const STORAGE_KEY = 'sessionEndNotice';
const blockReasons: readonly string[] = [
  'ERR_COMPANY_INACTIVE',
  'ERR_SUBSCRIPTION_EXPIRED',
] satisfies CompanyBlockReason[];

/** The notice a refused refresh carries, or null when its code is not a company block. */
export function noticeFromError(error: ApiError | undefined): SessionEndNotice | null {
  if (!error?.code || !blockReasons.includes(error.code)) return null;
  const dueDate = error.details?.dueDate;
  return { reason: error.code as CompanyBlockReason, dueDate: typeof dueDate === 'string' ? dueDate : null };
}

export function keepSessionEndNotice(notice: SessionEndNotice, storage: KeyValueStorage = sessionStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(notice));
}

export function readSessionEndNotice(storage: KeyValueStorage = sessionStorage): SessionEndNotice | null {
  const text = storage.getItem(STORAGE_KEY);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SessionEndNotice>;
    if (typeof value.reason !== 'string') return null;
    if (value.reason === OPENED_ELSEWHERE) return { reason: OPENED_ELSEWHERE, dueDate: null };
    if (!blockReasons.includes(value.reason)) return null;
    return { reason: value.reason, dueDate: typeof value.dueDate === 'string' ? value.dueDate : null };
  } catch {
    return null;
  }
}

// Set once this document has kept a notice and asked for the reload that shows it.
let reloadingForNotice = false;

/**
 * Keeps the notice and reloads onto the login page. Until the new document replaces this one, the
 * old one still runs: a request refused now can mount its login page, which must leave the notice
 * to the page after the reload.
 */
export function reloadWithSessionEndNotice(
  notice: SessionEndNotice,
  storage: KeyValueStorage = sessionStorage,
  reload = () => window.location.reload(),
): void {
  keepSessionEndNotice(notice, storage);
  reloadingForNotice = true;
  reload();
}

/** Forgets the notice once a login page showed it, unless this document is about to be replaced. */
export function forgetSessionEndNotice(storage: KeyValueStorage = sessionStorage): void {
  if (reloadingForNotice) return;
  storage.removeItem(STORAGE_KEY);
}

/** The sentence shown for a notice, in the current language. */
export function sessionEndMessage(t: TFunction, notice: SessionEndNotice): string {
  if (notice.reason === OPENED_ELSEWHERE) return t('auth:openedElsewhere');
  if (notice.reason === 'ERR_COMPANY_INACTIVE') return t('auth:sessionEnded.companyInactive');
  return notice.dueDate
    ? t('auth:login.subscriptionExpired', { date: formatDate(notice.dueDate) })
    : t('auth:sessionEnded.subscriptionExpired');
}
