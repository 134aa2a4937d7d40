import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useMemo, useState } from 'react';
import { useCompanyQueues } from '../../../lib/lookups/use-lookups.ts';

export interface QueueChoice {
  id: number;
  name: string;
  color: string;
}

const showAllKey = (userId: number) => `tickets.showAll.${userId}`;

function readShowAll(user: SessionUser): boolean {
  // spec: defaults on for admins and allTicket users; only holders of the permission can switch it.
  if (!hasPermission(user, 'tickets-manager:showall')) return user.allTicket === 'enabled';
  return localStorage.getItem(showAllKey(user.id)) !== 'false';
}

/**
 * The manager's header state: the show-all switch (persisted per user) and the queue
 * multi-select (the user's queues, or every queue for admins; all selected at first).
 */
export function useManagerFilters(user: SessionUser) {
  const isAdmin = hasPermission(user, 'tickets:viewAll');
  const companyQueues = useCompanyQueues(user.companyId, isAdmin);
  const queueOptions: QueueChoice[] | undefined = isAdmin
    ? companyQueues.data?.map(({ id, name, color }) => ({ id, name, color }))
    : user.queues;
  const [showAll, setShowAllState] = useState(() => readShowAll(user));
  // null = "every option": new queues join the selection until the user narrows it.
  const [picked, setPicked] = useState<number[] | null>(null);

  const selectedQueueIds = useMemo(() => {
    const all = (queueOptions ?? []).map((queue) => queue.id);
    return picked === null ? all : picked.filter((id) => all.includes(id));
  }, [queueOptions, picked]);

  const setShowAll = (next: boolean) => {
    setShowAllState(next);
    localStorage.setItem(showAllKey(user.id), String(next));
  };

  return {
    canShowAll: hasPermission(user, 'tickets-manager:showall'),
    showAll,
    setShowAll,
    queueOptions: queueOptions ?? [],
    isQueuesReady: queueOptions !== undefined,
    selectedQueueIds,
    setSelectedQueueIds: setPicked,
  };
}
