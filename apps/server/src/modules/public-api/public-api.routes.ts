import {
  EXTERNAL_MEDIA_MAX_FILES,
  externalSendFieldsSchema,
  externalSendMultipartDocSchema,
  externalSendSchema,
  idempotencyKeySchema,
  MESSAGE_MEDIA_MAX_BYTES,
  publicApiRoutes,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { UploadedMedia } from '../messages/index.ts';
import type { TokenConnection } from './public-api.repository.ts';
import type { ExternalSend, PublicApiService } from './public-api.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The connection whose token authenticated an external API request. */
    apiConnection?: TokenConnection;
  }
}

/**
 * `POST /api/messages/send` and `GET /api/messages/send/{id}`: outside the user session
 * (`public`), authenticated by the connection's token in their own `onRequest` hook, which also
 * checks the plan flag and counts the rate limit before the body is read.
 */
export function registerPublicApiRoutes(app: FastifyInstance, service: PublicApiService) {
  const authenticate = async (request: FastifyRequest) => {
    request.apiConnection = await service.authenticate(readBearer(request));
  };
  const connectionOf = (request: FastifyRequest) => request.apiConnection as TokenConnection;

  route(
    app,
    publicApiRoutes.send,
    async (request, reply) => {
      const input = request.isMultipart() ? await readMultipart(request) : readJson(request.body);
      const key = request.headers['idempotency-key'];
      const parsedKey = key === undefined ? null : idempotencyKeySchema.safeParse(key);
      if (parsedKey && !parsedKey.success) throw validationError(parsedKey.error, 'Idempotency-Key');
      const { replayed, ...answer } = await service.send(connectionOf(request), input, parsedKey?.data ?? null);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return answer;
    },
    {
      config: {
        public: true,
        docs: {
          tags: ['Messages API'],
          summary: 'Send a text or media message to a number through the token’s connection',
          security: 'connectionToken',
          headers: { 'Idempotency-Key': idempotencyKeySchema },
          requestBody: { json: externalSendSchema, multipart: externalSendMultipartDocSchema },
        },
      },
      onRequest: authenticate,
    },
  );

  route(app, publicApiRoutes.status, (request) => service.status(connectionOf(request), request.params.id), {
    config: {
      public: true,
      docs: {
        tags: ['Messages API'],
        summary: 'A message sent through the API, with its ack',
        security: 'connectionToken',
      },
    },
    onRequest: authenticate,
  });

  route(
    app,
    publicApiRoutes.edit,
    (request) => service.edit(connectionOf(request), request.params.id, request.body.body),
    {
      config: {
        public: true,
        docs: {
          tags: ['Messages API'],
          summary: 'Edit the text of a text message the API sent, within 15 minutes of sending it',
          security: 'connectionToken',
        },
      },
      onRequest: authenticate,
    },
  );

  route(
    app,
    publicApiRoutes.react,
    (request) => service.react(connectionOf(request), request.params.id, request.body.emoji),
    {
      config: {
        public: true,
        docs: {
          tags: ['Messages API'],
          summary: 'React to a message of the connection with an emoji (an empty emoji removes the reaction)',
          security: 'connectionToken',
        },
      },
      onRequest: authenticate,
    },
  );
}

function readBearer(request: FastifyRequest) {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function validationError(error: z.ZodError, prefix?: string) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = prefix ?? (issue.path.map(String).join('.') || '_');
    fields[field] ??= issue.message;
  }
  return new AppError('ERR_VALIDATION', { fields });
}

function readJson(raw: unknown): ExternalSend {
  const parsed = externalSendSchema.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return { number: parsed.data.number, body: parsed.data.body, medias: [] };
}

async function readMultipart(request: FastifyRequest): Promise<ExternalSend> {
  const fields: Record<string, string> = {};
  const medias: UploadedMedia[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: MESSAGE_MEDIA_MAX_BYTES, files: EXTERNAL_MEDIA_MAX_FILES } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'medias' && data.length > 0) {
          medias.push({ filename: part.filename, mimetype: part.mimetype, data });
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', { fields: { medias: 'File too large' } });
    }
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw new AppError('ERR_VALIDATION', { fields: { medias: `At most ${EXTERNAL_MEDIA_MAX_FILES} files` } });
    }
    throw error;
  }
  if (medias.length === 0) return readJson(fields);
  const parsed = externalSendFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  return { number: parsed.data.number, body: parsed.data.body, medias };
}
