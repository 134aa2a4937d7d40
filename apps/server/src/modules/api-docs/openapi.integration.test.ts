import { externalSendSchema, routeContracts } from '@wacrm/shared';
import Ajv2020 from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { openApiPath } from '../../platform/http/openapi.ts';
import { routesOutsideContracts } from './routes-outside-contracts.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};

const apiRoutes = () =>
  t.server.routes
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ route, method: method.toLowerCase(), path: openApiPath(route.url) })),
    );

const keysOf = (schema: unknown) => (schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : []);

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** A schema as written, or the named schema it points to. */
function resolved(document: Document, schema: unknown) {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return (ref ? document.components.schemas[ref.split('/').pop() ?? ''] : schema) as
    | { properties?: object; required?: string[] }
    | undefined;
}

describe('OpenAPI document', () => {
  it('is public, OpenAPI 3.1, and every $ref and schema in it is valid', async () => {
    const answer = await t.request('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    const document = answer.body as Document;
    expect(document.openapi).toBe('3.1.0');
    for (const ref of refsIn(document)) {
      const [, section, kind, name] = ref.split('/');
      expect(section).toBe('components');
      expect((document.components as Record<string, Record<string, unknown>>)[kind]?.[name], ref).toBeDefined();
    }
    // Every schema compiles as JSON Schema 2020-12 (OpenAPI 3.1's dialect), refs resolved in the document.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const compile = (schema: unknown) => {
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
      expect(() => ajv.compile(rewritten)).not.toThrow();
    };
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        for (const content of Object.values(operation.requestBody?.content ?? {})) compile(content.schema);
      }
    }
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'contact.created',
      'contact.updated',
      'message.ack',
      'message.created',
      'message.deleted',
      'message.reaction',
      'message.updated',
      'ticket.created',
      'ticket.updated',
    ]);
  });

  it('has exactly the registered routes, with the parameters and bodies their schemas validate', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).body as Document;
    const routes = apiRoutes();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((entry) => `${entry.method} ${entry.path}`).sort());
    for (const { route, method, path } of routes) {
      const operation = document.paths[path][method];
      const schema = (route as RouteOptions).schema as
        | { params?: unknown; querystring?: unknown; body?: unknown }
        | undefined;
      const names = (where: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => parameter.name)
          .sort();
      expect(names('path'), `${method} ${path} path`).toEqual(keysOf(schema?.params));
      expect(names('query'), `${method} ${path} query`).toEqual(keysOf(schema?.querystring));
      if (schema?.body instanceof z.ZodObject) {
        const documentedBody = resolved(document, operation.requestBody?.content['application/json']?.schema);
        expect(Object.keys(documentedBody?.properties ?? {}).sort(), `${method} ${path} body`).toEqual(
          keysOf(schema.body),
        );
      }
    }
  });

  it('documents the response of every route declared by a contract, and every contract is registered', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).body as Document;
    const withResponseSchema = apiRoutes().filter(({ route }) => (route.schema as { response?: object })?.response);
    for (const { route, method, path } of withResponseSchema) {
      const declared = Object.keys((route.schema as { response: object }).response);
      const responses = document.paths[path][method].responses as Record<string, { content?: object }>;
      for (const status of declared) {
        expect(responses[status], `${method} ${path} ${status}`).toBeDefined();
        if (status !== '204') expect(responses[status].content, `${method} ${path} ${status}`).toBeDefined();
      }
    }
    const contracts = Object.values(routeContracts).flatMap((group) => Object.values(group));
    expect(contracts.length).toBeGreaterThan(0);
    const registered = new Set(withResponseSchema.map(({ method, path }) => `${method} ${path}`));
    for (const contract of contracts) {
      expect(registered, `${contract.method} ${contract.path}`).toContain(
        `${contract.method.toLowerCase()} ${openApiPath(contract.path)}`,
      );
    }
  });

  it('registers every /api route from a contract, except the ones listed as outside the contracts', () => {
    const contracts = Object.values(routeContracts).flatMap((group) => Object.values(group));
    // A route comes from a contract when it carries the contract's own response schema: at the
    // contract's path, or at a second path with the same request schemas (`/api/tags` for `/api/tags/`).
    const contractOf = (route: RouteOptions, method: string) => {
      const schema = (route.schema ?? {}) as {
        params?: unknown;
        querystring?: unknown;
        body?: unknown;
        response?: object;
      };
      const responses = (schema.response ?? {}) as Record<number, unknown>;
      return contracts.find(
        (contract) =>
          contract.method === method &&
          responses[contract.status ?? 200] === contract.response &&
          (contract.path === route.url ||
            (contract.params === schema.params &&
              contract.query === schema.querystring &&
              contract.body === schema.body)),
      );
    };
    // Every route as registered (app.ts collects them with Fastify's onRoute hook); HEAD is Fastify's own copy of a GET.
    const registered = t.server.routes
      .filter((route) => route.url.startsWith('/api/'))
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method])
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ name: `${method} ${route.url}`, contract: contractOf(route, method) })),
      );
    const listed: string[] = Object.values(routesOutsideContracts).flat();
    const names = new Set(registered.map((route) => route.name));

    const withoutContract = registered.filter((route) => !route.contract).map((route) => route.name);
    expect(
      withoutContract.filter((name) => !listed.includes(name)),
      'routes with neither a contract nor a listing',
    ).toEqual([]);
    expect(
      listed.filter((name) => !names.has(name)),
      'listed routes that are not registered',
    ).toEqual([]);
    const withContract = new Set(registered.filter((route) => route.contract).map((route) => route.name));
    expect(
      listed.filter((name) => withContract.has(name)),
      'listed routes that have a contract now',
    ).toEqual([]);
  });

  it('documents the send API with the schemas it validates with, JSON and multipart', async () => {
    const document = (await t.request('GET', '/api/openapi.json')).body as Document;
    const send = document.paths['/api/messages/send'].post;
    const json = resolved(document, send.requestBody?.content['application/json'].schema) as {
      properties: object;
      required: string[];
    };
    const generated = z.toJSONSchema(externalSendSchema, { io: 'input', unrepresentable: 'any' }) as {
      $defs: Record<string, { properties: object; required: string[] }>;
    };
    const expected = generated.$defs.ExternalSendJson;
    expect(Object.keys(json.properties).sort()).toEqual(Object.keys(expected.properties).sort());
    expect(json.required.sort()).toEqual(expected.required.sort());
    expect(send.requestBody?.content['multipart/form-data']).toBeDefined();
    expect(send.parameters?.map((parameter) => parameter.name)).toContain('Idempotency-Key');
    expect(Object.keys(send.responses)).toContain('201');
  });

  it('serves the reference page from the server itself, without scripts from elsewhere', async () => {
    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const html = (await t.app.inject({ method: 'GET', url: '/api/docs' })).body;
    expect(html).toContain('/api/messages/send');
    expect(html).not.toMatch(/<script[^>]+src=["']https?:/);
  });
});
