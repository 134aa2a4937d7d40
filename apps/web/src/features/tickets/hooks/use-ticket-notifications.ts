import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppMessageEvent, TicketEvent, TicketRecord } from '@wacrm/shared/messages/message.schema';
import { companyEvent } from '@wacrm/shared/realtime/events';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useSocketEvent } from '../../../lib/socket-context.ts';
import { useSessionUser } from '../../auth/index.ts';
import { bellQuery } from '../api/bell-query.ts';
import { playNotificationSound, unlockNotificationSound } from '../model/notification-sound.ts';
import { removeBellTicket, shouldAlert, titleWithCount, upsertBellTicket, viewerOf } from '../model/notifications.ts';
import { useNotificationRoom } from './use-ticket-rooms.ts';

const ASKED_KEY = 'tickets.notificationsAsked';

/** spec: permission is asked once, on a user gesture (which also unlocks the chime). */
function useFirstGesture(): void {
  useEffect(() => {
    const handleGesture = () => {
      unlockNotificationSound();
      if ('Notification' in window && Notification.permission === 'default' && !localStorage.getItem(ASKED_KEY)) {
        localStorage.setItem(ASKED_KEY, '1');
        void Notification.requestPermission();
      }
    };
    document.addEventListener('pointerdown', handleGesture, { once: true });
    document.addEventListener('keydown', handleGesture, { once: true });
    return () => {
      document.removeEventListener('pointerdown', handleGesture);
      document.removeEventListener('keydown', handleGesture);
    };
  }, []);
}

/**
 * The bell's data and side effects: tickets with unread messages (and pending ones for allTicket
 * users), a chime and a browser notice for new customer messages, and the count in the tab title.
 */
export function useTicketNotifications() {
  const { t } = useTranslation('tickets');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openTicketUuid = useMatch('/tickets/:ticketId')?.params.ticketId ?? null;
  const viewer = useMemo(() => viewerOf(user), [user]);
  // An admin's change to this user's allTicket, queues or profile makes a new key: the bell refetches.
  const bell = bellQuery(user.companyId, viewer);
  const key = bell.queryKey;
  const alerted = useRef(new Set<number>());
  useNotificationRoom();
  useFirstGesture();

  // The old list stays on screen while the new one loads.
  const query = useQuery({ ...bell, placeholderData: keepPreviousData });
  const update = (change: (list: TicketRecord[]) => TicketRecord[]) =>
    queryClient.setQueryData<TicketRecord[]>(key, (list) => (list ? change(list) : list));

  useSocketEvent(companyEvent(user.companyId, 'ticket'), (payload) => {
    const event = payload as unknown as TicketEvent;
    if (event.action === 'update') update((list) => upsertBellTicket(list, event.ticket, viewer));
    else update((list) => removeBellTicket(list, event.ticketId));
  });

  useSocketEvent(companyEvent(user.companyId, 'appMessage'), (payload) => {
    const event = payload as unknown as AppMessageEvent;
    if (event.action !== 'create' || !event.ticket || event.message.fromMe) return;
    const isPageVisible = document.visibilityState === 'visible';
    const isReading = event.ticket.uuid === openTicketUuid && isPageVisible;
    if (!isReading) update((list) => upsertBellTicket(list, event.ticket, viewer));
    // The same message may reach several of our rooms: alert once.
    if (alerted.current.has(event.message.id)) return;
    if (!shouldAlert(event.message, event.ticket, viewer, { openTicketUuid, isPageVisible })) return;
    alerted.current.add(event.message.id);
    playNotificationSound();
    if (!isPageVisible && 'Notification' in window && Notification.permission === 'granted') {
      const name = event.ticket.contact?.name ?? event.contact?.name ?? '';
      const notice = new Notification(t('notifications.newMessage', { name }), {
        body: event.message.body || t('notifications.media'),
        tag: event.ticket.uuid,
        icon: event.ticket.contact?.profilePicUrl ?? undefined,
      });
      notice.onclick = () => {
        window.focus();
        navigate(`/tickets/${event.ticket.uuid}`);
        notice.close();
      };
    }
  });

  // The ticket being read is not news, even before its read receipt lands.
  const isPageVisible = typeof document === 'undefined' || document.visibilityState === 'visible';
  const tickets = (query.data ?? []).filter((ticket) => !(ticket.uuid === openTicketUuid && isPageVisible));
  const count = tickets.length;
  // The badge counts every bell ticket; the tab title only those with something unread (spec).
  const unreadCount = tickets.filter((ticket) => ticket.unreadMessages > 0).length;
  useEffect(() => {
    document.title = titleWithCount(document.title, unreadCount);
  }, [unreadCount]);
  useEffect(
    () => () => {
      document.title = titleWithCount(document.title, 0);
    },
    [],
  );

  return { tickets, count, isError: query.isError };
}
