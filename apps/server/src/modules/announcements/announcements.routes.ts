import {
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  announcementFieldsSchema,
  announcementIdParamsSchema,
  listQuerySchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { requireSuper } from '../../platform/http/guards.ts';
import { type AnnouncementsService, mediaTooLarge, type UploadedFile } from './announcements.service.ts';

const superOnly = { preValidation: requireSuper };

export function registerAnnouncementsRoutes(app: FastifyInstance, service: AnnouncementsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The top bar's popover: every logged-in user of every company reads the active ones.
  api.get('/api/announcements/list', () => service.listActive());

  api.get('/api/announcements', { ...superOnly, schema: { querystring: listQuerySchema } }, (request) =>
    service.listPage(request.query),
  );

  api.post('/api/announcements', { ...superOnly, schema: { body: announcementFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.get('/api/announcements/:id', { ...superOnly, schema: { params: announcementIdParamsSchema } }, (request) =>
    service.find(request.params.id),
  );

  api.put(
    '/api/announcements/:id',
    { ...superOnly, schema: { params: announcementIdParamsSchema, body: announcementFieldsSchema } },
    (request) => service.update(request.params.id, request.body),
  );

  api.delete(
    '/api/announcements/:id',
    { ...superOnly, schema: { params: announcementIdParamsSchema } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/announcements/:id/media-upload',
    { ...superOnly, schema: { params: announcementIdParamsSchema } },
    async (request) => service.attachMedia(request.params.id, await readSingleFile(request)),
  );

  api.delete(
    '/api/announcements/:id/media-upload',
    { ...superOnly, schema: { params: announcementIdParamsSchema } },
    (request) => service.removeMedia(request.params.id),
  );
}

/** The first file of a multipart body, read into memory with the attachment size limit. */
async function readSingleFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  const part = await request.file({ limits: { fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  try {
    return { filename: part.filename, data: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw mediaTooLarge();
    throw error;
  }
}
