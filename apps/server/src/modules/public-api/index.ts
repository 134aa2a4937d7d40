import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ContactsModule } from '../contacts/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createPublicApiRepository } from './public-api.repository.ts';
import { registerPublicApiRoutes } from './public-api.routes.ts';
import { createPublicApiService } from './public-api.service.ts';

/** The external messages API, authenticated by a connection's token (plan flag useExternalApi). */
export function createPublicApiModule(
  platform: Platform,
  deps: { messages: MessagesModule; tickets: TicketsModule; contacts: ContactsModule; planRules: PlanRules },
) {
  const service = createPublicApiService({
    db: platform.db,
    repository: createPublicApiRepository(platform.db),
    contacts: deps.contacts.repository,
    messages: deps.messages.service,
    tickets: deps.tickets.repository,
    assertOnWhatsApp: deps.tickets.service.assertOnWhatsApp,
    contactsRealtime: deps.contacts.events,
    planRules: deps.planRules,
    storage: platform.storage,
    limitPerMinute: platform.config.externalApiLimitPerMinute,
    clock: platform.clock,
    eventsStored: () => platform.realtime.domain.settled(),
  });
  return { service, register: (app: FastifyInstance) => registerPublicApiRoutes(app, service) };
}
