import {
  MESSAGE_MEDIA_MAX_BYTES,
  messageIdParamsSchema,
  messageRoutes,
  sendMessageMultipartDocSchema,
  sendMessageSchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { defineGuard } from '../../platform/http/guards.ts';
import type { MessagesService, SendInput, UploadedMedia } from './messages.service.ts';

export function registerMessagesRoutes(app: FastifyInstance, service: MessagesService) {
  route(app, messageRoutes.page, (request) =>
    service.listPage(request.session, request.params.ticketId, request.query),
  );

  // JSON {body, quotedMsg?, signMessage?} or multipart {medias[], body, signMessage?, quotedMsg?, isVoiceNote?}:
  // the contract has no body schema, so the handler reads and checks the body itself.
  route(
    app,
    messageRoutes.send,
    async (request) => {
      const input = request.isMultipart() ? await readMultipart(request) : readJson(request.body);
      return service.send(request.session, request.params.ticketId, input);
    },
    { config: { docs: { requestBody: { json: sendMessageSchema, multipart: sendMessageMultipartDocSchema } } } },
  );

  route(app, messageRoutes.remove, (request) => service.remove(request.session, request.params.id));

  // Who may act before what they sent: a message of a ticket the caller cannot open is not
  // found, whatever the body says (another company's id included).
  const guard = {
    preHandler: defineGuard(async (request) => {
      const params = messageIdParamsSchema.safeParse(request.params);
      if (!params.success || !(await service.canReach(request.session, params.data.id))) {
        throw new AppError('ERR_NOT_FOUND');
      }
    }),
  };

  route(
    app,
    messageRoutes.edit,
    (request) => service.edit(request.session, request.params.id, request.body.body),
    guard,
  );

  route(
    app,
    messageRoutes.react,
    (request) => service.react(request.session, request.params.id, request.body.emoji),
    guard,
  );
}

function validationError(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return new AppError('ERR_VALIDATION', { fields });
}

function readJson(raw: unknown): SendInput {
  const parsed = sendMessageSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const { body = '', template, quotedMsg, signMessage } = parsed.data;
  return { body, template, quotedMsgId: quotedMsg?.id, signMessage };
}

async function readMultipart(request: FastifyRequest): Promise<SendInput> {
  const fields: Record<string, string> = {};
  const medias: UploadedMedia[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: MESSAGE_MEDIA_MAX_BYTES, files: 10 } })) {
      if (part.type === 'file') {
        medias.push({ filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('ERR_PAYLOAD_TOO_LARGE');
    }
    throw error;
  }
  if (medias.length === 0) return readJson({ body: fields.body ?? '', signMessage: fields.signMessage === 'true' });
  let quotedMsgId: number | undefined;
  if (fields.quotedMsg) {
    try {
      quotedMsgId = Number((JSON.parse(fields.quotedMsg) as { id?: unknown }).id) || undefined;
    } catch {
      quotedMsgId = Number(fields.quotedMsg) || undefined;
    }
  }
  return {
    body: fields.body ?? '',
    medias,
    signMessage: fields.signMessage === 'true',
    quotedMsgId,
    isVoiceNote: fields.isVoiceNote === 'true',
  };
}
