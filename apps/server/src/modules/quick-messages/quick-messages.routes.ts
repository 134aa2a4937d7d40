import {
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  quickMessageFieldsSchema,
  quickMessageIdParamsSchema,
  quickMessageListQuerySchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { mediaTooLarge, type QuickMessagesService, type UploadedFile } from './quick-messages.service.ts';

/** Every logged-in user has quick messages; who may change which is the service's rule. */
export function registerQuickMessagesRoutes(app: FastifyInstance, service: QuickMessagesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byId = { schema: { params: quickMessageIdParamsSchema } };

  api.get('/api/quick-messages', { schema: { querystring: quickMessageListQuerySchema } }, (request) =>
    service.page(request.session, request.query),
  );

  // The composer's `/` suggestions: the caller's own and the company's, active only.
  api.get('/api/quick-messages/list', (request) => service.list(request.session));

  api.get('/api/quick-messages/:id', byId, (request) => service.find(request.session, request.params.id));

  api.post('/api/quick-messages', { schema: { body: quickMessageFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.put(
    '/api/quick-messages/:id',
    { schema: { params: quickMessageIdParamsSchema, body: quickMessageFieldsSchema } },
    (request) => service.update(request.session, request.params.id, request.body),
  );

  api.delete('/api/quick-messages/:id', byId, async (request, reply) => {
    await service.remove(request.session, request.params.id);
    return reply.status(204).send();
  });

  // spec: multipart with `typeArch` ('quickMessage') and `file`; only the file is read.
  api.post('/api/quick-messages/:id/media-upload', byId, async (request) =>
    service.attachMedia(request.session, request.params.id, await readSingleFile(request)),
  );

  api.delete('/api/quick-messages/:id/media-upload', byId, (request) =>
    service.removeMedia(request.session, request.params.id),
  );
}

/** The first file of a multipart body, read into memory within the attachment size limit. */
async function readSingleFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  const part = await request.file({ limits: { fileSize: QUICK_MESSAGE_MEDIA_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  try {
    const data = await part.toBuffer();
    // A stream cut at the limit must never be stored as if it were the whole file.
    if (part.file.truncated) throw mediaTooLarge();
    return { filename: part.filename, mimetype: part.mimetype, data };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw mediaTooLarge();
    throw error;
  }
}
