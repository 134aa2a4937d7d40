import { QUICK_MESSAGE_MEDIA_MAX_BYTES, quickMessageRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { mediaTooLarge, type QuickMessagesService, type UploadedFile } from './quick-messages.service.ts';

/** Every logged-in user has quick messages; who may change which is the service's rule. */
export function registerQuickMessagesRoutes(app: FastifyInstance, service: QuickMessagesService) {
  route(app, quickMessageRoutes.page, (request) => service.page(request.session, request.query));

  route(app, quickMessageRoutes.list, (request) => service.list(request.session));

  route(app, quickMessageRoutes.find, (request) => service.find(request.session, request.params.id));

  route(app, quickMessageRoutes.create, (request) => service.create(request.session, request.body));

  route(app, quickMessageRoutes.update, (request) => service.update(request.session, request.params.id, request.body));

  route(app, quickMessageRoutes.remove, (request) => service.remove(request.session, request.params.id));

  route(app, quickMessageRoutes.uploadMedia, async (request) =>
    service.attachMedia(request.session, request.params.id, await readSingleFile(request)),
  );

  route(app, quickMessageRoutes.removeMedia, (request) => service.removeMedia(request.session, request.params.id));
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
