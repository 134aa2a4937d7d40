import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** What a route adds to its entry in the OpenAPI document beyond its validation schemas. */
export interface RouteDocs {
  tags?: string[];
  summary?: string;
  /** `connectionToken`: the external API's connection token instead of a user's access token. */
  security?: 'connectionToken';
  headers?: Record<string, z.ZodType>;
  /** For routes that read their body themselves (multipart): the schemas it is checked against. */
  requestBody?: { json?: z.ZodType; multipart?: z.ZodType };
  responses?: Record<number, z.ZodType>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation of the route in /api/openapi.json (platform/http/openapi.ts). */
    docs?: RouteDocs;
  }
}

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as the JSON Schema (2020-12, OpenAPI 3.1's dialect) the document shows. Named
 * schemas (`.meta({ id })`) move to `components.schemas`, so `$ref`s point into the document.
 */
export function toDocSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>) {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = json;
  for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    components[name] = relink(definition) as JsonSchema;
  }
  return relink(rest) as JsonSchema;
}

function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : relink(inner);
  }
  return out;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** `/api/tickets/:id` → `/api/tickets/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The parameters of a zod object schema (path or query), one per property. */
function parametersOf(schema: unknown, location: 'path' | 'query', components: Record<string, JsonSchema>) {
  if (!(schema instanceof z.ZodObject)) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  const object = toDocSchema(schema, 'input', components) as {
    required?: string[];
    properties?: Record<string, JsonSchema>;
  };
  return Object.keys(shape).map((name) => ({
    name,
    in: location,
    required: location === 'path' || (object.required ?? []).includes(name),
    schema: object.properties?.[name] ?? {},
  }));
}

export interface WebhookDocs {
  events: readonly string[];
  envelope: z.ZodType;
}

/**
 * The OpenAPI 3.1 document of every `/api` route as registered: paths and methods from the
 * routes, parameters and bodies from the zod schemas they validate with, and the extra
 * documentation of `config.docs`. Nothing is written by hand, so it cannot drift from the routes.
 */
export function buildOpenApiDocument(routes: RouteOptions[], info: { version: string }, webhooks?: WebhookDocs) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.url.startsWith('/api/')) continue;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    const schema = (route.schema ?? {}) as {
      params?: unknown;
      querystring?: unknown;
      body?: unknown;
      response?: Record<string, unknown>;
    };
    const config = (route.config ?? {}) as { public?: boolean; docs?: RouteDocs };
    const docs = config.docs ?? {};
    for (const method of methods) {
      const path = openApiPath(route.url);
      const parameters = [
        ...parametersOf(schema.params, 'path', components),
        ...parametersOf(schema.querystring, 'query', components),
        ...Object.entries(docs.headers ?? {}).map(([name, header]) => ({
          name,
          in: 'header',
          required: false,
          schema: toDocSchema(header, 'input', components),
        })),
      ];
      const content: Record<string, { schema: JsonSchema }> = {};
      if (isZod(schema.body)) content['application/json'] = { schema: toDocSchema(schema.body, 'input', components) };
      if (docs.requestBody?.json) {
        content['application/json'] = { schema: toDocSchema(docs.requestBody.json, 'input', components) };
      }
      if (docs.requestBody?.multipart) {
        content['multipart/form-data'] = { schema: toDocSchema(docs.requestBody.multipart, 'input', components) };
      }
      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(docs.responses ?? {})) {
        responses[status] = {
          description: 'Success',
          content: { 'application/json': { schema: toDocSchema(response, 'output', components) } },
        };
      }
      // Route contracts: the response is encoded, so its JSON is the schema's input side. A file
      // (a CSV) says its media type with `contentMediaType`.
      for (const [status, response] of Object.entries(schema.response ?? {})) {
        if (!isZod(response)) continue;
        if (status === '204') {
          responses[status] = { description: 'No content' };
          continue;
        }
        const body = toDocSchema(response, 'input', components);
        const mediaType = typeof body.contentMediaType === 'string' ? body.contentMediaType : 'application/json';
        responses[status] = { description: 'Success', content: { [mediaType]: { schema: body } } };
      }
      if (Object.keys(responses).length === 0) responses.default = { description: 'JSON answer' };
      responses['4XX'] = { $ref: '#/components/responses/Error' };
      const security = docs.security ? [{ [docs.security]: [] }] : config.public ? [] : [{ bearerAuth: [] }];
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        tags: docs.tags ?? [path.split('/')[2] ?? 'api'],
        ...(docs.summary ? { summary: docs.summary } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(Object.keys(content).length ? { requestBody: { required: true, content } } : {}),
        responses,
        security,
      };
    }
  }
  const webhookItems: Record<string, unknown> = {};
  if (webhooks) {
    const envelope = toDocSchema(webhooks.envelope, 'output', components);
    for (const event of webhooks.events) {
      webhookItems[event] = {
        post: {
          summary: `${event} event, signed (X-Webhook-Signature: sha256=HMAC-SHA256(secret, timestamp + "." + body))`,
          requestBody: { content: { 'application/json': { schema: envelope } } },
          responses: { '2XX': { description: 'Received; any other answer is retried with backoff' } },
        },
      };
    }
  }
  components.Error = {
    type: 'object',
    properties: {
      error: { type: 'string' },
      message: { type: 'string' },
      fields: { type: 'object', additionalProperties: { type: 'string' } },
      details: { type: 'object' },
    },
    required: ['error', 'message'],
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'WACRM API',
      version: info.version,
      description:
        'Every /api route. User routes take the access token of POST /api/auth/login; the external messages API takes a connection token.',
    },
    servers: [{ url: '/' }],
    paths,
    webhooks: webhookItems,
    components: {
      schemas: components,
      responses: {
        Error: {
          description: 'Error (see the error catalogue)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        connectionToken: { type: 'http', scheme: 'bearer', description: "A connection's token (connection modal)" },
      },
    },
  };
}
