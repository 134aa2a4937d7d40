import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createTagsRealtime } from './tags.realtime.ts';
import { registerTagsRoutes } from './tags.routes.ts';
import { createTagsService } from './tags.service.ts';

export { createTagsRepository } from './tags.repository.ts';
export type { TagsService } from './tags.service.ts';

/** Tags: the company's labels, their ticket counts, kanban lanes, and a ticket's tag set. */
export function createTagsModule(platform: Platform, deps: { tickets: TicketsModule; planRules: PlanRules }) {
  const { tickets, planRules } = deps;
  const service = createTagsService({
    db: platform.db,
    events: createTagsRealtime(platform.realtime),
    tickets: () => ({
      canAccess: (session, ticketId) => tickets.policy.canAccess(session, ticketId),
      record: (companyId, ticketId) => tickets.repository.record(companyId, ticketId),
      ticketUpdated: (companyId, ticket) => tickets.realtime.ticketUpdated(companyId, ticket),
    }),
  });
  return {
    service,
    register: (app: FastifyInstance) =>
      registerTagsRoutes(app, service, { requireKanban: planRules.requireFeature('useKanban') }),
  };
}
