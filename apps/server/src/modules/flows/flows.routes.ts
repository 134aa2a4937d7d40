import {
  FLOW_MAX_BODY_BYTES,
  FLOW_VIDEO_MAX_BYTES,
  type FlowMediaKind,
  flowCampaignFieldsSchema,
  flowCampaignUpdateSchema,
  flowCreateSchema,
  flowDuplicateSchema,
  flowIdParamsSchema,
  flowImportSchema,
  flowListQuerySchema,
  flowSaveSchema,
  flowTestSchema,
  flowUpdateSchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { requireAdmin, requirePermission } from '../../platform/http/guards.ts';
import type { FlowsService } from './flows.service.ts';

/** An import carries its media inline (base64): up to a 20 MB video and some more. */
const IMPORT_MAX_BODY_BYTES = 40 * 1024 * 1024;

/**
 * The spec's `/flowbuilder` and `/flowcampaign` calls, admins only (docs/decisions/flows.md: the
 * spec's `cshow` flag is not a permission). Deleting a flow campaign also needs
 * `contacts-page:deleteContact` (spec §6).
 */
export function registerFlowsRoutes(app: FastifyInstance, service: FlowsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preHandler: requireAdmin };
  const byId = { ...admin, schema: { params: flowIdParamsSchema } };

  api.get('/api/flowbuilder', { ...admin, schema: { querystring: flowListQuerySchema } }, (request) =>
    service.list(request.session, request.query),
  );
  api.post('/api/flowbuilder', { ...admin, schema: { body: flowCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.session, request.body.name)),
  );
  api.put('/api/flowbuilder', { ...admin, schema: { body: flowUpdateSchema } }, (request) =>
    service.update(request.session, request.body),
  );
  api.delete('/api/flowbuilder/:id', byId, async (request, reply) => {
    await service.remove(request.session, request.params.id);
    return reply.status(204).send();
  });
  api.post('/api/flowbuilder/duplicate', { ...admin, schema: { body: flowDuplicateSchema } }, async (request, reply) =>
    reply.status(201).send(await service.duplicate(request.session, request.body.flowId, request.body.name)),
  );

  api.get('/api/flowbuilder/flow/:id', byId, (request) => service.content(request.session, request.params.id));
  api.post(
    '/api/flowbuilder/flow',
    { ...admin, bodyLimit: FLOW_MAX_BODY_BYTES, schema: { body: flowSaveSchema } },
    (request) => service.save(request.session, request.body),
  );

  // The editor's "test this flow" panel: (re)starts the flow for a sandbox customer's ticket.
  api.post(
    '/api/flowbuilder/:id/test',
    { ...admin, schema: { params: flowIdParamsSchema, body: flowTestSchema } },
    (request) => service.test(request.session, request.params.id, request.body),
  );

  // The panel closed: the test's throwaway customer and its tickets are removed.
  api.post(
    '/api/flowbuilder/:id/test/end',
    { ...admin, schema: { params: flowIdParamsSchema, body: flowTestSchema } },
    (request) => service.endTest(request.session, request.params.id, request.body),
  );

  api.get('/api/flowbuilder/:id/export', byId, async (request, reply) => {
    const file = await service.export(request.session, request.params.id);
    return reply.header('content-disposition', `attachment; filename="flow-${request.params.id}.json"`).send(file);
  });
  api.post(
    '/api/flowbuilder/import',
    { ...admin, bodyLimit: IMPORT_MAX_BODY_BYTES, schema: { body: flowImportSchema } },
    async (request, reply) => reply.status(201).send(await service.import(request.session, request.body)),
  );

  // spec: multipart {fromMe, medias, body}; answers {name}. The type is read from the bytes.
  const uploadOne = (kinds: FlowMediaKind[]) => async (request: FastifyRequest) => {
    const [file] = await readFiles(request, 1);
    return service.upload(request.session, file, kinds);
  };
  api.post('/api/flowbuilder/img', admin, uploadOne(['img']));
  api.post('/api/flowbuilder/audio', admin, uploadOne(['audio']));
  api.post('/api/flowbuilder/video', admin, uploadOne(['video']));
  // spec: the content dialog uploads its cards at once; answers the stored names in order.
  api.post('/api/flowbuilder/content', admin, async (request) => {
    const files = await readFiles(request, 20);
    const stored = [];
    for (const file of files) stored.push(await service.upload(request.session, file, ['img', 'audio', 'video']));
    return stored.map((item) => item.name);
  });

  api.get('/api/flowcampaign', admin, (request) => service.listCampaigns(request.session));
  api.get('/api/flowcampaign/:id', byId, (request) => service.findCampaign(request.session, request.params.id));
  api.post('/api/flowcampaign', { ...admin, schema: { body: flowCampaignFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await service.createCampaign(request.session, request.body)),
  );
  api.put('/api/flowcampaign', { ...admin, schema: { body: flowCampaignUpdateSchema } }, (request) =>
    service.updateCampaign(request.session, request.body),
  );
  api.delete(
    '/api/flowcampaign/:id',
    {
      preHandler: [requireAdmin, requirePermission('contacts-page:deleteContact')],
      schema: { params: flowIdParamsSchema },
    },
    async (request, reply) => {
      await service.removeCampaign(request.session, request.params.id);
      return reply.status(204).send();
    },
  );
}

async function readFiles(request: FastifyRequest, max: number) {
  if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { medias: 'Required' } });
  const files: { data: Buffer }[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: FLOW_VIDEO_MAX_BYTES, files: max } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
        files.push({ data });
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    if (error instanceof request.server.multipartErrors.FilesLimitError) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    throw error;
  }
  if (files.length === 0) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { medias: 'Required' } });
  return files;
}
