import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { IntakeAutomation } from '../channels/intake/intake.service.ts';
import type { ContactsModule } from '../contacts/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { PlanRules } from '../plans/plan-rules.ts';
import type { TicketsModule } from '../tickets/index.ts';
import type { TicketChangeKind } from '../tickets/ticket-transitions.ts';
import { mimetypeOfPath } from './flow-media.ts';
import { createFlowRuntime, type FlowBotRunner, type FlowRuntimeDeps } from './flow-runtime.ts';
import { flowBotTurnJob, flowResumeJob } from './flows.jobs.ts';
import { createFlowsRepository } from './flows.repository.ts';
import { registerFlowsRoutes } from './flows.routes.ts';
import { createFlowsService } from './flows.service.ts';

/** What the queue-integrations module plugs in: the flow an integration of type `flowbuilder` starts. */
export type FlowIntegrationResolver = NonNullable<ReturnType<NonNullable<FlowRuntimeDeps['integrationFlow']>>>;

/**
 * The flow builder (issue 17): the editor's API, flow campaigns, and the runtime that plays flows
 * to customers. It sits in front of routing automation: a message a flow takes never reaches the
 * queue chatbot (`wrapIntake`), and any change an attendant makes to the ticket stops the flow
 * (`wrapAfterTicketChange`). See docs/decisions/flows.md.
 */
export function createFlowsModule(
  platform: Platform,
  deps: { messages: MessagesModule; tickets: TicketsModule; contacts: ContactsModule; planRules: PlanRules },
) {
  const repository = createFlowsRepository(platform.db);
  const service = createFlowsService({
    repository,
    storage: platform.storage,
    planAllows: (companyId, flag) => deps.planRules.allows(companyId, flag),
    startFlow: (companyId, ticketId, flowId) => runtime.start(companyId, ticketId, flowId),
    removeTicket: (session, ticketId) => deps.tickets.service.remove(session, ticketId),
    removeContact: (companyId, contactId) => deps.contacts.service.remove(companyId, contactId),
  });
  let integrationFlow: FlowIntegrationResolver | null = null;
  let bots: FlowBotRunner | null = null;
  let companyVariables: ((companyId: number) => Promise<readonly { key: string; value: string }[]>) | null = null;
  const runtime = createFlowRuntime({
    repository,
    sendText: async (companyId, ticketId, body) => {
      await deps.messages.service.sendAutomatic(companyId, ticketId, body);
    },
    sendMedia: async (companyId, ticketId, _kind, path, asVoiceNote) => {
      const data = await platform.storage.read(path);
      if (!data) {
        platform.log.warn({ companyId, ticketId, path }, 'flow media file is gone; skipped');
        return;
      }
      const filename = path.split('/').pop() ?? 'file';
      await deps.messages.service.sendAutomatic(companyId, ticketId, '', null, {
        medias: [{ filename, mimetype: mimetypeOfPath(path), data }],
        isVoiceNote: asVoiceNote,
      });
    },
    scheduleResume: async (payload, seconds) => {
      await platform.jobs.send(flowResumeJob, payload, { startAfterSeconds: seconds, retryLimit: 5 });
    },
    scheduleBotTurn: async (payload) => {
      // A turn is a few provider calls at most: one killed mid-call runs again soon after.
      const expireInSeconds =
        Math.ceil((platform.config.botTimeoutMs * 3) / 1000) + platform.config.jobs.expiryGraceSeconds;
      await platform.jobs.send(flowBotTurnJob, payload, { retryLimit: 2, expireInSeconds });
    },
    bots: () => bots,
    ticketMoved: async (companyId, ticketId, before) => {
      const record = await deps.tickets.repository.record(companyId, ticketId);
      if (record) deps.tickets.realtime.ticketUpdated(companyId, record, before as never);
    },
    integrationFlow: () => integrationFlow,
    companyVariables: async (companyId) => (companyVariables ? companyVariables(companyId) : []),
    random: Math.random,
    log: platform.log,
  });
  platform.jobs.handle(flowResumeJob, runtime.resume);
  platform.jobs.handle(flowBotTurnJob, runtime.botTurn);

  return {
    service,
    runtime,
    register: (app: FastifyInstance) => registerFlowsRoutes(app, service),
    /** Routing automation behind the flows: a message a flow takes goes no further. */
    wrapIntake(routing: IntakeAutomation): IntakeAutomation {
      return {
        onRated: (...args) => routing.onRated(...args),
        onCallDeclined: (...args) => routing.onCallDeclined(...args),
        async onCustomerMessage(event) {
          // The flows' read of the ticket is the one the bots and routing decide from.
          const { taken, ticket } = await runtime.onCustomerMessage(event);
          if (!taken) await routing.onCustomerMessage(event, ticket);
        },
      };
    },
    /** An attendant's accept (or any other change but a plain edit) stops the ticket's flow first. */
    wrapAfterTicketChange<Ticket extends { id: number }, Rest extends unknown[]>(
      after: (companyId: number, kind: TicketChangeKind, ticket: Ticket, ...rest: Rest) => Promise<void>,
    ) {
      return async (companyId: number, kind: TicketChangeKind, ticket: Ticket, ...rest: Rest) => {
        if (kind !== 'update') await runtime.stopForTicket(companyId, ticket.id);
        await after(companyId, kind, ticket, ...rest);
      };
    },
    /**
     * The hook for queue integrations of type `flowbuilder`: the resolver answers the flow to start
     * on a ticket's first customer message (from its connection's or queue's integration), or null.
     */
    useIntegrationResolver(resolver: FlowIntegrationResolver) {
      integrationFlow = resolver;
    },
    /** The bots a typebot or OpenAI node hands the conversation to (the integrations module). */
    useBots(runner: FlowBotRunner) {
      bots = runner;
    },
    /** The company's custom variables (the campaigns module's settings), filled in flow texts. */
    useCompanyVariables(source: (companyId: number) => Promise<readonly { key: string; value: string }[]>) {
      companyVariables = source;
    },
  };
}

export type FlowsModule = ReturnType<typeof createFlowsModule>;
