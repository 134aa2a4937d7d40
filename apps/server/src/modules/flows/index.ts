import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ContactsModule } from '../contacts/index.ts';
import { type InboundHandler, type MessagesModule, menuContent } from '../messages/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { AfterTicketChange, TicketsModule } from '../tickets/index.ts';
import { createFlowDefinitions } from './flow-definitions.ts';
import { mimetypeOfPath } from './flow-media.ts';
import { createFlowRuntime, type FlowBotRunner, type FlowRuntimeDeps } from './flow-runtime.ts';
import { flowBotTurnJob, flowResumeJob } from './flows.jobs.ts';
import { createFlowsRepository } from './flows.repository.ts';
import { registerFlowsRoutes } from './flows.routes.ts';
import { createFlowsService } from './flows.service.ts';

/** What the queue-integrations module plugs in: the flow an integration of type `flowbuilder` starts. */
export type FlowIntegrationResolver = NonNullable<ReturnType<NonNullable<FlowRuntimeDeps['integrationFlow']>>>;
export type { FlowBotRunner } from './flow-runtime.ts';

/**
 * The flow builder (issue 17): the editor's API, flow campaigns, and the runtime that plays flows
 * to customers. It comes first in the inbound pipeline: a message a flow takes never reaches the
 * bots or the queue chatbot (`inbound`), and any change an attendant makes to the ticket stops the
 * flow (`stopOnTicketChange`). See docs/decisions/flows.md.
 */
export function createFlowsModule(
  platform: Platform,
  deps: {
    messages: MessagesModule;
    tickets: TicketsModule;
    contacts: ContactsModule;
    planRules: PlanRules;
    /** chatBotType: whether menus go as buttons or lists where the connection can show them. */
    settings: Pick<SettingsReader, 'read'>;
    /** The flow a queue integration of type `flowbuilder` starts (the integrations module). */
    integrationFlow: FlowIntegrationResolver;
    /** The bots a typebot or OpenAI node hands the conversation to (the integrations module). */
    bots: FlowBotRunner;
    /** The company's custom variables (the campaigns module's settings), filled in flow texts. */
    companyVariables: (companyId: number) => Promise<readonly { key: string; value: string }[]>;
  },
) {
  const repository = createFlowsRepository(platform.db);
  const definitions = createFlowDefinitions(repository, { bus: platform.bus, log: platform.log });
  const service = createFlowsService({
    repository,
    flowChanged: definitions.forget,
    storage: platform.storage,
    planAllows: (companyId, flag) => deps.planRules.allows(companyId, flag),
    startFlow: (companyId, ticketId, flowId) => runtime.start(companyId, ticketId, flowId),
    removeTicket: (session, ticketId) => deps.tickets.service.remove(session, ticketId),
    removeContact: (companyId, contactId) => deps.contacts.service.remove(companyId, contactId),
  });
  const runtime = createFlowRuntime({
    // Every turn reads its flow's definition: from the kept ones.
    repository: { ...repository, findFlow: definitions.find },
    sendText: async (companyId, ticketId, body, menu) => {
      const structured = menu
        ? menuContent(await deps.settings.read(companyId, ['chatBotType', 'messagesLanguage']), menu)
        : undefined;
      await deps.messages.service.sendAutomatic(companyId, ticketId, body, null, structured && { structured });
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
    bots: () => deps.bots,
    ticketMoved: async (companyId, ticketId, before) => {
      const record = await deps.tickets.repository.record(companyId, ticketId);
      if (record) deps.tickets.realtime.ticketUpdated(companyId, record, before as never);
    },
    integrationFlow: () => deps.integrationFlow,
    companyVariables: (companyId) => deps.companyVariables(companyId),
    random: Math.random,
    log: platform.log,
  });
  platform.jobs.handle(flowResumeJob, runtime.resume);
  platform.jobs.handle(flowBotTurnJob, runtime.botTurn);

  return {
    service,
    runtime,
    register: (app: FastifyInstance) => registerFlowsRoutes(app, service),
    /** The inbound pipeline's first step: a running flow, or one the message starts, takes it. */
    inbound: {
      async customerMessage(turn) {
        // The flows' read of the ticket is the one the bots and routing decide from.
        const { taken, ticket } = await runtime.onCustomerMessage(turn.event);
        if (taken) return 'handled';
        turn.ticket = ticket;
        return 'pass';
      },
    } satisfies InboundHandler,
    /** An attendant's accept (or any other change but a plain edit) stops the ticket's flow. */
    stopOnTicketChange: (async (companyId, kind, ticket) => {
      if (kind !== 'update') await runtime.stopForTicket(companyId, ticket.id);
    }) satisfies AfterTicketChange,
  };
}

export type FlowsModule = ReturnType<typeof createFlowsModule>;
