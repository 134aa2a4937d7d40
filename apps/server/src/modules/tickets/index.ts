import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ChannelSession } from '../channels/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createQueueMonitor } from './queue-monitor.ts';
import { createAssignmentRepository } from './ticket-assignment.repository.ts';
import { createTicketAssignment } from './ticket-assignment.ts';
import { assignmentSweepJob } from './tickets.jobs.ts';
import { createTicketPolicy } from './tickets.policy.ts';
import { createTicketsRealtime, notificationRooms, ticketListRooms } from './tickets.realtime.ts';
import { createTicketsRepository, type MarkMessagesRead } from './tickets.repository.ts';
import { registerTicketsRoutes } from './tickets.routes.ts';
import { type AfterTicketChange, type BotRefsCheck, createTicketsService } from './tickets.service.ts';

export { joinPendingTicket, type PendingTicket, pendingTicketFields } from './pending-ticket.sql.ts';
export { createTicketRecordReader } from './ticket-record.sql.ts';
export type { TicketChangeKind } from './ticket-transitions.ts';
export { type BusinessSeconds, type TicketTouch, ticketWrites } from './ticket-writes.ts';
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
    /** The company's default ticket capacity (automatic assignment). */
    settings: Pick<SettingsReader, 'read'>;
    audit: AuditLog;
  },
) {
  let afterChangeSteps: readonly AfterTicketChange[] = [];
  let lineChanged: (companyId: number) => Promise<void> = async () => undefined;
  const afterChange: AfterTicketChange = async (...args) => {
    for (const step of afterChangeSteps) await step(...args);
  };
  const repository = createTicketsRepository(platform.db);
  const policy = createTicketPolicy(platform.db);
  const realtime = createTicketsRealtime(platform.realtime);
  const assignment = createTicketAssignment({
    db: platform.db,
    assignments: createAssignmentRepository(),
    tickets: repository,
    realtime,
    settings: deps.settings,
    afterChange: () => afterChange,
    lineChanged: () => lineChanged,
    clock: platform.clock,
    log: platform.log,
  });
  // Every announced ticket, whoever changed it (intake, routing, bots, flows, timers, attendants):
  // one that entered an automatic queue's line or freed a slot asks for a pass. Non-GET requests
  // are answered once it has run (app.ts waits for the domain listeners).
  platform.realtime.domain.subscribe((event) =>
    event.type === 'ticket.changed'
      ? assignment.ticketChanged(event.companyId, event.ticket, event.previous)
      : undefined,
  );
  platform.jobs.handle(assignmentSweepJob, () => assignment.sweep());
  const service = createTicketsService({
    db: platform.db,
    repository,
    policy,
    realtime,
    afterChange: () => afterChange,
    sessions: () => deps.sessions,
    assertBotRefs: deps.assertBotRefs,
    markMessagesRead: deps.markMessagesRead,
    slotFreed: (companyId) => assignment.kick(companyId),
    log: platform.log,
    clock: platform.clock,
    deletedVisibleTo: async (companyId) =>
      (await deps.settings.read(companyId, ['deletedMessagesVisibleTo'])).deletedMessagesVisibleTo,
    audit: deps.audit,
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
    /**
     * Automatic assignment: `kick(companyId)` after something that may let an attendant take more
     * (a pause ended, came online, capacity or queues changed, a queue became automatic).
     */
    assignment: {
      kick: assignment.kick,
      line: assignment.line,
      estimateInputs: assignment.estimateInputs,
      /** What tells customers their place after each pass (automation's waiting-line messages). */
      declareLineChanged(step: (companyId: number) => Promise<void>) {
        lineChanged = step;
      },
    },
    /** What runs after an attendant's change, in order (each step awaited before the next). */
    afterChange: {
      declare(steps: readonly AfterTicketChange[]) {
        afterChangeSteps = steps;
      },
    },
    register: (app: FastifyInstance) =>
      registerTicketsRoutes(app, service, createQueueMonitor({ db: platform.db, settings: deps.settings })),
  };
}

export type TicketsModule = ReturnType<typeof createTicketsModule>;
