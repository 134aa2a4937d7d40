import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ChannelSession } from '../channels/index.ts';
import { createTicketPolicy } from './tickets.policy.ts';
import { createTicketsRealtime, notificationRooms, ticketListRooms } from './tickets.realtime.ts';
import { createTicketsRepository, type MarkMessagesRead } from './tickets.repository.ts';
import { registerTicketsRoutes } from './tickets.routes.ts';
import { type AfterTicketChange, type BotRefsCheck, createTicketsService } from './tickets.service.ts';

export { joinPendingTicket, type PendingTicket, pendingTicketFields } from './pending-ticket.sql.ts';
export { createTicketRecordReader } from './ticket-record.sql.ts';
export type { TicketChangeKind } from './ticket-transitions.ts';
export { type TicketTouch, ticketWrites } from './ticket-writes.ts';
export {
  canOpenTicket,
  createTicketPolicy,
  mayShowAll,
  type TicketPolicy,
  type TicketViewer,
} from './tickets.policy.ts';
export { createTicketsRealtime, type TicketAudienceState, ticketAudience } from './tickets.realtime.ts';
export type { TicketsRepository } from './tickets.repository.ts';
export type { AfterTicketChange, TicketsService } from './tickets.service.ts';

/**
 * Tickets: list, one ticket, transitions, creation, deletion, read state, and who may see what
 * (the policy also guards the ticket rooms and decides the list rooms a socket joins). What an
 * attendant's change sets off (a flow stopped, routing's notices) is declared in app.ts
 * (`afterChange.declare`), once the modules that answer it are made.
 */
export function createTicketsModule(
  platform: Platform,
  deps: {
    sessions: { reach(whatsappId: number): Promise<ChannelSession | null> };
    /** Checks that the prompt and integration a ticket names are the company's (the integrations module). */
    assertBotRefs: BotRefsCheck;
    /** Marks a ticket's customer messages read (the messages module, which tickets may not import). */
    markMessagesRead: MarkMessagesRead;
  },
) {
  let afterChangeSteps: readonly AfterTicketChange[] = [];
  const afterChange: AfterTicketChange = async (...args) => {
    for (const step of afterChangeSteps) await step(...args);
  };
  const repository = createTicketsRepository(platform.db);
  const policy = createTicketPolicy(platform.db);
  const realtime = createTicketsRealtime(platform.realtime);
  const service = createTicketsService({
    db: platform.db,
    repository,
    policy,
    realtime,
    afterChange: () => afterChange,
    sessions: () => deps.sessions,
    assertBotRefs: deps.assertBotRefs,
    markMessagesRead: deps.markMessagesRead,
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
    /** What runs after an attendant's change, in order (each step awaited before the next). */
    afterChange: {
      declare(steps: readonly AfterTicketChange[]) {
        afterChangeSteps = steps;
      },
    },
    register: (app: FastifyInstance) => registerTicketsRoutes(app, service),
  };
}

export type TicketsModule = ReturnType<typeof createTicketsModule>;
