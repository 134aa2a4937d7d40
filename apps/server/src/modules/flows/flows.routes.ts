import { FLOW_MAX_BODY_BYTES, FLOW_VIDEO_MAX_BYTES, type FlowMediaKind, flowRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
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
  const admin = { preHandler: requireAdmin };

  route(app, flowRoutes.list, (request) => service.list(request.session, request.query), admin);
  route(app, flowRoutes.create, (request) => service.create(request.session, request.body.name), admin);
  route(app, flowRoutes.update, (request) => service.update(request.session, request.body), admin);
  route(app, flowRoutes.remove, (request) => service.remove(request.session, request.params.id), admin);
  route(
    app,
    flowRoutes.duplicate,
    (request) => service.duplicate(request.session, request.body.flowId, request.body.name),
    admin,
  );

  route(app, flowRoutes.content, (request) => service.content(request.session, request.params.id), admin);
  route(app, flowRoutes.save, (request) => service.save(request.session, request.body), {
    ...admin,
    bodyLimit: FLOW_MAX_BODY_BYTES,
  });

  // The editor's "test this flow" panel: (re)starts the flow for a sandbox customer's ticket.
  route(app, flowRoutes.test, (request) => service.test(request.session, request.params.id, request.body), admin);

  // The panel closed: the test's throwaway customer and its tickets are removed.
  route(app, flowRoutes.endTest, (request) => service.endTest(request.session, request.params.id, request.body), admin);

  route(
    app,
    flowRoutes.exportFile,
    async (request, reply) => {
      const file = await service.export(request.session, request.params.id);
      reply.header('content-disposition', `attachment; filename="flow-${request.params.id}.json"`);
      return file;
    },
    admin,
  );
  route(app, flowRoutes.importFile, (request) => service.import(request.session, request.body), {
    ...admin,
    bodyLimit: IMPORT_MAX_BODY_BYTES,
  });

  // spec: multipart {fromMe, medias, body}; answers {name}. The type is read from the bytes.
  const uploadOne = (kinds: FlowMediaKind[]) => async (request: FastifyRequest) => {
    const [file] = await readFiles(request, 1);
    return service.upload(request.session, file, kinds);
  };
  route(app, flowRoutes.uploadImage, uploadOne(['img']), admin);
  route(app, flowRoutes.uploadAudio, uploadOne(['audio']), admin);
  route(app, flowRoutes.uploadVideo, uploadOne(['video']), admin);
  // spec: the content dialog uploads its cards at once; answers the stored names in order.
  route(
    app,
    flowRoutes.uploadContent,
    async (request) => {
      const files = await readFiles(request, 20);
      const stored = [];
      for (const file of files) stored.push(await service.upload(request.session, file, ['img', 'audio', 'video']));
      return stored.map((item) => item.name);
    },
    admin,
  );

  route(app, flowRoutes.campaigns, (request) => service.listCampaigns(request.session), admin);
  route(app, flowRoutes.findCampaign, (request) => service.findCampaign(request.session, request.params.id), admin);
  route(app, flowRoutes.createCampaign, (request) => service.createCampaign(request.session, request.body), admin);
  route(app, flowRoutes.updateCampaign, (request) => service.updateCampaign(request.session, request.body), admin);
  route(app, flowRoutes.removeCampaign, (request) => service.removeCampaign(request.session, request.params.id), {
    preHandler: [requireAdmin, requirePermission('contacts-page:deleteContact')],
  });
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
