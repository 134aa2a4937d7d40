import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TagsService } from '../tags/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { registerKanbanRoutes } from './kanban.routes.ts';
import { createKanbanService } from './kanban.service.ts';

/** Kanban: the board of open tickets by lane tag, card moves and lane order (plan flag `useKanban`). */
export function createKanbanModule(
  platform: Platform,
  deps: { tickets: TicketsModule; tags: { service: TagsService }; planRules: PlanRules },
) {
  const { tickets, tags, planRules } = deps;
  const service = createKanbanService({
    db: platform.db,
    bindings: () => ({
      viewerOf: (session) => tickets.policy.viewerOf(session),
      canAccess: (session, ticketId) => tickets.policy.canAccess(session, ticketId),
      records: (companyId, ids) => tickets.repository.records(companyId, ids),
      ticketUpdated: (companyId, ticket) => tickets.realtime.ticketUpdated(companyId, ticket),
      announceTags: (companyId, tagIds) => tags.service.announce(companyId, tagIds),
    }),
  });
  return {
    service,
    register: (app: FastifyInstance) =>
      registerKanbanRoutes(app, service, { requireKanban: planRules.requireFeature('useKanban') }),
  };
}
