import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireSuper } from '../../platform/http/guards.ts';
import { type AnnouncementsService, mediaTooLarge, type UploadedFile } from './announcements.service.ts';

// A guard runs first wherever it is declared (`runGuardsFirst`), so preHandler keeps it before validation.
const superOnly = { preHandler: requireSuper };

export function registerAnnouncementsRoutes(app: FastifyInstance, service: AnnouncementsService) {
  // The top bar's popover: every logged-in user of every company reads the active ones.
  route(app, announcementRoutes.listActive, () => service.listActive());

  route(app, announcementRoutes.page, (request) => service.listPage(request.query), superOnly);

  route(app, announcementRoutes.create, (request) => service.create(request.session, request.body), superOnly);

  route(app, announcementRoutes.find, (request) => service.find(request.params.id), superOnly);

  route(app, announcementRoutes.update, (request) => service.update(request.params.id, request.body), superOnly);

  route(app, announcementRoutes.remove, (request) => service.remove(request.params.id), superOnly);

  route(
    app,
    announcementRoutes.attachMedia,
    async (request) => service.attachMedia(request.params.id, await readSingleFile(request)),
    superOnly,
  );

  route(app, announcementRoutes.removeMedia, (request) => service.removeMedia(request.params.id), superOnly);
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
