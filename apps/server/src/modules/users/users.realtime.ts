import { companyEvent, rooms, type UserEventUser } from '@wacrm/shared';
import type { Realtime } from '../../platform/realtime/realtime.ts';

/**
 * The only place that emits user events. `clientRooms` (optional): `accessChanged` re-decides the
 * user's ticket list rooms, which follow their queues and allTicket (docs/decisions/tickets.md).
 */
export function createUsersRealtime(
  realtime: Realtime,
  clientRooms?: { refreshUser(companyId: number, userId: number): Promise<void> },
) {
  return {
    userCreated(companyId: number, user: UserEventUser) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'user'), { action: 'create', user });
    },
    userUpdated(companyId: number, user: UserEventUser) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'user'), { action: 'update', user });
    },
    /**
     * Queues or allTicket may have changed: the user's sockets on this node re-decide their list
     * rooms. Resolves once they have, so the answer to the change comes after its effect.
     */
    async accessChanged(companyId: number, userId: number) {
      await clientRooms?.refreshUser(companyId, userId).catch(() => undefined);
    },
    userDeleted(companyId: number, userId: number) {
      realtime.io.to(rooms.company(companyId)).emit(companyEvent(companyId, 'user'), { action: 'delete', userId });
    },
    /** A deleted user, or one whose password or profile an admin changed, stops receiving events at once. */
    sessionsEnded(companyId: number, userId: number) {
      realtime.io.in(rooms.user(companyId, userId)).disconnectSockets(true);
    },
  };
}
