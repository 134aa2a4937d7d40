import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import { invoiceGenerationJob, invoiceSweepJob } from './billing.jobs.ts';
import { createBillingRealtime } from './billing.realtime.ts';
import { createBillingRepository } from './billing.repository.ts';
import { registerBillingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPixApiProvider } from './pix-api-provider.ts';

/**
 * Billing (issue 20): invoices, the Pix checkout and the PSP's callbacks. The provider is the
 * Central Bank's standard Pix API when `PIX_API_URL` is set; without it the checkout answers
 * that payments are not configured.
 */
export function createBillingModule(platform: Platform, options: { provider?: PaymentProvider | null } = {}) {
  const { config } = platform;
  const provider =
    options.provider !== undefined ? options.provider : config.pix ? createPixApiProvider(config.pix) : null;
  const service = createBillingService({
    db: platform.db,
    sessions: platform.sessions,
    repository: createBillingRepository(platform.db),
    realtime: createBillingRealtime(platform.realtime),
    provider,
    chargeExpiresSeconds: config.pix?.chargeExpiresSeconds ?? 3600,
    daysBeforeDue: config.invoiceDaysBeforeDue,
    planGeneration: async (companyId, dueDate, at) => {
      const key = `${companyId}:${dueDate}`;
      if (await platform.jobs.hasWaitingJob(invoiceGenerationJob, key)) return;
      const seconds = Math.max(0, Math.ceil((at.getTime() - platform.clock().getTime()) / 1000));
      await platform.jobs.send(
        invoiceGenerationJob,
        { companyId, dueDate },
        { startAfterSeconds: seconds, singletonKey: key },
      );
    },
    clock: platform.clock,
    log: platform.log,
  });
  platform.jobs.handle(invoiceGenerationJob, ({ companyId, dueDate }) => service.generateFor(companyId, dueDate));
  platform.jobs.handle(invoiceSweepJob, service.sweep);

  return {
    service,
    register: (app: FastifyInstance) => registerBillingRoutes(app, service, config.pixWebhookSecret),
    /** After the job queue started: invoices whose time came while down, and every next one planned. */
    start() {
      service.sweep().catch((error) => platform.log.error({ err: error }, 'start-up invoice sweep failed'));
    },
  };
}
