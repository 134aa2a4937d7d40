import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { UserEvent } from '@wacrm/shared/realtime/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSessionUser } from '../../auth/model/session-user-fixtures.ts';
import { applyUserEventToSession } from '../../auth/model/session-user-update.ts';
import { viewerOf } from '../model/notifications.ts';
import { bellQuery } from './bell-query.ts';
import { ticketsKeys } from './tickets-api.ts';

/** The ticket list requests the fake server saw, as their query strings. */
const server = vi.hoisted(() => ({ requests: [] as URLSearchParams[] }));

// The real HTTP client on a fake fetch: an unread pending ticket, and a read one for the pending list.
vi.mock('../../../lib/api.ts', async () => {
  const { createHttpClient } = await import('../../../lib/http.ts');
  const { createMemoryStorage } = await import('../../../lib/session-storage.ts');
  const { buildTicket } = await import('../model/ticket-fixtures.ts');
  const unread = buildTicket({ id: 1, unreadMessages: 2 });
  const read = buildTicket({ id: 2, unreadMessages: 0 });
  return {
    http: createHttpClient({
      storage: createMemoryStorage({ token: 'token', companyId: '3', userId: '7', companyDueDate: '2030-01-01' }),
      fetch: async (input) => {
        const query = new URLSearchParams(String(input).split('?')[1] ?? '');
        server.requests.push(query);
        const tickets = query.get('status') === 'pending' ? [unread, read] : [unread];
        return new Response(JSON.stringify({ tickets, count: tickets.length, hasMore: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    }),
  };
});

const session = buildSessionUser();

const userUpdate = (fields: Record<string, unknown>): UserEvent => ({
  action: 'update',
  user: { id: 7, name: 'Bruno', email: 'bruno@example.com', profile: 'user', ...fields },
});

describe('the bell query', () => {
  it('has a key per viewer: allTicket, profile and queues change it, queue order does not', () => {
    const viewer = viewerOf(session);
    const key = ticketsKeys.bell(3, viewer);
    expect(ticketsKeys.bell(3, { ...viewer, allTicket: 'enabled' })).not.toEqual(key);
    expect(ticketsKeys.bell(3, { ...viewer, profile: 'admin' })).not.toEqual(key);
    expect(ticketsKeys.bell(3, { ...viewer, queueIds: [1, 2] })).not.toEqual(key);
    expect(ticketsKeys.bell(3, { ...viewer, id: 8 })).not.toEqual(key);
    expect(ticketsKeys.bell(3, { ...viewer, queueIds: [2, 1] })).toEqual(
      ticketsKeys.bell(3, { ...viewer, queueIds: [1, 2] }),
    );
    // Still under the tickets prefix: invalidating ['tickets'] reaches it.
    expect(key.slice(0, 2)).toEqual(['tickets', 'bell']);
  });

  describe('when an admin changes the current user', () => {
    let queryClient: QueryClient;
    let stop: () => void;
    beforeEach(() => {
      server.requests = [];
      queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    });
    afterEach(() => {
      stop?.();
      queryClient.clear();
    });

    it('refetches with the pending list once a company-{id}-user update enables allTicket', async () => {
      let current = session;
      const observer = new QueryObserver(queryClient, bellQuery(current.companyId, viewerOf(current)));
      stop = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().data?.map((ticket) => ticket.id)).toEqual([1]));
      expect(server.requests.map((query) => query.get('withUnreadMessages'))).toEqual(['true']);

      // A presence heartbeat of the same user changes nothing: same key, no request.
      current = applyUserEventToSession(current, userUpdate({ online: true }));
      observer.setOptions(bellQuery(current.companyId, viewerOf(current)));
      expect(server.requests).toHaveLength(1);

      current = applyUserEventToSession(current, userUpdate({ allTicket: 'enabled', queues: session.queues }));
      observer.setOptions(bellQuery(current.companyId, viewerOf(current)));
      await vi.waitFor(() =>
        expect(
          observer
            .getCurrentResult()
            .data?.map((ticket) => ticket.id)
            .sort(),
        ).toEqual([1, 2]),
      );
      expect(server.requests.slice(1).map((query) => query.get('status'))).toEqual([null, 'pending']);
    });

    it('refetches when the user is given another queue', async () => {
      let current = session;
      const observer = new QueryObserver(queryClient, bellQuery(current.companyId, viewerOf(current)));
      stop = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
      const queues = [...session.queues, { id: 2, name: 'Support', color: '#0ea5e9' }];
      current = applyUserEventToSession(current, userUpdate({ allTicket: 'desabled', queues }));
      observer.setOptions(bellQuery(current.companyId, viewerOf(current)));
      await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    });
  });
});
