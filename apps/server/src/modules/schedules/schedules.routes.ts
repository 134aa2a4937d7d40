import {
  SCHEDULE_MEDIA_MAX_BYTES,
  scheduleFieldsSchema,
  scheduleIdParamsSchema,
  scheduleListQuerySchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import type { SchedulesService, UploadedFile } from './schedules.service.ts';

/** Every route needs the plan's `useSchedules` (403 otherwise), checked before anything else. */
export function registerSchedulesRoutes(
  app: FastifyInstance,
  service: SchedulesService,
  guards: { requireSchedules: (request: FastifyRequest) => Promise<void> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const gated = { preHandler: guards.requireSchedules };
  const byId = { ...gated, schema: { params: scheduleIdParamsSchema } };

  api.get('/api/schedules', { ...gated, schema: { querystring: scheduleListQuerySchema } }, (request) =>
    service.page(request.session, request.query),
  );

  // The dialog reads and writes send times on the company's clock (its settings are admins' only).
  api.get('/api/schedules/time-zone', gated, (request) => service.timeZone(request.session));

  api.get('/api/schedules/:id', byId, (request) => service.find(request.session, request.params.id));

  api.post('/api/schedules', { ...gated, schema: { body: scheduleFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body)),
  );

  api.put(
    '/api/schedules/:id',
    { ...gated, schema: { params: scheduleIdParamsSchema, body: scheduleFieldsSchema } },
    (request) => service.update(request.session, request.params.id, request.body),
  );

  api.delete('/api/schedules/:id', byId, async (request, reply) => {
    await service.remove(request.session, request.params.id);
    return reply.status(204).send();
  });

  // spec: multipart with `file`.
  api.post('/api/schedules/:id/media-upload', byId, async (request) =>
    service.attachMedia(request.session, request.params.id, await readSingleFile(request)),
  );

  api.delete('/api/schedules/:id/media-upload', byId, (request) =>
    service.removeMedia(request.session, request.params.id),
  );
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
