import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { TemplatesService } from '../channels/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { TicketsModule } from '../tickets/index.ts';
import { scheduleSendJob, scheduleSweepJob } from './schedules.jobs.ts';
import { createSchedulesRealtime } from './schedules.realtime.ts';
import { createSchedulesRepository } from './schedules.repository.ts';
import { registerSchedulesRoutes } from './schedules.routes.ts';
import { createSchedulesService } from './schedules.service.ts';

/**
 * Scheduled messages (plan flag `useSchedules`): the calendar's API and the durable send at each
 * schedule's time through the messages module's outbound path. `start` sends what came due while
 * the server was down.
 */
export function createSchedulesModule(
  platform: Platform,
  deps: {
    messages: MessagesModule;
    tickets: TicketsModule;
    planRules: PlanRules;
    settings: Pick<SettingsReader, 'locale'>;
    templates: Pick<TemplatesService, 'prepare'>;
  },
) {
  const repository = createSchedulesRepository(platform.db);
  const service = createSchedulesService({
    db: platform.db,
    repository,
    tickets: deps.tickets.repository,
    policy: deps.tickets.policy,
    messages: deps.messages.service,
    realtime: createSchedulesRealtime(platform.realtime),
    storage: platform.storage,
    jobs: platform.jobs,
    timeZoneOf: async (companyId) => (await deps.settings.locale(companyId)).timeZone,
    templates: deps.templates,
    clock: platform.clock,
    log: platform.log,
  });
  platform.jobs.handle(scheduleSendJob, service.runJob);
  platform.jobs.handle(scheduleSweepJob, service.sweep);
  // A message that waited for its connection goes out (or gives up) later: the schedule says so live.
  deps.messages.onOutboundSettled(service.messageSettled);

  return {
    service,
    register: (app: FastifyInstance) =>
      registerSchedulesRoutes(app, service, { requireSchedules: deps.planRules.requireFeature('useSchedules') }),
    /** After the job queue started: what was due while the server was down goes out now. */
    start() {
      service.sweep().catch((error) => platform.log.error({ err: error }, 'start-up sweep of due schedules failed'));
    },
  };
}
