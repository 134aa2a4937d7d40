/** The product version shown on the login page and at the bottom of the side menu. */
export const APP_VERSION = '8.0.1';

/** Languages of the interface; the first is the fallback of translations. */
export const languages = ['pt', 'en', 'es'] as const;
export type Language = (typeof languages)[number];

/** spec: the client sends `userStatus` every 5 minutes while a page is open. */
export const USER_STATUS_HEARTBEAT_MS = 300_000;

/** A user whose heartbeat is older than this is marked offline by a job. */
export const USER_OFFLINE_AFTER_MS = USER_STATUS_HEARTBEAT_MS * 2;

/** spec: a login warning is shown when fewer days than this remain before the due date. */
export const DUE_DATE_WARNING_DAYS = 5;

/** Access tokens are short-lived; the refresh cookie lasts a week. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
