import type {
  SandboxCustomerRecord,
  SandboxOutboxEntry,
  SandboxReadReceipt,
} from '@wacrm/shared/sandbox/sandbox.schema';

export interface SandboxCustomer {
  /** Digits only, as the server keys chats. */
  number: string;
  name: string;
}

/** One line of a simulated conversation: `in` the customer wrote, `out` the company sent. */
export interface SandboxMessage {
  id: string;
  direction: 'in' | 'out';
  body: string;
  /** `voiceNote`: the company sent it as a push-to-talk voice note. */
  media: { filename: string; mimetype: string; url: string | null; voiceNote?: boolean } | null;
  quotedId: string | null;
  time: string;
  /** Company messages only: 1 sent, 2 delivered, 3 read (4 played). */
  ack: number;
  deleted: boolean;
  /** Edited after it was sent: by the customer here, or by an attendant (the outbox says so). */
  edited?: boolean;
  /** Customer messages only: the company sent a read receipt (an attendant opened the chat). */
  isReadByCompany?: boolean;
  /** The customer's own reaction to this message ('' or missing when none). */
  reaction?: string;
  /** The company's reaction to this message, as the server lists it ('' or missing when none). */
  companyReaction?: string;
}

export interface SandboxChatState {
  customers: SandboxCustomer[];
  messages: Record<string, SandboxMessage[]>;
  /** The last outbox sequence number seen (the `after` of the next poll). */
  lastSeq: number;
  /** The last read receipt sequence number seen. */
  lastReceiptSeq: number;
  /** Per customer: how many company messages were on screen when their chat was last open (the badge counts the rest). */
  seenOut: Record<string, number>;
}

export const emptyChatState: SandboxChatState = {
  customers: [],
  messages: {},
  lastSeq: 0,
  lastReceiptSeq: 0,
  seenOut: {},
};

export const toDigits = (value: string) => value.replace(/\D/g, '');

/** Adds a customer, or renames one that exists; numbers compare by digits. */
export function addCustomer(state: SandboxChatState, customer: SandboxCustomer): SandboxChatState {
  const number = toDigits(customer.number);
  const name = customer.name.trim() || number;
  const exists = state.customers.some((item) => item.number === number);
  const customers = exists
    ? state.customers.map((item) => (item.number === number ? { ...item, name } : item))
    : [...state.customers, { number, name }];
  return { ...state, customers };
}

/**
 * Adds the connection's customers the server knows (played in another browser, or before this
 * one's storage was cleared). A customer known here keeps its name, unless it is only its number
 * (added by a company message), which the stored name replaces.
 */
export function mergeCustomers(state: SandboxChatState, records: readonly SandboxCustomerRecord[]): SandboxChatState {
  let next = state;
  for (const record of records) {
    const number = record.isGroup ? record.number : toDigits(record.number);
    const known = next.customers.find((item) => item.number === number);
    if (known && known.name !== number) continue;
    const name = record.name.trim() || number;
    next = known
      ? { ...next, customers: next.customers.map((item) => (item.number === number ? { ...item, name } : item)) }
      : { ...next, customers: [...next.customers, { number, name }] };
  }
  return next;
}

export function removeCustomer(state: SandboxChatState, number: string): SandboxChatState {
  const { [number]: _removed, ...messages } = state.messages;
  const { [number]: _seen, ...seenOut } = state.seenOut;
  return { ...state, customers: state.customers.filter((item) => item.number !== number), messages, seenOut };
}

/** Appends or replaces a message of a customer by id. */
export function putMessage(state: SandboxChatState, number: string, message: SandboxMessage): SandboxChatState {
  const list = state.messages[number] ?? [];
  const index = list.findIndex((item) => item.id === message.id);
  const next = index >= 0 ? list.map((item, i) => (i === index ? { ...item, ...message } : item)) : [...list, message];
  return { ...state, messages: { ...state.messages, [number]: next } };
}

export function setAck(state: SandboxChatState, number: string, id: string, ack: number): SandboxChatState {
  const list = state.messages[number] ?? [];
  return {
    ...state,
    messages: {
      ...state.messages,
      [number]: list.map((item) => (item.id === id ? { ...item, ack: Math.max(item.ack, ack) } : item)),
    },
  };
}

/**
 * Merges what the company sent. A message to a number nobody added yet (the company wrote
 * first) adds that customer, so nothing the company sends goes unseen.
 */
export function mergeOutbox(state: SandboxChatState, entries: readonly SandboxOutboxEntry[]): SandboxChatState {
  let next = state;
  for (const entry of entries) {
    const number = entry.isGroup ? entry.to : toDigits(entry.to);
    if (!next.customers.some((item) => item.number === number)) next = addCustomer(next, { number, name: number });
    next = putMessage(next, number, {
      id: entry.id,
      direction: 'out',
      body: entry.body,
      media: entry.media,
      quotedId: entry.quotedId,
      time: entry.time,
      ack: Math.max(entry.ack, next.messages[number]?.find((item) => item.id === entry.id)?.ack ?? 0),
      deleted: entry.deleted,
      edited: entry.edited,
    });
    next = { ...next, lastSeq: Math.max(next.lastSeq, entry.seq) };
  }
  return next;
}

/**
 * Re-reads one chat's whole outbox (an attendant edited or deleted a message already seen: its
 * entry keeps its sequence number, so the `after` poll does not bring it again). The sequence
 * stays where the `after` poll left it, so no other chat's newer entry is skipped.
 */
export function refreshOutbox(state: SandboxChatState, entries: readonly SandboxOutboxEntry[]): SandboxChatState {
  return { ...mergeOutbox(state, entries), lastSeq: state.lastSeq };
}

const outgoing = (messages: readonly SandboxMessage[] | undefined) =>
  (messages ?? []).filter((item) => item.direction === 'out');

/**
 * The chat list's badge: company messages that arrived since the customer's chat was last open
 * here, as a phone counts them (opening the chat clears it). Read receipts to the company are a
 * separate thing, sent with the bubbles' buttons.
 */
export const unreadCount = (messages: readonly SandboxMessage[] | undefined, seenOut = 0) =>
  outgoing(messages)
    .slice(seenOut)
    .filter((item) => !item.deleted).length;

/** The customer's chat is on screen: everything the company sent so far counts as seen. */
export function markSeen(state: SandboxChatState, number: string): SandboxChatState {
  const count = outgoing(state.messages[number]).length;
  if ((state.seenOut[number] ?? 0) === count) return state;
  return { ...state, seenOut: { ...state.seenOut, [number]: count } };
}

/** Marks the customer's messages the company sent read receipts for. */
export function applyReceipts(state: SandboxChatState, receipts: readonly SandboxReadReceipt[]): SandboxChatState {
  let next = state;
  for (const receipt of receipts) {
    const number = receipt.chatId.includes('@') ? receipt.chatId : toDigits(receipt.chatId);
    const list = next.messages[number];
    if (list?.some((item) => item.id === receipt.id && item.direction === 'in')) {
      next = {
        ...next,
        messages: {
          ...next.messages,
          [number]: list.map((item) => (item.id === receipt.id ? { ...item, isReadByCompany: true } : item)),
        },
      };
    }
    next = { ...next, lastReceiptSeq: Math.max(next.lastReceiptSeq, receipt.seq) };
  }
  return next;
}
