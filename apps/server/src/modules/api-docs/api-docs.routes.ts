import { webhookEnvelopeSchema, webhookEventTypes } from '@wacrm/shared';
import { apiDocsPaths } from '@wacrm/shared/api-docs/api-docs.paths';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildOpenApiDocument } from '../../platform/http/openapi.ts';
import { renderReference } from './reference-page.ts';

/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the registered routes;
 * `GET /api/docs`: a reference page rendered from it on the server (no scripts, no CDN).
 * Built on first request, when every route is registered.
 */
export function registerApiDocsRoutes(app: FastifyInstance, routes: RouteOptions[], version: string) {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  let page: string | null = null;
  const documentNow = () => {
    document ??= buildOpenApiDocument(
      routes,
      { version },
      { events: webhookEventTypes, envelope: webhookEnvelopeSchema },
    );
    return document;
  };

  const docs = (summary: string) => ({ public: true, docs: { tags: ['API documentation'], summary } });
  app.get(apiDocsPaths.document, { config: docs('This document (OpenAPI 3.1)') }, () => documentNow());
  app.get(apiDocsPaths.reference, { config: docs('This reference page (HTML)') }, (_request, reply) => {
    page ??= renderReference(documentNow());
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
