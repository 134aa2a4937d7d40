import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ChannelSession } from '../channels/channel-adapter.ts';
import { createTicketPolicy } from './tickets.policy.ts';
import { createTicketsRealtime, notificationRooms, ticketListRooms } from './tickets.realtime.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import { registerTicketsRoutes } from './tickets.routes.ts';
import { type AfterTicketChange, createTicketsService } from './tickets.service.ts';

/**
 * Tickets: list, one ticket, transitions, creation, deletion, read state, and who may see what
 * (the policy also guards the ticket rooms and decides the list rooms a socket joins).
 * The live sessions and the automation hook are bound late (`useSessions`, `useAutomation`).
 */
export function createTicketsModule(platform: Platform) {
  let afterChange: AfterTicketChange = async () => undefined;
  let sessions: { reach(whatsappId: number): Promise<ChannelSession | null> } | null = null;
  const repository = createTicketsRepository(platform.db);
  const policy = createTicketPolicy(platform.db);
  const realtime = createTicketsRealtime(platform.realtime);
  const service = createTicketsService({
    db: platform.db,
    repository,
    policy,
    realtime,
    afterChange: () => afterChange,
    sessions: () => sessions ?? { reach: async () => null },
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
    useSessions(binding: { reach(whatsappId: number): Promise<ChannelSession | null> }) {
      sessions = binding;
    },
    /** Routing automation answers ticket changes (bound after it is made, it needs this module). */
    useAutomation(hook: AfterTicketChange) {
      afterChange = hook;
    },
    register: (app: FastifyInstance) => registerTicketsRoutes(app, service),
  };
}

export type TicketsModule = ReturnType<typeof createTicketsModule>;
