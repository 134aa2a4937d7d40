import { type ErrorBody, errorCatalogue } from '@wacrm/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException, postgresErrorCode } from '../db/errors.ts';
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
      // A rate limit says when to come back, in the standard header too.
      const retryAfter = error.extra.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
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
    // The database refused a value (NUL in text, a number or date out of range, too long): the
    // client's input, never a bug. Logged without the query's parameters, which hold that input.
    const sqlState = postgresErrorCode(error);
    if (sqlState && isDataException(sqlState)) {
      request.log.debug({ sqlState, route: request.routeOptions.url }, 'database refused a value');
      return reply.status(400).send(catalogueBody('ERR_VALIDATION'));
    }
    if (isMultipartParseError(request, error)) {
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: 'Malformed multipart body' });
    }
    // Fastify's own client errors (bad JSON, body too large, bad content type) keep their 4xx status.
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(catalogueBody('ERR_PAYLOAD_TOO_LARGE'));
    if (status === 415) return reply.status(415).send(catalogueBody('ERR_UNSUPPORTED_MEDIA_TYPE'));
    if (status === 429) return reply.status(429).send(catalogueBody('ERR_RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: 'ERR_VALIDATION', message: error.message });
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'unhandled error');
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

/**
 * The multipart parser (busboy, under @fastify/multipart) throws plain errors for a body it cannot
 * read (no boundary, a truncated part); the plugin's own errors already carry a 4xx status.
 */
function isMultipartParseError(request: FastifyRequest, error: FastifyError) {
  if (error.statusCode) return false;
  if (!String(request.headers['content-type'] ?? '').startsWith('multipart/')) return false;
  return /multipart|boundary|content-type|terminated early/i.test(error.message ?? '');
}

/** A failed query's error carries its parameters (users' data): the log keeps the SQL and the cause. */
function withoutQueryParameters(error: Error): Error {
  if (!('params' in error) || !('query' in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const safe = new Error(`Failed query: ${String(error.query)}${cause ? `\ncause: ${cause.message}` : ''}`);
  safe.stack = `${safe.message}\n${(error.stack ?? '').split('\n').slice(2).join('\n')}`;
  return safe;
}

function catalogueBody(code: keyof typeof errorCatalogue): ErrorBody {
  return { error: code, message: errorCatalogue[code].message };
}
