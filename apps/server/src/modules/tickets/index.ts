import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ChannelSession } from '../channels/channel-adapter.ts';
import { createTicketPolicy } from './tickets.policy.ts';
import { createTicketsRealtime, notificationRooms, ticketListRooms } from './tickets.realtime.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { registerTicketsRoutes } from './tickets.routes.ts';
import { createTicketsService, type SendAutomatic } from './tickets.service.ts';

/**
 * Tickets: list, one ticket, transitions, creation, deletion, read state, and who may see what
 * (the policy also guards the ticket rooms and decides the list rooms a socket joins).
 * Sending and the live sessions are bound late (`useMessaging`): the messages module owns them.
 */
export function createTicketsModule(platform: Platform) {
  let sendAutomatic: SendAutomatic | null = null;
  let sessions: { connectedSession(whatsappId: number): ChannelSession | null } | null = null;
  const repository = createTicketsRepository(platform.db);
  const policy = createTicketPolicy(platform.db);
  const realtime = createTicketsRealtime(platform.realtime);
  const service = createTicketsService({
    db: platform.db,
    repository,
    policy,
    realtime,
    sendAutomatic: () =>
      sendAutomatic ??
      (async () => {
        throw new Error('sending is not bound');
      }),
    sessions: () => sessions ?? { connectedSession: () => null },
    log: platform.log,
    clock: platform.clock,
  });

  platform.clientRooms.setTicketGuard((session, ticketId) => policy.canAccess(session, ticketId));
  platform.clientRooms.setListRooms(async (session, list) => {
    const viewer = await policy.viewerOf(session);
    if (!viewer) return [];
    return list === 'notification'
      ? notificationRooms(session.companyId, viewer)
      : ticketListRooms(session.companyId, viewer, list);
  });

  return {
    repository,
    policy,
    realtime,
    service,
    useMessaging(binding: {
      sendAutomatic: SendAutomatic;
      sessions: { connectedSession(whatsappId: number): ChannelSession | null };
    }) {
      sendAutomatic = binding.sendAutomatic;
      sessions = binding.sessions;
    },
    register: (app: FastifyInstance) => registerTicketsRoutes(app, service),
  };
}

export type TicketsModule = ReturnType<typeof createTicketsModule>;
