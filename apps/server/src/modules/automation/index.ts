import type { Platform } from '../../platform/context.ts';
import type { InboundHandler, MessagesModule } from '../messages/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { routingTimersJob } from './automation.jobs.ts';
import { createAutomationRepository } from './automation.repository.ts';
import { createAutomationService } from './automation.service.ts';
import { routingStateOf } from './routing-state.ts';
import { createWaitingLine } from './waiting-line.ts';

export { routingStateOf } from './routing-state.ts';

/**
 * Routing automation: the server's own side of a conversation (issue 7). It has no routes: the
 * inbound path, the tickets feature and the timer job call it. See docs/decisions/routing-automation.md.
 */
export function createAutomationModule(
  platform: Platform,
  deps: { messages: MessagesModule; tickets: TicketsModule; settings: SettingsReader },
) {
  const repository = createAutomationRepository(platform.db);
  const service = createAutomationService({
    db: platform.db,
    settings: deps.settings,
    repository,
    sendAutomatic: (...args) => deps.messages.service.sendAutomatic(...args),
    tickets: {
      record: (companyId, id) => deps.tickets.repository.record(companyId, id),
      ticketUpdated: (companyId, ticket, previous) => deps.tickets.realtime.ticketUpdated(companyId, ticket, previous),
    },
    clock: platform.clock,
    log: platform.log,
  });
  // After each assignment pass: the waiting customers' place in line (docs/decisions/fair-assignment.md).
  deps.tickets.assignment.declareLineChanged(
    createWaitingLine({
      db: platform.db,
      line: deps.tickets.assignment.line,
      estimateInputs: deps.tickets.assignment.estimateInputs,
      repository,
      settings: deps.settings,
      say: (companyId, ticketId, texts) => service.sayAutomatic(companyId, ticketId, texts),
      clock: platform.clock,
      log: platform.log,
    }),
  );
  platform.jobs.handle(routingTimersJob, () =>
    service.runTimers().catch((error) => platform.log.error({ err: error }, 'routing timers failed')),
  );
  /**
   * The inbound pipeline's routing step: greeting, queue choice, chatbot menus, the rating's
   * thanks and the declined call's notice. A message that moved the ticket (a queue just chosen)
   * passes on, so a bot of that queue can answer it.
   */
  const inbound: InboundHandler = {
    async customerMessage(turn) {
      const { event, ticket } = turn;
      const moved = await service.onCustomerMessage(
        event,
        ticket ? routingStateOf(ticket, event.whatsappId) : undefined,
      );
      if (!moved) return 'handled';
      turn.ticket = undefined;
      return 'pass';
    },
    async rated(companyId, ticketId) {
      await service.onRated(companyId, ticketId);
      return 'handled';
    },
    async callDeclined(companyId, ticketId) {
      await service.onCallDeclined(companyId, ticketId);
      return 'handled';
    },
  };
  return { service, inbound };
}

export type AutomationModule = ReturnType<typeof createAutomationModule>;
