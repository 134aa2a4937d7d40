import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { formatDate } from '../../../../lib/format.ts';

/** One row of the rendered thread. */
export type ThreadItem =
  | { kind: 'date'; key: string; label: string }
  | { kind: 'ticket'; key: string; ticketId: number; isCurrent: boolean }
  | { kind: 'message'; key: string; message: MessageRecord };

const byTime = (a: MessageRecord, b: MessageRecord) =>
  a.createdAt === b.createdAt ? a.id - b.id : a.createdAt < b.createdAt ? -1 : 1;

/** The media types whose message carries a file (the others keep their content in the body). */
const FILE_MEDIA_TYPES: ReadonlySet<string> = new Set(['image', 'audio', 'video', 'application']);

/**
 * A file message without its file: a customer's media WhatsApp would not let us download (expired
 * on its servers, too large). The message is kept and its bubble says the file is missing.
 */
export function isMediaMissing(message: Pick<MessageRecord, 'mediaType' | 'mediaUrl'>): boolean {
  return !message.mediaUrl && FILE_MEDIA_TYPES.has(message.mediaType ?? '');
}

/** Adds messages (an older page, a live one, an update) to the thread: one entry per id, oldest first. */
export function mergeMessages(current: readonly MessageRecord[], incoming: readonly MessageRecord[]): MessageRecord[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(byTime);
}

/** An `appMessage` update replaces a message we have and ignores one we never loaded. */
export function replaceMessage(current: readonly MessageRecord[], updated: MessageRecord): MessageRecord[] {
  const index = current.findIndex((message) => message.id === updated.id);
  if (index < 0) return current as MessageRecord[];
  const next = [...current];
  next[index] = updated;
  return next;
}

/**
 * The thread's rows: a date divider (dd/MM/yyyy, local time) before the first message of each day,
 * and a ticket divider where the messages of another ticket of the same contact begin
 * (earlier attendances are loaded past the start of the current one).
 */
export function buildThreadItems(messages: readonly MessageRecord[], currentTicketId: number): ThreadItem[] {
  const items: ThreadItem[] = [];
  let lastDay = '';
  let lastTicketId: number | null = null;
  const hasEarlierTickets = messages.some((message) => message.ticketId !== currentTicketId);
  for (const message of messages) {
    if (hasEarlierTickets && message.ticketId !== lastTicketId) {
      items.push({
        kind: 'ticket',
        key: `ticket-${message.ticketId}-${message.id}`,
        ticketId: message.ticketId,
        isCurrent: message.ticketId === currentTicketId,
      });
      lastTicketId = message.ticketId;
      lastDay = '';
    }
    const day = formatDate(message.createdAt);
    if (day !== lastDay) {
      items.push({ kind: 'date', key: `date-${day}-${message.id}`, label: day });
      lastDay = day;
    }
    items.push({ kind: 'message', key: `message-${message.id}`, message });
  }
  return items;
}

/** HH:mm in local time (the interface's one time format). */
export { formatTime } from '../../../../lib/format.ts';

/** spec: a location body is `image|link|description` (description optional). */
export function parseLocationBody(body: string): { image: string; link: string; description: string } {
  const [image = '', link = '', ...rest] = body.split('|');
  return { image, link, description: rest.join('|') };
}

/** The contact card's name and number from a vCard text; other fields are not shown. */
export function parseVcard(body: string): { name: string; numbers: string[] } {
  const name = /^FN[^:]*:(.*)$/im.exec(body)?.[1]?.trim() ?? '';
  const numbers = [...body.matchAll(/^(?:item\d+\.)?TEL[^:]*:(.*)$/gim)].map((match) => match[1].trim());
  return { name, numbers };
}

/** spec: quick-reply labels are cut at 35 characters. */
export const QUICK_REPLY_LABEL_MAX = 35;
export function truncateLabel(text: string, max = QUICK_REPLY_LABEL_MAX): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** spec: the shortcut suggestions open on a slash plus at least one more character. */
export function quickReplyQuery(text: string): string | null {
  return /^\/\S/.test(text) && !text.includes('\n') ? text.slice(1).toLowerCase() : null;
}

/** spec: an ack of 3, 4 or 5 displays as read/played. */
export type AckState = 'failed' | 'pending' | 'sent' | 'delivered' | 'read';
export function ackState(message: Pick<MessageRecord, 'ack' | 'failed'>): AckState {
  if (message.failed) return 'failed';
  if (message.ack >= 3) return 'read';
  if (message.ack === 2) return 'delivered';
  if (message.ack === 1) return 'sent';
  return 'pending';
}
