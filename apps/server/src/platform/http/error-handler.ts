import { type ErrorBody, errorCatalogue } from '@wacrm/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

/** Maps every thrown error and validation failure to the error body of the contract. */
export function registerErrorHandler(
  app: FastifyInstance,
  serveSpa: ((request: FastifyRequest, reply: FastifyReply) => unknown) | null,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.extra.fields) body.fields = error.extra.fields;
      if (error.extra.details) body.details = error.extra.details;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] ??= issue.message ?? 'Invalid';
      }
      return reply
        .status(400)
        .send({ error: 'ERR_VALIDATION', message: errorCatalogue.ERR_VALIDATION.message, fields });
    }
    // Fastify's own client errors (bad JSON, body too large, bad content type) keep their 4xx status.
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(catalogueBody('ERR_PAYLOAD_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(catalogueBody('ERR_UNSUPPORTED_MEDIA_TYPE'));
    if (status === 429) return reply.status(429).send(catalogueBody('ERR_RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: 'ERR_VALIDATION', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(catalogueBody('ERR_INTERNAL_SERVER_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send(catalogueBody('ERR_ROUTE_NOT_FOUND'));
    }
    // Client-side routes of the web app (/tickets/abc, /settings…) all load index.html.
    if (serveSpa && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/public/')) {
      return serveSpa(request, reply);
    }
    return reply.status(404).send(catalogueBody('ERR_NOT_FOUND'));
  });
}

function catalogueBody(code: keyof typeof errorCatalogue): ErrorBody {
  return { error: code, message: errorCatalogue[code].message };
}
