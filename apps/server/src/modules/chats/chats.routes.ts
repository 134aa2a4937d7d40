import {
  chatFieldsSchema,
  chatIdParamsSchema,
  chatListQuerySchema,
  chatMessageFieldsSchema,
  chatMessageParamsSchema,
  chatMessagesQuerySchema,
  chatReadSchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ChatsService } from './chats.service.ts';

/** spec `/chats` calls; every route needs the plan's internal chat (403 otherwise). */
export function registerChatsRoutes(
  app: FastifyInstance,
  service: ChatsService,
  guards: { requireInternalChat: (request: FastifyRequest) => Promise<void> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireInternalChat;

  api.get('/api/chats', { preHandler, schema: { querystring: chatListQuerySchema } }, (request) =>
    service.list(request.session, request.query),
  );

  api.get('/api/chats/:id', { preHandler, schema: { params: chatIdParamsSchema } }, (request) =>
    service.show(request.session, request.params.id),
  );

  api.post('/api/chats', { preHandler, schema: { body: chatFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.put('/api/chats/:id', { preHandler, schema: { params: chatIdParamsSchema, body: chatFieldsSchema } }, (request) =>
    service.update(request.session, request.params.id, request.body),
  );

  api.delete('/api/chats/:id', { preHandler, schema: { params: chatIdParamsSchema } }, async (request, reply) => {
    await service.remove(request.session, request.params.id);
    return reply.status(204).send();
  });

  api.get(
    '/api/chats/:id/messages',
    { preHandler, schema: { params: chatIdParamsSchema, querystring: chatMessagesQuerySchema } },
    (request) => service.messages(request.session, request.params.id, request.query.pageNumber),
  );

  api.post(
    '/api/chats/:id/messages',
    { preHandler, schema: { params: chatIdParamsSchema, body: chatMessageFieldsSchema } },
    async (request, reply) =>
      reply.status(201).send(await service.send(request.session, request.params.id, request.body.message)),
  );

  api.put(
    '/api/chats/:id/messages/:messageId',
    { preHandler, schema: { params: chatMessageParamsSchema, body: chatMessageFieldsSchema } },
    (request) =>
      service.editMessage(request.session, request.params.id, request.params.messageId, request.body.message),
  );

  api.delete(
    '/api/chats/:id/messages/:messageId',
    { preHandler, schema: { params: chatMessageParamsSchema } },
    (request) => service.deleteMessage(request.session, request.params.id, request.params.messageId),
  );

  api.post(
    '/api/chats/:id/read',
    { preHandler, schema: { params: chatIdParamsSchema, body: chatReadSchema } },
    (request) => service.markRead(request.session, request.params.id),
  );
}
