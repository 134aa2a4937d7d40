import type { DialogflowTest } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { AuditLog } from '../audit/index.ts';
import type { InboundHandler, MessagesModule } from '../messages/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { botTurnJob } from './bots.jobs.ts';
import { createBotsRepository } from './bots.repository.ts';
import { createBotsService } from './bots.service.ts';
import { createIntegrationsRealtime } from './integrations.realtime.ts';
import { registerIntegrationsRoutes } from './integrations.routes.ts';
import { createIntegrationsService } from './integrations.service.ts';
import { createDialogflowClient } from './runtimes/dialogflow.ts';

export { assertBotRefs } from './bot-refs.ts';

/**
 * AI prompts (plan flag useOpenAi) and queue integrations (useIntegrations): the admins' API and
 * the bots that answer customers before an attendant does. See docs/decisions/ai-and-integrations.md.
 */
export function createIntegrationsModule(
  platform: Platform,
  deps: { messages: MessagesModule; tickets: TicketsModule; planRules: PlanRules; audit: AuditLog },
) {
  const { config } = platform;
  const service = createIntegrationsService({
    db: platform.db,
    realtime: createIntegrationsRealtime(platform.realtime),
    allowPrivateUrls: config.integrationsAllowPrivateUrls,
    audit: deps.audit,
  });
  const dialogflow = createDialogflowClient({
    apiUrl: config.dialogflowApiUrl,
    allowPrivateUrls: config.integrationsAllowPrivateUrls,
    timeoutMs: config.botTimeoutMs,
    clock: platform.clock,
  });
  const bots = createBotsService({
    db: platform.db,
    repository: createBotsRepository(platform.db),
    sendAutomatic: (...args) => deps.messages.service.sendAutomatic(...args),
    queueTurn: async (payload, startAfterSeconds) => {
      // A turn is a few provider calls at most: one killed mid-call is retried soon after.
      const expireInSeconds = Math.ceil((config.botTimeoutMs * 3) / 1000) + config.jobs.expiryGraceSeconds;
      await platform.jobs.send(botTurnJob, payload, { startAfterSeconds, retryLimit: 3, expireInSeconds });
    },
    planAllows: (companyId, flag) => deps.planRules.allows(companyId, flag),
    ticketChanged: async (companyId, ticketId, previous) => {
      const ticket = await deps.tickets.repository.record(companyId, ticketId);
      if (ticket) deps.tickets.realtime.ticketUpdated(companyId, ticket, previous);
    },
    dialogflow,
    config: {
      openAiBaseUrl: config.openAiBaseUrl,
      azureSpeechUrl: config.azureSpeechUrl,
      allowPrivateUrls: config.integrationsAllowPrivateUrls,
      timeoutMs: config.botTimeoutMs,
      publicDir: config.publicDir,
    },
    clock: platform.clock,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: platform.log,
  });
  platform.jobs.handle(botTurnJob, bots.runTurn);

  /** Tries the typed credentials (or the stored ones of `id`) with one detect-intent call. */
  async function testDialogflow(companyId: number, input: DialogflowTest) {
    const json =
      input.jsonContent?.trim() || (input.id ? (await service.integrationRow(companyId, input.id)).jsonContent : null);
    if (!json) throw new AppError('ERR_VALIDATION', { fields: { jsonContent: 'Required' } });
    try {
      await dialogflow.detectIntent({
        json,
        projectName: input.projectName,
        language: input.language,
        sessionId: `test-${companyId}`,
        text: 'hello',
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      platform.log.info({ err: error, companyId }, 'dialogflow test failed');
      throw new AppError('ERR_DIALOGFLOW_TEST_FAILED');
    }
    return { ok: true as const };
  }

  /**
   * The flows module's resolver: the flow that the `flowbuilder` integration of the ticket's queue
   * (or, without a queue, its connection) starts; null when there is none, the plan lacks
   * useIntegrations or the flow is switched off. The flows module reads which integration that is
   * with the rest of the ticket.
   */
  async function flowOfTicket(event: { companyId: number; integrationId: number | null }) {
    if (!event.integrationId) return null;
    const row = await service.integrationRow(event.companyId, event.integrationId).catch(() => null);
    if (row?.type !== 'flowbuilder' || !row.flowId) return null;
    if (!(await deps.planRules.allows(event.companyId, 'useIntegrations'))) return null;
    return (await service.activeFlow(event.companyId, row.flowId)) ? row.flowId : null;
  }

  return {
    service,
    flowOfTicket,
    /** A flow's typebot or OpenAI node hands the conversation to these bots (the flows module's runner). */
    flowBots: bots.flowTurn,
    register: (app: FastifyInstance) => registerIntegrationsRoutes(app, service, testDialogflow),
    /** The inbound pipeline's bot step: the bot of the ticket's connection or queue takes the message. */
    botInbound: { customerMessage: (turn) => bots.takeCustomerMessage(turn) } satisfies InboundHandler,
  };
}
