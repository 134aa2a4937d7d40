import type { AppMessageEvent, MessageRecord } from '@wacrm/shared/messages/message.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { joinRoom } from '../../../../lib/room-joins.ts';
import { useSocket, useSocketEvent } from '../../../../lib/socket-context.ts';
import { conversationApi, type ThreadPage, type ThreadTicketRef } from '../api/conversation-api.ts';
import { type ServiceWindow, withCustomerMessage } from '../model/service-window.ts';
import { mergeMessages, replaceMessage } from '../model/thread.ts';

interface Cursor {
  /** The ticket being paged: null for the ticket of the URL, else an earlier one. */
  earlierTicketId: number | null;
  hasMore: boolean;
  /** The ticket before the paged one, once the paged one has no older page. */
  previousTicket: ThreadTicketRef | null;
}

export interface ThreadState {
  messages: MessageRecord[];
  /** Earlier tickets whose messages are loaded, by id: their dividers name them. */
  earlierTickets: Map<number, ThreadTicketRef>;
  isLoading: boolean;
  isLoadingOlder: boolean;
  canLoadOlder: boolean;
  error: unknown;
  loadOlder: () => void;
  /** Bumped when messages arrive at the end (live or sent), so the list can follow the bottom. */
  appendedAt: number;
  upsert: (messages: MessageRecord[]) => void;
  /** Puts a changed message (edited, reacted to) in its place without following the bottom. */
  replace: (message: MessageRecord) => void;
  /** WhatsApp's 24-hour window of the ticket's connection (Cloud API); null when it has none. */
  serviceWindow: ServiceWindow;
}

const cursorOf = (page: ThreadPage, earlierTicketId: number | null): Cursor => ({
  earlierTicketId,
  hasMore: page.hasMore,
  previousTicket: page.hasMore ? null : page.previousTicket,
});

/**
 * The messages of one ticket's thread: the newest page first, older pages on demand (keyset `before`),
 * then earlier tickets of the contact past the start; live creates and updates from `appMessage`.
 * Mount it under a key of the ticket id: a new ticket starts from scratch.
 */
export function useThread(ticketId: number, companyId: number, options: { markRead: boolean }): ThreadState {
  const socket = useSocket();
  const [messages, setMessages] = useState<MessageRecord[]>([]);
  const [earlierTickets, setEarlierTickets] = useState(() => new Map<number, ThreadTicketRef>());
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [appendedAt, setAppendedAt] = useState(0);
  const [serviceWindow, setServiceWindow] = useState<ServiceWindow>(null);
  const loadingRef = useRef(false);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  // Live events that come while the first page loads wait for it and are then applied in order: the
  // page may have been read before them, and would otherwise put back what they changed (a
  // reaction removed, an edit) or drop a message they added.
  const eventsDuringLoad = useRef<AppMessageEvent[] | null>([]);
  const applyLiveRef = useRef<(event: AppMessageEvent) => void>(() => undefined);

  useEffect(() => {
    let isCurrent = true;
    eventsDuringLoad.current = [];
    const applyWaitingEvents = () => {
      const waiting = eventsDuringLoad.current ?? [];
      eventsDuringLoad.current = null;
      for (const event of waiting) applyLiveRef.current(event);
    };
    conversationApi
      .threadPage(ticketId)
      .then((page) => {
        if (!isCurrent) return;
        setMessages(mergeMessages([], page.messages));
        setCursor(cursorOf(page, null));
        setAppendedAt(Date.now());
        const closesAt = page.serviceWindow?.closesAt;
        setServiceWindow(page.serviceWindow && { closesAt: closesAt ? new Date(closesAt) : null });
        applyWaitingEvents();
      })
      .catch((reason) => {
        if (!isCurrent) return;
        setError(reason);
        applyWaitingEvents();
      });
    if (options.markRead) void conversationApi.markRead(ticketId).catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [ticketId, options.markRead]);

  // The ticket room brings this thread's message events; rejoin after every reconnect.
  useEffect(() => {
    if (!socket) return;
    const join = () => joinRoom(socket, 'joinChatBox', ticketId);
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leaveChatBox', ticketId);
    };
  }, [socket, ticketId]);

  const loadOlder = useCallback(() => {
    if (!cursor || loadingRef.current) return;
    const { earlierTicketId, hasMore, previousTicket } = cursor;
    if (!hasMore && !previousTicket) return;
    const pagedTicketId = hasMore ? earlierTicketId : (previousTicket?.id ?? null);
    const oldest = hasMore ? messagesRef.current.find((m) => m.ticketId === (earlierTicketId ?? ticketId)) : undefined;
    loadingRef.current = true;
    setIsLoadingOlder(true);
    conversationApi
      .threadPage(ticketId, {
        ...(pagedTicketId ? { earlierTicketId: pagedTicketId } : {}),
        ...(oldest ? { before: oldest.id } : {}),
      })
      .then((page) => {
        const known = new Set(messagesRef.current.map((m) => m.id));
        const isNew = page.messages.some((m) => !known.has(m.id));
        if (previousTicket && !hasMore) setEarlierTickets((map) => new Map(map).set(previousTicket.id, previousTicket));
        setMessages((current) => mergeMessages(current, page.messages));
        // A page with nothing new ends the paging (protects against a server that ignores the cursor).
        setCursor(
          isNew || (!hasMore && previousTicket)
            ? cursorOf(page, pagedTicketId)
            : { ...cursor, hasMore: false, previousTicket: null },
        );
      })
      .catch(() => undefined)
      .finally(() => {
        loadingRef.current = false;
        setIsLoadingOlder(false);
      });
  }, [cursor, ticketId]);

  const upsert = useCallback((incoming: MessageRecord[]) => {
    setMessages((current) => mergeMessages(current, incoming));
    setAppendedAt(Date.now());
  }, []);

  const replace = useCallback((message: MessageRecord) => {
    setMessages((current) => replaceMessage(current, message));
  }, []);

  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readTimer.current), []);

  const applyLive = (event: AppMessageEvent) => {
    if (event.action === 'create') {
      if (event.message.ticketId !== ticketId) return;
      upsert([event.message]);
      setServiceWindow((current) => withCustomerMessage(current, event.message));
      // The attendant is looking at this conversation: a new customer message is read at once.
      if (options.markRead && !event.message.fromMe && document.visibilityState === 'visible') {
        clearTimeout(readTimer.current);
        readTimer.current = setTimeout(() => void conversationApi.markRead(ticketId).catch(() => undefined), 500);
      }
    } else if (event.action === 'update') {
      replace(event.message);
    }
  };
  applyLiveRef.current = applyLive;

  useSocketEvent(companyEvent(companyId, 'appMessage'), (payload) => {
    const event = payload as unknown as AppMessageEvent;
    if (eventsDuringLoad.current) eventsDuringLoad.current.push(event);
    else applyLive(event);
  });

  return {
    messages,
    earlierTickets,
    isLoading: cursor === null && !error,
    isLoadingOlder,
    canLoadOlder: Boolean(cursor && (cursor.hasMore || cursor.previousTicket)),
    error,
    loadOlder,
    appendedAt,
    upsert,
    replace,
    serviceWindow,
  };
}
