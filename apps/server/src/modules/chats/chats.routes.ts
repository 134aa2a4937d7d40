import { chatRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { ChatsService } from './chats.service.ts';

/** spec `/chats` calls; every route needs the plan's internal chat (403 otherwise). */
export function registerChatsRoutes(
  app: FastifyInstance,
  service: ChatsService,
  guards: { requireInternalChat: (request: FastifyRequest) => Promise<void> },
) {
  const guarded = { preHandler: guards.requireInternalChat };

  route(app, chatRoutes.list, (request) => service.list(request.session, request.query), guarded);
  route(app, chatRoutes.find, (request) => service.show(request.session, request.params.id), guarded);
  route(app, chatRoutes.create, (request) => service.create(request.session, request.body), guarded);
  route(app, chatRoutes.update, (request) => service.update(request.session, request.params.id, request.body), guarded);
  route(app, chatRoutes.remove, (request) => service.remove(request.session, request.params.id), guarded);

  route(
    app,
    chatRoutes.messages,
    (request) => service.messages(request.session, request.params.id, request.query.pageNumber),
    guarded,
  );
  route(
    app,
    chatRoutes.send,
    (request) => service.send(request.session, request.params.id, request.body.message),
    guarded,
  );
  route(
    app,
    chatRoutes.editMessage,
    (request) =>
      service.editMessage(request.session, request.params.id, request.params.messageId, request.body.message),
    guarded,
  );
  route(
    app,
    chatRoutes.deleteMessage,
    (request) => service.deleteMessage(request.session, request.params.id, request.params.messageId),
    guarded,
  );
  route(
    app,
    chatRoutes.markRead,
    (request) => service.markRead(request.session, request.params.id, request.body?.upToMessageId),
    guarded,
  );
}
