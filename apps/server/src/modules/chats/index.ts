import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { createChatsRealtime } from './chats.realtime.ts';
import { registerChatsRoutes } from './chats.routes.ts';
import { type ChatMessageSent, createChatsService } from './chats.service.ts';

export type { ChatMessageSent } from './chats.service.ts';

/** Internal chat between a company's users: private to each chat's participants. */
export function createChatsModule(
  platform: Platform,
  deps: {
    tickets: TicketsModule;
    planRules: PlanRules;
    messageSent?: (companyId: number, sent: ChatMessageSent) => void;
  },
) {
  const service = createChatsService({
    db: platform.db,
    events: createChatsRealtime(platform.realtime),
    viewerOf: (reader) => deps.tickets.policy.viewerOf(reader),
    clock: platform.clock,
    messageSent: deps.messageSent,
  });
  return {
    service,
    register: (app: FastifyInstance) =>
      registerChatsRoutes(app, service, { requireInternalChat: deps.planRules.requireFeature('useInternalChat') }),
  };
}
