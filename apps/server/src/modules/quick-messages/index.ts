import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { createQuickMessagesRealtime } from './quick-messages.realtime.ts';
import { registerQuickMessagesRoutes } from './quick-messages.routes.ts';
import { createQuickMessagesService } from './quick-messages.service.ts';

/** Quick messages: shortcuts with text and an optional attachment, personal or for the whole company. */
export function createQuickMessagesModule(platform: Platform) {
  const service = createQuickMessagesService({
    db: platform.db,
    storage: platform.storage,
    events: createQuickMessagesRealtime(platform.realtime),
    log: platform.log,
  });
  return { service, register: (app: FastifyInstance) => registerQuickMessagesRoutes(app, service) };
}
