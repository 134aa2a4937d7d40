import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import { signWebhook } from './webhook-signature.ts';
import type { WebhookDeliverPayload } from './webhooks.jobs.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';

export interface WebhookRetryOptions {
  /** Attempts before a delivery is marked failed. */
  maxAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  timeoutMs: number;
}

/** 30 s doubling up to 6 h, 13 attempts: about 20 hours of retries, then failed. */
export const defaultWebhookRetry: WebhookRetryOptions = {
  maxAttempts: 13,
  baseDelaySeconds: 30,
  maxDelaySeconds: 6 * 60 * 60,
  timeoutMs: 10_000,
};

export const backoffSeconds = (options: WebhookRetryOptions, attemptsMade: number) =>
  Math.min(options.maxDelaySeconds, options.baseDelaySeconds * 2 ** (attemptsMade - 1));

/**
 * One attempt: the URL is checked again (a name can resolve elsewhere since it was saved), the
 * stored body is POSTed with a fresh timestamp and signature, redirects are not followed. A 2xx
 * succeeds; anything else schedules the next attempt or, after the last, marks it failed.
 */
/**
 * Why an attempt got no answer, as a code the delivery log translates: our own refusal
 * (`ERR_URL_NOT_ALLOWED`…), `TIMEOUT` (no answer within the attempt's time), `CONNECTION_FAILED`
 * (refused, reset or not found: fetch's TypeError), else `ERROR`.
 */
export function deliveryErrorOf(caught: unknown) {
  if (caught instanceof AppError) return caught.code;
  if (caught instanceof Error && (caught.name === 'TimeoutError' || caught.name === 'AbortError')) return 'TIMEOUT';
  if (caught instanceof TypeError) return 'CONNECTION_FAILED';
  return 'ERROR';
}

export function createWebhookDelivery(deps: {
  repository: WebhooksRepository;
  allowPrivate: boolean;
  retry: WebhookRetryOptions;
  schedule: (payload: WebhookDeliverPayload, delaySeconds: number) => Promise<void>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { repository, retry } = deps;

  return async function attempt(payload: WebhookDeliverPayload) {
    const { companyId, deliveryId } = payload;
    const found = await repository.deliveryToSend(companyId, deliveryId);
    if (!found) return;
    const now = deps.clock();
    if (!(await repository.claimAttempt(companyId, deliveryId, payload.attempt, now))) return;
    const attemptsMade = payload.attempt + 1;
    const started = Date.now();
    let responseStatus: number | null = null;
    let error: string | null = null;
    if (!found.active) {
      error = 'ENDPOINT_INACTIVE';
    } else {
      try {
        const url = await assertOutboundUrlAllowed(found.url, { allowPrivate: deps.allowPrivate });
        const timestamp = Math.floor(now.getTime() / 1000);
        const response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(retry.timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'WACRM-Webhooks/1',
            [WEBHOOK_ID_HEADER]: found.delivery.eventId,
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(found.secret, timestamp, found.delivery.body),
          },
          body: found.delivery.body,
        });
        responseStatus = response.status;
        await response.body?.cancel().catch(() => undefined);
        if (response.status < 200 || response.status >= 300) error = `HTTP_${response.status}`;
      } catch (caught) {
        error = deliveryErrorOf(caught);
      }
    }
    const durationMs = Date.now() - started;
    if (!error) {
      await repository.recordOutcome(companyId, deliveryId, {
        status: 'succeeded',
        responseStatus,
        error: null,
        durationMs,
        nextAttemptAt: null,
      });
      return;
    }
    if (attemptsMade >= retry.maxAttempts || error === 'ENDPOINT_INACTIVE') {
      await repository.recordOutcome(companyId, deliveryId, {
        status: 'failed',
        responseStatus,
        error,
        durationMs,
        nextAttemptAt: null,
      });
      return;
    }
    const delay = backoffSeconds(retry, attemptsMade);
    await repository.recordOutcome(companyId, deliveryId, {
      status: 'pending',
      responseStatus,
      error,
      durationMs,
      nextAttemptAt: new Date(now.getTime() + delay * 1000),
    });
    await deps.schedule({ companyId, deliveryId, attempt: attemptsMade }, delay);
    deps.log.debug({ deliveryId, attemptsMade, error }, 'webhook delivery will be retried');
  };
}
