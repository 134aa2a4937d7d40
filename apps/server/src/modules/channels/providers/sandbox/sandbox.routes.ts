import { sandboxRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../../../platform/http/contract-routes.ts';
import { requireAdmin } from '../../../../platform/http/guards.ts';
import type { Ack } from '../../../channels/channel-adapter.ts';
import type { SessionRouter } from '../../session-router.ts';
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
    /** The phone's actions reach the process holding the sandbox session, wherever the request lands. */
    router: SessionRouter;
    findConnection: (companyId: number, id: number) => Promise<{ provider: string } | null>;
  },
) {
  const { adapter, router } = deps;
  type Args<T = undefined> = { id: number; companyId: number; input: T };
  router.define('sandbox.scan', ({ id }: Args) => adapter.scan(id));
  router.define('sandbox.phoneLogout', ({ id }: Args) => adapter.phoneLogout(id));
  router.define('sandbox.deliver', ({ id, input }: Args<Parameters<SandboxAdapter['deliver']>[1]>) =>
    adapter.deliver(id, input),
  );
  router.define('sandbox.edit', ({ id, companyId, input }: Args<Parameters<SandboxAdapter['customerEdit']>[2]>) =>
    adapter.customerEdit(companyId, id, input),
  );
  router.define('sandbox.revoke', ({ id, companyId, input }: Args<Parameters<SandboxAdapter['customerRevoke']>[2]>) =>
    adapter.customerRevoke(companyId, id, input),
  );
  router.define('sandbox.react', ({ id, companyId, input }: Args<Parameters<SandboxAdapter['customerReact']>[2]>) =>
    adapter.customerReact(companyId, id, input),
  );
  router.define('sandbox.call', ({ id, input }: Args<Parameters<SandboxAdapter['call']>[1]>) =>
    adapter.call(id, input),
  );
  router.define('sandbox.readReceipts', async ({ id, input }: Args<Parameters<SandboxAdapter['readReceipts']>[1]>) =>
    adapter.readReceipts(id, input),
  );
  router.define('sandbox.ack', ({ id, companyId, input }: Args<{ id: string; ack: Ack }>) =>
    adapter.ack(companyId, id, input.id, input.ack),
  );
  /** Runs a phone action where the session lives (this process or the lease holder). */
  const onOwner = async <T>(request: FastifyRequest, name: string, input?: unknown) => {
    const id = await ownSandbox(request);
    return router.run<T>(id, name, { id, companyId: request.session.companyId, input });
  };

  async function ownSandbox(request: FastifyRequest) {
    const { whatsappId } = request.params as { whatsappId: number };
    const connection = await deps.findConnection(request.session.companyId, whatsappId);
    if (connection?.provider !== 'sandbox') throw new AppError('ERR_NO_WAPP_FOUND');
    return whatsappId;
  }
  const companyOf = (request: FastifyRequest) => request.session.companyId;
  const guard = { preHandler: requireAdmin };

  route(
    app,
    sandboxRoutes.scan,
    async (request) => {
      await onOwner(request, 'sandbox.scan');
      return { status: 'CONNECTED' as const };
    },
    guard,
  );

  route(
    app,
    sandboxRoutes.disconnect,
    async (request) => {
      await onOwner(request, 'sandbox.phoneLogout');
      return { status: 'DISCONNECTED' as const };
    },
    guard,
  );

  route(
    app,
    sandboxRoutes.inbound,
    (request) => onOwner<Awaited<ReturnType<SandboxAdapter['deliver']>>>(request, 'sandbox.deliver', request.body),
    // Media travels as base64 inside the JSON: room for the largest accepted file.
    { ...guard, bodyLimit: 24 * 1024 * 1024 },
  );

  type CustomerAnswer = { id: string };
  route(app, sandboxRoutes.edit, (request) => onOwner<CustomerAnswer>(request, 'sandbox.edit', request.body), guard);
  route(
    app,
    sandboxRoutes.revoke,
    (request) => onOwner<CustomerAnswer>(request, 'sandbox.revoke', request.body),
    guard,
  );
  route(app, sandboxRoutes.react, (request) => onOwner<CustomerAnswer>(request, 'sandbox.react', request.body), guard);

  route(
    app,
    sandboxRoutes.reactions,
    async (request) => adapter.reactions(companyOf(request), await ownSandbox(request), request.query),
    guard,
  );

  route(
    app,
    sandboxRoutes.call,
    (request) => onOwner<Awaited<ReturnType<SandboxAdapter['call']>>>(request, 'sandbox.call', request.body),
    guard,
  );

  route(
    app,
    sandboxRoutes.outbox,
    async (request) => adapter.outbox(companyOf(request), await ownSandbox(request), request.query),
    guard,
  );

  route(
    app,
    sandboxRoutes.customers,
    async (request) => adapter.customers(companyOf(request), await ownSandbox(request)),
    guard,
  );

  route(
    app,
    sandboxRoutes.readReceipts,
    (request) =>
      onOwner<Awaited<ReturnType<SandboxAdapter['readReceipts']>>>(request, 'sandbox.readReceipts', request.query),
    guard,
  );

  route(
    app,
    sandboxRoutes.ack,
    async (request) => {
      await onOwner(request, 'sandbox.ack', { id: request.body.id, ack: request.body.ack as Ack });
      return { id: request.body.id, ack: request.body.ack };
    },
    guard,
  );
}
