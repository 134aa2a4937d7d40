// The internal chat's limits, apart from its schemas so the web reads them without zod.

/** Chats per page of `GET /chats` (the most recently active first). */
export const CHATS_PAGE_SIZE = 40;

/** Messages per page of `GET /chats/{id}/messages` (page 1 is the newest). */
export const CHAT_MESSAGES_PAGE_SIZE = 20;

/** The longest internal chat message (characters). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** The longest chat title. */
export const CHAT_TITLE_MAX_LENGTH = 100;

/** How long a sender may edit or delete a message after sending it. */
export const CHAT_MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;

/** How many participants a chat may have (the owner included). */
export const CHAT_MAX_PARTICIPANTS = 500;
