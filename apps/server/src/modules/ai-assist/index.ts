import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlanRules } from '../plans/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createAiAssistRepository } from './ai-assist.repository.ts';
import { registerAiAssistRoutes } from './ai-assist.routes.ts';
import { createAiAssistService } from './ai-assist.service.ts';

/**
 * The attendants' AI assist (issue 51): summary, suggested reply, rewrite and translation of a
 * ticket through the company's OpenAI-compatible provider. It only ever answers the attendant:
 * nothing it writes is sent to a customer. See docs/decisions/ai-assist.md.
 */
export function createAiAssistModule(
  platform: Platform,
  deps: { tickets: TicketsModule; planRules: PlanRules; settings: Pick<SettingsReader, 'read'> },
) {
  const service = createAiAssistService({
    repository: createAiAssistRepository(platform.db),
    settings: deps.settings,
    planAllowsOpenAi: (companyId) => deps.planRules.allows(companyId, 'useOpenAi'),
    canAccessTicket: (session, ticketId) => deps.tickets.policy.canAccess(session, ticketId),
    config: { baseURL: platform.config.openAiBaseUrl, timeoutMs: platform.config.botTimeoutMs },
    clock: platform.clock,
  });
  return { service, register: (app: FastifyInstance) => registerAiAssistRoutes(app, service) };
}
