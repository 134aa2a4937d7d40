import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import { createWebhookDelivery, defaultWebhookRetry, type WebhookRetryOptions } from './webhooks.delivery.ts';
import { createWebhooksDispatcher } from './webhooks.dispatcher.ts';
import { webhookDeliverJob, webhookLogCleanupJob, webhookSweepJob } from './webhooks.jobs.ts';
import { createWebhooksRepository } from './webhooks.repository.ts';
import { registerWebhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/** How long the delivery log keeps finished deliveries. */
const DELIVERY_LOG_DAYS = 30;
/**
 * A pending delivery this long past its due time (next attempt, else the start of the last
 * attempt, else its creation) has lost its job: three times an attempt's 10 s timeout. A job that
 * is only late (a long queue) gets a second one, which does nothing (the attempt is claimed once).
 */
const SWEEP_GRACE_SECONDS = 30;
/** Jobs sent per sweep; the next sweep (a minute later) takes the rest. */
const SWEEP_BATCH = 500;

export interface WebhooksOptions {
  /** The retry schedule (tests shorten it). */
  retry?: Partial<WebhookRetryOptions>;
}

/**
 * Outbound webhooks: endpoints per company, deliveries of the company's domain events as durable
 * jobs with exponential backoff, signed with the endpoint's secret.
 */
export function createWebhooksModule(
  platform: Platform,
  options: WebhooksOptions & {
    /** The audit log, written in the transaction of each endpoint change. */
    audit: AuditLog;
  },
) {
  const repository = createWebhooksRepository(platform.db);
  const allowPrivate = platform.config.integrationsAllowPrivateUrls;
  const sendAttempt = (companyId: number, deliveryId: number, attempt: number, delaySeconds = 0) =>
    platform.jobs
      .send(webhookDeliverJob, { companyId, deliveryId, attempt }, { startAfterSeconds: delaySeconds, retryLimit: 0 })
      .then(() => undefined);
  const deliver = createWebhookDelivery({
    repository,
    allowPrivate,
    retry: { ...defaultWebhookRetry, ...options.retry },
    schedule: (payload, delaySeconds) =>
      sendAttempt(payload.companyId, payload.deliveryId, payload.attempt, delaySeconds),
    clock: platform.clock,
    log: platform.log,
  });
  platform.jobs.handle(webhookDeliverJob, deliver);
  platform.jobs.handle(webhookLogCleanupJob, () =>
    repository.forgetDeliveriesBefore(new Date(platform.clock().getTime() - DELIVERY_LOG_DAYS * 86_400_000)),
  );
  const dispatcher = createWebhooksDispatcher({
    repository,
    enqueue: (companyId, deliveryId) => sendAttempt(companyId, deliveryId, 0),
    clock: platform.clock,
    log: platform.log,
  });
  platform.realtime.domain.subscribe(dispatcher.listen);

  /**
   * The outbox sweep: a delivery row stored without its job (the process died in between) or
   * whose job was lost gets one, for the attempt it is at. A duplicate job is harmless: an
   * attempt is claimed by (delivery, attempt number), so only one sends.
   */
  async function sweep() {
    const dueBefore = new Date(platform.clock().getTime() - SWEEP_GRACE_SECONDS * 1000);
    const stuck = await repository.stuckDeliveries(dueBefore, SWEEP_BATCH);
    for (const row of stuck) await sendAttempt(row.companyId, row.id, row.attempts);
    if (stuck.length > 0) platform.log.info({ count: stuck.length }, 'webhook deliveries without a job were queued');
  }
  platform.jobs.handle(webhookSweepJob, sweep);
  const service = createWebhooksService({
    repository,
    allowPrivate,
    changed: dispatcher.forget,
    enqueueAttempt: (companyId, deliveryId, attempt) => sendAttempt(companyId, deliveryId, attempt),
    db: platform.db,
    audit: options.audit,
  });
  let secondSweep: NodeJS.Timeout | undefined;
  return {
    service,
    register: (app: FastifyInstance) => registerWebhooksRoutes(app, service),
    /**
     * After the job queue started: what a killed process left without a job is queued now, and
     * the attempts it was making when it died once they are past the grace (not a minute later).
     */
    start() {
      const sweepNow = () =>
        sweep().catch((error) => platform.log.error({ err: error }, 'start-up sweep of webhook deliveries failed'));
      sweepNow();
      secondSweep = setTimeout(sweepNow, SWEEP_GRACE_SECONDS * 1000).unref();
    },
    stop() {
      clearTimeout(secondSweep);
    },
  };
}
