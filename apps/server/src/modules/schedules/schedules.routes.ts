import { SCHEDULE_MEDIA_MAX_BYTES, scheduleRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { SchedulesService, UploadedFile } from './schedules.service.ts';

/** Every route needs the plan's `useSchedules` (403 otherwise), checked before anything else. */
export function registerSchedulesRoutes(
  app: FastifyInstance,
  service: SchedulesService,
  guards: { requireSchedules: (request: FastifyRequest) => Promise<void> },
) {
  const gated = { preHandler: guards.requireSchedules };

  route(app, scheduleRoutes.page, (request) => service.page(request.session, request.query), gated);

  // The dialog reads and writes send times on the company's clock (its settings are admins' only).
  route(app, scheduleRoutes.timeZone, (request) => service.timeZone(request.session), gated);

  route(app, scheduleRoutes.find, (request) => service.find(request.session, request.params.id), gated);

  route(app, scheduleRoutes.create, (request) => service.create(request.session, request.body), gated);

  route(
    app,
    scheduleRoutes.update,
    (request) => service.update(request.session, request.params.id, request.body),
    gated,
  );

  route(app, scheduleRoutes.remove, (request) => service.remove(request.session, request.params.id), gated);

  // spec: multipart with `file`.
  route(
    app,
    scheduleRoutes.attachMedia,
    async (request) => service.attachMedia(request.session, request.params.id, await readSingleFile(request)),
    gated,
  );

  route(app, scheduleRoutes.removeMedia, (request) => service.removeMedia(request.session, request.params.id), gated);
}

const tooLarge = () => new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: SCHEDULE_MEDIA_MAX_BYTES } });

async function readSingleFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  const part = await request.file({ limits: { fileSize: SCHEDULE_MEDIA_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return { filename: part.filename, mimetype: part.mimetype, data };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
}
