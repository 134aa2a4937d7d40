import { defineRoute, noContentSchema, timestampSchema } from '@wacrm/shared';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer, findDroppedKey, registerContractRoute } from './contract-routes.ts';
import { validatorCompiler } from './validation.ts';

const itemRoute = defineRoute({
  method: 'GET',
  path: '/api/items/:id',
  params: z.object({ id: z.coerce.number() }),
  response: z.object({ id: z.number(), name: z.string(), createdAt: timestampSchema }),
});
const createRoute = defineRoute({
  method: 'POST',
  path: '/api/items',
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number(), name: z.string(), createdAt: timestampSchema }),
  status: 201,
});
const removeRoute = defineRoute({
  method: 'DELETE',
  path: '/api/items/:id',
  params: z.object({ id: z.coerce.number() }),
  response: noContentSchema,
  status: 204,
});

/** A tiny app whose item route answers whatever `answer` holds. */
function appWith(isStrict: boolean, answer: () => unknown) {
  const logged: unknown[] = [];
  const log: FastifyBaseLogger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const app = Fastify({ loggerInstance: log });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ isStrict, log }));
  registerContractRoute(app, itemRoute, () => answer() as never);
  registerContractRoute(app, createRoute, (request) => ({ id: 7, name: request.body.name, createdAt: new Date(0) }));
  registerContractRoute(app, removeRoute, () => undefined);
  return { app, logged };
}

describe('contract routes', () => {
  it('answers with the contract status, encoding dates as ISO text', async () => {
    const { app } = appWith(true, () => ({ id: 1, name: 'a', createdAt: new Date(0) }));
    const found = await app.inject({ method: 'GET', url: '/api/items/1' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ id: 1, name: 'a', createdAt: '1970-01-01T00:00:00.000Z' });
    const created = await app.inject({ method: 'POST', url: '/api/items', payload: { name: 'b' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 7, name: 'b', createdAt: '1970-01-01T00:00:00.000Z' });
    const removed = await app.inject({ method: 'DELETE', url: '/api/items/1' });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it('fails loudly in tests on an answer that breaks its schema or carries an undeclared field', async () => {
    const wrongType = appWith(true, () => ({ id: '1', name: 'a', createdAt: '2026-01-01' }));
    expect((await wrongType.app.inject({ method: 'GET', url: '/api/items/1' })).statusCode).toBe(500);
    const extraField = appWith(true, () => ({ id: 1, name: 'a', createdAt: '2026-01-01', secret: 'x' }));
    expect((await extraField.app.inject({ method: 'GET', url: '/api/items/1' })).statusCode).toBe(500);
  });

  it('in production logs a mismatch and still sends the answer as the service made it', async () => {
    const { app, logged } = appWith(false, () => ({ id: '1', name: 'a', createdAt: '2026-01-01' }));
    const answer = await app.inject({ method: 'GET', url: '/api/items/1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: '1', name: 'a', createdAt: '2026-01-01' });
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'response does not match its contract' }));
  });

  it('finds the first field encoding dropped, deep in objects and arrays', () => {
    expect(findDroppedKey({ a: 1, b: undefined }, { a: 1 })).toBeNull();
    expect(findDroppedKey({ list: [{ id: 1, extra: 2 }] }, { list: [{ id: 1 }] })).toBe('list.0.extra');
    expect(findDroppedKey({ at: new Date(0) }, { at: '1970-01-01T00:00:00.000Z' })).toBeNull();
  });
});
