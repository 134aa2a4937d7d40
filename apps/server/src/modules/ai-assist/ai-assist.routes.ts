import { type AiAssistFeature, type AiAssistStreamEvent, aiAssistRoutes } from '@wacrm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { defineGuard, requireAdmin } from '../../platform/http/guards.ts';
import type { AiAssistService, PreparedAssist } from './ai-assist.service.ts';

/** Whether the caller asked for server-sent events rather than one JSON answer. */
const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

function writeEvent(reply: FastifyReply, event: AiAssistStreamEvent) {
  reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
}

/**
 * Runs a prepared helper: one JSON answer, or a stream of `delta` events ending in `done` or
 * `error`. Everything that can refuse the request (plan, settings, access, input) was checked
 * before, so a refusal is still a plain JSON error; once the stream has started, a provider
 * failure is its last event. The attendant closing the stream (cancel) aborts the provider call.
 */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  service: AiAssistService,
  prepared: PreparedAssist,
) {
  const controller = new AbortController();
  if (!wantsStream(request)) {
    // The caller went away before the answer: stop the provider too.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const { cancelled: _cancelled, ...result } = await service.run(prepared, { signal: controller.signal });
    return result;
  }
  reply.hijack();
  // Hijacked replies skip the onSend hooks: the security headers already set go out by hand.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Proxies that buffer (nginx) would hold the pieces back until the end.
    'x-accel-buffering': 'no',
  });
  reply.raw.once('close', () => controller.abort());
  try {
    const result = await service.run(prepared, {
      signal: controller.signal,
      onDelta: (text) => writeEvent(reply, { event: 'delta', data: { text } }),
    });
    if (!result.cancelled) writeEvent(reply, { event: 'done', data: { text: result.text, usage: result.usage } });
  } catch (error) {
    // Anything unexpected is logged for us and reads to the attendant as a provider failure.
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'ai assist stream failed');
    const failure = error instanceof AppError ? error : new AppError('ERR_AI_ASSIST_PROVIDER');
    writeEvent(reply, { event: 'error', data: { error: failure.code, message: failure.message } });
  }
  reply.raw.end();
  return reply;
}

export function registerAiAssistRoutes(app: FastifyInstance, service: AiAssistService) {
  // Plan, switches, key and budget are checked before the body is read: a company without the
  // assist gets ERR_AI_ASSIST_UNAVAILABLE, never a field error.
  const available = (feature: AiAssistFeature) =>
    defineGuard(async (request) => {
      await service.assertAvailable(request.session.companyId, feature);
    });

  route(
    app,
    aiAssistRoutes.summary,
    async (request, reply) =>
      answer(
        request,
        reply,
        service,
        await service.prepareSummary(request.session, request.params.ticketId, request.body),
      ),
    { preHandler: available('summary') },
  );

  route(
    app,
    aiAssistRoutes.suggest,
    async (request, reply) =>
      answer(request, reply, service, await service.prepareSuggest(request.session, request.params.ticketId)),
    { preHandler: available('suggest') },
  );

  route(
    app,
    aiAssistRoutes.rewrite,
    async (request, reply) =>
      answer(
        request,
        reply,
        service,
        await service.prepareRewrite(request.session, request.params.ticketId, request.body),
      ),
    { preHandler: available('rewrite') },
  );

  route(
    app,
    aiAssistRoutes.translate,
    async (request, reply) =>
      answer(
        request,
        reply,
        service,
        await service.prepareTranslate(request.session, request.params.ticketId, request.body),
      ),
    { preHandler: available('translate') },
  );

  route(app, aiAssistRoutes.status, (request) => service.status(request.session.companyId));

  route(app, aiAssistRoutes.usage, (request) => service.usage(request.session.companyId, request.query.month), {
    preHandler: requireAdmin,
  });
}
