import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PlanRules } from '../plans/index.ts';
import { markOfflineJob } from './users.jobs.ts';
import { createUserPresence } from './users.presence.ts';
import { createUsersRealtime } from './users.realtime.ts';
import { createUsersRepository } from './users.repository.ts';
import { registerUsersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export { createUsersRepository, type UsersRepository } from './users.repository.ts';

export function createUsersModule(
  platform: Platform,
  deps: {
    planRules: PlanRules;
    /**
     * A user may take more tickets now (online, resumed, capacity or queues changed): automatic
     * assignment, a higher layer's (tickets), looks again. Late-bound in app.ts.
     */
    availabilityChanged: (companyId: number) => Promise<void>;
    audit: AuditLog;
  },
) {
  const repository = createUsersRepository(platform.db);
  const events = createUsersRealtime(platform.realtime, platform.clientRooms);
  const presence = createUserPresence({
    repository,
    events,
    jobs: platform.jobs,
    offlineAfterMs: platform.config.userOfflineAfterMs,
    cameOnline: deps.availabilityChanged,
  });
  platform.jobs.handle(markOfflineJob, presence.checkOffline);
  presence.listen(platform.realtime);
  const service = createUsersService({
    db: platform.db,
    repository,
    events,
    planRules: deps.planRules,
    sessions: platform.sessions,
    availabilityChanged: deps.availabilityChanged,
    audit: deps.audit,
  });
  return {
    repository,
    service,
    register: (app: FastifyInstance) => registerUsersRoutes(app, repository, service),
  };
}
