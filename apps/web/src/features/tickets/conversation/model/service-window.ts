import type { MessageRecord } from '@wacrm/shared/messages/message.schema';

/** WhatsApp's customer service window: 24 hours from the customer's last message (Cloud API). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A connection's window as the composer shows it: null when the connection has none (QR,
 * sandbox); `closesAt` null when it is closed.
 */
export type ServiceWindow = { closesAt: Date | null } | null;

/** The server's answer, moved on by a customer message that arrived since (it reopens the window). */
export function withCustomerMessage(current: ServiceWindow, message: Pick<MessageRecord, 'fromMe' | 'createdAt'>) {
  if (current === null || message.fromMe) return current;
  const closesAt = new Date(new Date(message.createdAt).getTime() + SERVICE_WINDOW_MS);
  return current.closesAt && current.closesAt >= closesAt ? current : { closesAt };
}

/** Whether a free-form message may go now. */
export const isWindowOpen = (window: ServiceWindow, now: Date) =>
  window === null || (window.closesAt !== null && window.closesAt > now);

/** Whole hours left (at least 1 while open), for "closes in 5 h". */
export const hoursLeft = (closesAt: Date, now: Date) =>
  Math.max(1, Math.ceil((closesAt.getTime() - now.getTime()) / 3_600_000));
