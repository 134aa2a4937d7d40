import {
  sandboxAckSchema,
  sandboxCallSchema,
  sandboxInboundSchema,
  sandboxOutboxQuerySchema,
  sandboxParamsSchema,
  sandboxReceiptsQuerySchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../../platform/http/app-error.ts';
import { requireAdmin } from '../../../../platform/http/guards.ts';
import type { Ack } from '../../../channels/channel-adapter.ts';
import type { SandboxAdapter } from './sandbox.adapter.ts';

/**
 * The sandbox's HTTP API (docs/sandbox.md): admins of the connection's company play the phone and the
 * customers. Another company's connection, or one that is not a sandbox, answers 404.
 * Not registered at all when SANDBOX_ENABLED=false.
 */
export function registerSandboxRoutes(
  app: FastifyInstance,
  deps: {
    adapter: SandboxAdapter;
    findConnection: (companyId: number, id: number) => Promise<{ provider: string } | null>;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { adapter } = deps;

  async function ownSandbox(request: FastifyRequest) {
    const { whatsappId } = request.params as { whatsappId: number };
    const connection = await deps.findConnection(request.session.companyId, whatsappId);
    if (connection?.provider !== 'sandbox') throw new AppError('ERR_NO_WAPP_FOUND');
    return whatsappId;
  }
  const companyOf = (request: FastifyRequest) => request.session.companyId;
  const guard = { preHandler: requireAdmin };

  api.post('/api/sandbox/:whatsappId/scan', { ...guard, schema: { params: sandboxParamsSchema } }, async (request) => {
    await adapter.scan(await ownSandbox(request));
    return { status: 'CONNECTED' };
  });

  api.post(
    '/api/sandbox/:whatsappId/disconnect',
    { ...guard, schema: { params: sandboxParamsSchema } },
    async (request) => {
      await adapter.phoneLogout(await ownSandbox(request));
      return { status: 'DISCONNECTED' };
    },
  );

  api.post(
    '/api/sandbox/:whatsappId/inbound',
    // Media travels as base64 inside the JSON: room for the largest accepted file.
    { ...guard, bodyLimit: 24 * 1024 * 1024, schema: { params: sandboxParamsSchema, body: sandboxInboundSchema } },
    async (request) => adapter.deliver(await ownSandbox(request), request.body),
  );

  api.post(
    '/api/sandbox/:whatsappId/call',
    { ...guard, schema: { params: sandboxParamsSchema, body: sandboxCallSchema } },
    async (request) => adapter.call(await ownSandbox(request), request.body),
  );

  api.get(
    '/api/sandbox/:whatsappId/outbox',
    { ...guard, schema: { params: sandboxParamsSchema, querystring: sandboxOutboxQuerySchema } },
    async (request) => adapter.outbox(companyOf(request), await ownSandbox(request), request.query),
  );

  api.get(
    '/api/sandbox/:whatsappId/read-receipts',
    { ...guard, schema: { params: sandboxParamsSchema, querystring: sandboxReceiptsQuerySchema } },
    async (request) => adapter.readReceipts(await ownSandbox(request), request.query),
  );

  api.post(
    '/api/sandbox/:whatsappId/ack',
    { ...guard, schema: { params: sandboxParamsSchema, body: sandboxAckSchema } },
    async (request) => {
      await adapter.ack(companyOf(request), await ownSandbox(request), request.body.id, request.body.ack as Ack);
      return { id: request.body.id, ack: request.body.ack };
    },
  );
}
