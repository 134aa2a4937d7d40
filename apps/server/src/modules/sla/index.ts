import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { DashboardService } from '../dashboard/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { slaBreachCheckJob, slaBreachSweepJob, weeklySummaryJob, weeklySummarySweepJob } from './sla.jobs.ts';
import { createSlaRealtime } from './sla.realtime.ts';
import { type CountFilters, createSlaRepository } from './sla.repository.ts';
import { registerSlaRoutes } from './sla.routes.ts';
import { createSlaService } from './sla.service.ts';
import { createWeeklySummary } from './weekly-summary.ts';

export { slaBreachCheckJob, slaBreachSweepJob, weeklySummaryJob, weeklySummarySweepJob } from './sla.jobs.ts';
export type { CountFilters as SlaCountFilters } from './sla.repository.ts';
export type { SlaService } from './sla.service.ts';

/**
 * Met and breached service-level targets of a company's cycles started in [from, to), optionally
 * cut by queues, attendants and connections: what the reports' overview shows.
 */
export function countSlaTargets(platform: Pick<Platform, 'db' | 'clock'>, companyId: number, filters: CountFilters) {
  return createSlaRepository(platform.db).counts(companyId, filters, platform.clock());
}

/**
 * Service levels (docs/decisions/service-levels.md): the admins' policies, each open ticket's
 * targets (followed from the ticket and message events), breach checks as jobs that tell the
 * queue's supervisors once, and the admins' weekly summary mail.
 */
export function createSlaModule(
  platform: Platform,
  deps: {
    tickets: TicketsModule;
    settings: SettingsReader;
    dashboard: () => Pick<DashboardService, 'summary' | 'ticketsByDay'>;
  },
) {
  const { tickets } = deps;
  const service = createSlaService({
    db: platform.db,
    events: createSlaRealtime(platform.realtime),
    jobs: () => platform.jobs,
    settings: deps.settings,
    tickets: () => ({
      record: (companyId, ticketId) => tickets.repository.record(companyId, ticketId),
      ticketUpdated: (companyId, ticket) => tickets.realtime.ticketUpdated(companyId, ticket),
    }),
    clock: platform.clock,
    bus: platform.bus,
    log: platform.log,
  });
  const summary = createWeeklySummary({
    repository: service.repository,
    dashboard: deps.dashboard,
    settings: deps.settings,
    mailer: platform.mailer,
    jobs: () => platform.jobs,
    clock: platform.clock,
    log: platform.log,
  });

  // Every ticket and message announced, whoever caused it; non-GET requests are answered once
  // this has run (app.ts waits for the domain listeners).
  platform.realtime.domain.subscribe((event) => {
    if (event.type === 'ticket.changed') return service.ticketChanged(event.companyId, event.ticket, event.previous);
    if (event.type === 'message.created') return service.messageCreated(event.companyId, event.message);
    return undefined;
  });
  platform.jobs.handle(slaBreachCheckJob, ({ companyId, cycleId, kind }) =>
    service.checkBreach(companyId, cycleId, kind),
  );
  platform.jobs.handle(slaBreachSweepJob, () => service.sweep());
  platform.jobs.handle(weeklySummarySweepJob, () => summary.sweep());
  platform.jobs.handle(weeklySummaryJob, ({ companyId, weekStart }) => summary.send(companyId, weekStart));

  return {
    service,
    summary,
    /** Met and breached targets for a company and period (the reports' overview). */
    counts: (companyId: number, filters: CountFilters) => service.counts(companyId, filters),
    register: (app: FastifyInstance) => registerSlaRoutes(app, service),
  };
}

export type SlaModule = ReturnType<typeof createSlaModule>;
