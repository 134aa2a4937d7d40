import { useCallback, useEffect, useRef, useState } from 'react';
import { sandboxApi } from '../api/sandbox-api.ts';
import {
  applyCompanyReactions,
  editOwnMessage,
  revokeOwnMessage,
  setCustomerReaction,
} from '../model/customer-actions.ts';
import {
  addCustomer,
  applyReceipts,
  emptyChatState,
  markSeen,
  mergeCustomers,
  mergeOutbox,
  putMessage,
  refreshOutbox,
  removeCustomer,
  type SandboxChatState,
  type SandboxCustomer,
  type SandboxMessage,
  setAck,
} from '../model/sandbox-chat.ts';

/** ~1.5 s between outbox polls, as the phone would feel live. */
export const OUTBOX_POLL_MS = 1500;
const storageKey = (whatsappId: number) => `sandbox-chat-${whatsappId}`;

function loadState(whatsappId: number): SandboxChatState {
  try {
    const stored = localStorage.getItem(storageKey(whatsappId));
    // Each page load reads the outbox and the read receipts from the start and merges by id:
    // receipts live in the server's memory, so their sequence starts again after a restart.
    return stored
      ? { ...emptyChatState, ...(JSON.parse(stored) as SandboxChatState), lastSeq: 0, lastReceiptSeq: 0 }
      : emptyChatState;
  } catch {
    return emptyChatState;
  }
}

export interface OutgoingMessage {
  body: string;
  media?: { filename: string; mimetype: string; base64: string; previewUrl: string | null };
  quotedId?: string;
}

/**
 * The simulated customers of one sandbox connection: who they are (the server's list of the
 * connection's customers merged in) and what was said, kept in this browser, with the company's
 * side polled from the outbox while the phone is connected: new messages of every chat, the open
 * chat's edits and deletes, and the company's reactions.
 */
export function useSandboxChat(whatsappId: number, isConnected: boolean, openNumber: string | null) {
  const [state, setState] = useState<SandboxChatState>(() => loadState(whatsappId));
  const [isOutboxFailing, setIsOutboxFailing] = useState(false);
  const lastSeq = useRef(state.lastSeq);
  lastSeq.current = state.lastSeq;
  const lastReceiptSeq = useRef(state.lastReceiptSeq);
  lastReceiptSeq.current = state.lastReceiptSeq;
  const openChat = useRef(openNumber);
  openChat.current = openNumber;

  useEffect(() => {
    const { lastSeq: _seq, lastReceiptSeq: _receiptSeq, ...kept } = state;
    localStorage.setItem(storageKey(whatsappId), JSON.stringify(kept));
  }, [state, whatsappId]);

  // The company's customers on this connection, whichever browser played them; a failure leaves
  // the list as this browser knows it (the outbox poll reports an unreachable server).
  useEffect(() => {
    let isActive = true;
    sandboxApi
      .customers(whatsappId)
      .then((records) => isActive && setState((current) => mergeCustomers(current, records)))
      .catch(() => undefined);
    return () => {
      isActive = false;
    };
  }, [whatsappId]);

  useEffect(() => {
    if (!isConnected) return;
    let isActive = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const open = openChat.current;
        const [entries, receipts, reactions, openEntries] = await Promise.all([
          sandboxApi.outbox(whatsappId, lastSeq.current || undefined),
          sandboxApi.readReceipts(whatsappId, lastReceiptSeq.current || undefined),
          sandboxApi.reactions(whatsappId),
          open ? sandboxApi.outbox(whatsappId, undefined, open) : Promise.resolve([]),
        ]);
        if (!isActive) return;
        setIsOutboxFailing(false);
        if (entries.length > 0) setState((current) => mergeOutbox(current, entries));
        if (openEntries.length > 0) setState((current) => refreshOutbox(current, openEntries));
        // After the outbox, so a receipt or a reaction finds its message.
        if (receipts.length > 0) setState((current) => applyReceipts(current, receipts));
        setState((current) => applyCompanyReactions(current, reactions));
      } catch {
        if (isActive) setIsOutboxFailing(true);
      }
      if (isActive) timer = setTimeout(poll, OUTBOX_POLL_MS);
    };
    void poll();
    return () => {
      isActive = false;
      clearTimeout(timer);
    };
  }, [whatsappId, isConnected]);

  const send = useCallback(
    async (customer: SandboxCustomer, message: OutgoingMessage) => {
      const media = message.media
        ? { filename: message.media.filename, mimetype: message.media.mimetype, base64: message.media.base64 }
        : undefined;
      const answer = await sandboxApi.inbound(whatsappId, {
        from: customer.number,
        name: customer.name,
        body: message.body || undefined,
        media,
        quotedId: message.quotedId,
      });
      const sent: SandboxMessage = {
        id: answer.id,
        direction: 'in',
        body: message.body,
        media: message.media
          ? { filename: message.media.filename, mimetype: message.media.mimetype, url: message.media.previewUrl }
          : null,
        quotedId: message.quotedId ?? null,
        time: new Date().toISOString(),
        ack: 0,
        deleted: false,
      };
      setState((current) => putMessage(current, customer.number, sent));
      return answer.id;
    },
    [whatsappId],
  );

  const acknowledge = useCallback(
    async (customerNumber: string, messageId: string, ack: number) => {
      await sandboxApi.ack(whatsappId, messageId, ack);
      setState((current) => setAck(current, customerNumber, messageId, ack));
    },
    [whatsappId],
  );

  // The customer's own edits, deletes and reactions: sent as WhatsApp would, then shown here.
  const editMessage = useCallback(
    async (customerNumber: string, id: string, body: string) => {
      await sandboxApi.edit(whatsappId, { from: customerNumber, id, body });
      setState((current) => editOwnMessage(current, customerNumber, id, body));
    },
    [whatsappId],
  );
  const revokeMessage = useCallback(
    async (customerNumber: string, id: string) => {
      await sandboxApi.revoke(whatsappId, { from: customerNumber, id });
      setState((current) => revokeOwnMessage(current, customerNumber, id));
    },
    [whatsappId],
  );
  const react = useCallback(
    async (customerNumber: string, id: string, emoji: string) => {
      await sandboxApi.react(whatsappId, { from: customerNumber, id, emoji });
      setState((current) => setCustomerReaction(current, customerNumber, id, emoji));
    },
    [whatsappId],
  );

  return {
    state,
    editMessage,
    revokeMessage,
    react,
    isOutboxFailing,
    send,
    acknowledge,
    addCustomer: (customer: SandboxCustomer) => setState((current) => addCustomer(current, customer)),
    removeCustomer: (number: string) => setState((current) => removeCustomer(current, number)),
    markSeen: useCallback((number: string) => setState((current) => markSeen(current, number)), []),
    clear: () => setState(emptyChatState),
  };
}
