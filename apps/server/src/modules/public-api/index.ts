import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createContactsRealtime } from '../contacts/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { PlanRules } from '../plans/plan-rules.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createPublicApiRepository } from './public-api.repository.ts';
import { registerPublicApiRoutes } from './public-api.routes.ts';
import { createPublicApiService } from './public-api.service.ts';

/** The external messages API, authenticated by a connection's token (plan flag useExternalApi). */
export function createPublicApiModule(
  platform: Platform,
  deps: { messages: MessagesModule; tickets: TicketsModule; planRules: PlanRules },
) {
  const service = createPublicApiService({
    db: platform.db,
    repository: createPublicApiRepository(platform.db),
    messages: deps.messages.service,
    tickets: deps.tickets.repository,
    assertOnWhatsApp: deps.tickets.service.assertOnWhatsApp,
    contactsRealtime: createContactsRealtime(platform.realtime),
    planRules: deps.planRules,
    storage: platform.storage,
    limitPerMinute: platform.config.externalApiLimitPerMinute,
    clock: platform.clock,
    eventsStored: () => platform.realtime.domain.settled(),
  });
  return { service, register: (app: FastifyInstance) => registerPublicApiRoutes(app, service) };
}
