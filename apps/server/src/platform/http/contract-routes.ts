import type { RouteContract } from '@wacrm/shared/common/route-contract';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** A request as a contract's schemas parsed it. */
export type ContractRequest<Route extends RouteContract> = FastifyRequest<{
  Params: Parsed<Route['params']>;
  Querystring: Parsed<Route['query']>;
  Body: Parsed<Route['body']>;
}>;

/** What a handler returns: the response before it is encoded (a `Date` may stand for its ISO text). */
type ContractAnswer<Route extends RouteContract> = Route['status'] extends 204
  ? // biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler returns its service's Promise<void>.
    void
  : z.output<Route['response']>;

export interface ContractRouteOptions {
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  config?: FastifyContextConfig;
  /** How the request is logged (a route whose URL carries a secret logs a redacted copy). */
  logSerializers?: RouteShorthandOptions['logSerializers'];
  /** A check that runs before the body is read (e.g. whether the route is switched on). */
  onRequest?: onRequestHookHandler;
  /** The largest body the route reads, when it differs from the server's (a flow with its media inline). */
  bodyLimit?: number;
}

/**
 * Registers a route from its shared contract: method, path and the request schemas come from it,
 * and the handler's answer is sent with the contract's status and encoded with its response
 * schema. A handler that sends the reply itself (a file, a redirect) may still do so.
 */
export function registerContractRoute<Route extends RouteContract>(
  app: FastifyInstance,
  route: Route,
  handler: (
    request: ContractRequest<Route>,
    reply: FastifyReply,
  ) => ContractAnswer<Route> | FastifyReply | Promise<ContractAnswer<Route> | FastifyReply>,
  options: ContractRouteOptions = {},
) {
  const status = route.status ?? 200;
  const schema: Record<string, unknown> = { response: { [status]: route.response } };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  app.route({
    method: route.method,
    url: route.path,
    schema,
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.logSerializers ? { logSerializers: options.logSerializers } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => {
      const answer = await handler(request as ContractRequest<Route>, reply);
      if (reply.sent || answer === reply) return reply;
      return status === 204 ? reply.code(204).send() : reply.code(status).send(answer);
    },
  });
}

/** The first key of `sent` (an object or array tree) that encoding left out of `kept`, as a path. */
export function findDroppedKey(sent: unknown, kept: unknown, path: (string | number)[] = []): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let index = 0; index < sent.length; index++) {
      const found = findDroppedKey(sent[index], kept[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return null;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in kept)) return [...path, key].join('.');
    const found = findDroppedKey(value, kept[key], [...path, key]);
    if (found) return found;
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

export class ResponseContractError extends Error {}

/**
 * The serializer of every route with a response schema. Strict (tests): an answer that does not
 * match its schema, or carries a field the schema would drop, throws, so the request fails with a
 * 500 and the test that made it fails. Production never loses an answer to a contract that lags
 * behind its service: a mismatch is logged as an error and the answer is sent as the service made it.
 */
export function createResponseSerializer(options: {
  isStrict: boolean;
  log: FastifyBaseLogger;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const result = z.safeEncode(schema, data as never);
      const problem = result.success
        ? options.isStrict
          ? droppedKeyProblem(data, result.data)
          : null
        : z.prettifyError(result.error);
      if (!problem) return JSON.stringify(result.data);
      if (options.isStrict)
        throw new ResponseContractError(`${method} ${url}: response breaks its contract: ${problem}`);
      options.log.error({ route: `${method} ${url}`, problem }, 'response does not match its contract');
      return JSON.stringify(data);
    };
}

function droppedKeyProblem(sent: unknown, kept: unknown) {
  const dropped = findDroppedKey(sent, kept);
  return dropped ? `field ${dropped} is not in the response schema` : null;
}
