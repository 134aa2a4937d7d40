import type { InboundMessage } from '../../channels/index.ts';
import type { TicketTouch } from '../../tickets/index.ts';

/**
 * The rules of one intake batch, as pure functions over what the batch's queries found. Each one
 * gives the answer that storing the batch's messages one after the other, in arrival order,
 * would give (docs/decisions/channels.md, "Batch intake").
 */

/** A customer message, or a declined call recorded in the chat. */
export type IntakeKind = 'message' | 'call';

/** A rating answer: exactly 1, 2 or 3 (spaces around it allowed). */
export function ratingIn(body: string) {
  const text = body.trim();
  return /^[1-3]$/.test(text) ? Number(text) : null;
}

/** How long after rating the customer's next message is taken as the rating's comment. */
export const RATING_COMMENT_WINDOW_MS = 10 * 60_000;

/** A comment on the rating: the text the customer wrote (a message without text is none). */
export function commentIn(body: string) {
  const text = body.trim();
  return text ? text.slice(0, 1000) : null;
}

/** What the ticket list shows as the last message. */
export function lastMessageOf(message: { body: string; mediaName?: string | null; mediaType?: string | null }) {
  if (message.body.trim()) return message.body.slice(0, 1000);
  if (message.mediaName) return message.mediaName;
  return message.mediaType ? `[${message.mediaType}]` : '';
}

/**
 * The positions of the jobs to store: a message already stored, or a second copy of one in the
 * same batch, is a redelivery (the first copy, in arrival order, is the one kept).
 */
export function firstDeliveries(externalIds: string[], alreadyStored: ReadonlySet<string>) {
  const seen = new Set<string>();
  const keep: number[] = [];
  externalIds.forEach((externalId, index) => {
    if (alreadyStored.has(externalId) || seen.has(externalId)) return;
    seen.add(externalId);
    keep.push(index);
  });
  return keep;
}

/** Only a customer's own message (not a call, not a group, not the company's phone) can rate. */
export const canRate = (kind: IntakeKind, inbound: Pick<InboundMessage, 'isGroup' | 'fromMe'>) =>
  kind === 'message' && !inbound.isGroup && !inbound.fromMe;

export interface PlannedMessage {
  contactId: number;
  kind: IntakeKind;
  inbound: Pick<InboundMessage, 'isGroup' | 'fromMe' | 'body'>;
}

/**
 * Contacts whose first message of the batch could answer a rating question: they have no active
 * ticket, and that first message is one that can rate. Only these are looked up for a waiting
 * closed ticket (the one query most batches skip).
 */
export function contactsThatMayRate(messages: PlannedMessage[], activeContactIds: ReadonlySet<number>) {
  const decided = new Set<number>();
  const candidates: number[] = [];
  for (const message of messages) {
    if (decided.has(message.contactId)) continue;
    decided.add(message.contactId);
    if (!activeContactIds.has(message.contactId) && canRate(message.kind, message.inbound)) {
      candidates.push(message.contactId);
    }
  }
  return candidates;
}

export interface TicketRef {
  id: number;
  status: string;
}

export type TicketChoice =
  | { kind: 'active'; ticket: TicketRef }
  /** The closed ticket that asked for a rating: this message is its rating. */
  | { kind: 'rated'; ticket: TicketRef }
  /** The closed ticket just rated: this message is the rating's comment. */
  | { kind: 'commented'; ticket: TicketRef }
  /** A new pending ticket of the contact (made once for all its messages that need it). */
  | { kind: 'new' };

/**
 * Where each message goes, in arrival order. A contact with an active ticket: there. Without
 * one, its first message decides: any answer ends a rating wait; 1–3 is the rating and goes to
 * the closed ticket that asked. The message after a rating (the next one of the batch, or the
 * first one while the rating's comment window is open) ends that window too, and when it has
 * text it is the rating's comment, on the same closed ticket. Everything else (and every later
 * message) opens a new ticket.
 */
export function chooseTickets(
  messages: PlannedMessage[],
  active: ReadonlyMap<number, TicketRef>,
  awaitingRating: ReadonlyMap<number, TicketRef & { userId: number | null }>,
  awaitingComment: ReadonlyMap<number, TicketRef> = new Map(),
) {
  const choices: TicketChoice[] = [];
  const endWaits: number[] = [];
  const ratings: { ticketId: number; userId: number | null; rate: number }[] = [];
  const endCommentWaits: number[] = [];
  const comments: { ticketId: number; comment: string }[] = [];
  const seen = new Map<number, number>();
  const ratedNow = new Map<number, TicketRef>();
  for (const message of messages) {
    const position = seen.get(message.contactId) ?? 0;
    seen.set(message.contactId, position + 1);
    const ticket = active.get(message.contactId);
    if (ticket) {
      choices.push({ kind: 'active', ticket });
      continue;
    }
    const waiting = position === 0 ? awaitingRating.get(message.contactId) : undefined;
    if (waiting && canRate(message.kind, message.inbound)) {
      endWaits.push(waiting.id);
      const rate = ratingIn(message.inbound.body);
      if (rate) {
        ratings.push({ ticketId: waiting.id, userId: waiting.userId, rate });
        const rated = { id: waiting.id, status: waiting.status };
        ratedNow.set(message.contactId, rated);
        choices.push({ kind: 'rated', ticket: rated });
        continue;
      }
    }
    const rated =
      position === 1
        ? ratedNow.get(message.contactId)
        : position === 0 && !waiting
          ? awaitingComment.get(message.contactId)
          : undefined;
    if (rated) {
      endCommentWaits.push(rated.id);
      const comment = canRate(message.kind, message.inbound) ? commentIn(message.inbound.body) : null;
      if (comment) {
        comments.push({ ticketId: rated.id, comment });
        choices.push({ kind: 'commented', ticket: rated });
        continue;
      }
    }
    choices.push({ kind: 'new' });
  }
  return { choices, endWaits, ratings, endCommentWaits, comments };
}

/**
 * One change per ticket: the last message and its side are the newest message's of the batch;
 * unread grows by the customer's messages (what the company's phone sent, and a rating, do not
 * count). In the order tickets first appear.
 */
export function ticketTouches(
  stored: { ticketId: number; lastMessage: string; fromMe: boolean; countsAsUnread: boolean }[],
) {
  const byTicket = new Map<number, TicketTouch>();
  for (const message of stored) {
    const touch = byTicket.get(message.ticketId) ?? {
      ticketId: message.ticketId,
      lastMessage: '',
      fromMe: false,
      unreadIncrement: 0,
    };
    touch.lastMessage = message.lastMessage;
    touch.fromMe = message.fromMe;
    if (message.countsAsUnread) touch.unreadIncrement += 1;
    byTicket.set(message.ticketId, touch);
  }
  return [...byTicket.values()];
}
