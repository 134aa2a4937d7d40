import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PlanRules } from '../plans/index.ts';
import { tokenRefusedAlertJob } from './connections.jobs.ts';
import { createConnectionsRealtime } from './connections.realtime.ts';
import { createConnectionsRepository } from './connections.repository.ts';
import { registerConnectionsRoutes } from './connections.routes.ts';
import { createConnectionsService, type SessionControl } from './connections.service.ts';
import { type AlertLanguage, createTokenRefusedAlert } from './token-refused-alert.ts';

export { createConnectionsRepository } from './connections.repository.ts';
export type { SessionControl } from './connections.service.ts';

/**
 * Connections (WhatsApp numbers): CRUD with the spec's rules and the session buttons. The
 * sessions themselves live in the channels module, bound late with `useSessions`.
 */
export function createConnectionsModule(
  platform: Platform,
  deps: {
    planRules: PlanRules;
    assertBotRefs: Parameters<typeof createConnectionsService>[0]['assertBotRefs'];
    /** Who is mailed when a connection needs an admin, and in which language. */
    adminEmails: (companyId: number) => Promise<string[]>;
    messagesLanguage: (companyId: number) => Promise<AlertLanguage>;
    audit: AuditLog;
  },
) {
  let sessions: SessionControl | null = null;
  const getSessions = () => {
    if (!sessions) throw new Error('connections: session manager not bound');
    return sessions;
  };
  const repository = createConnectionsRepository(
    platform.db,
    (key) => new URL(`/api/cloudapi/${key}`, platform.config.backendUrl).href,
  );
  const service = createConnectionsService({
    db: platform.db,
    repository,
    realtime: createConnectionsRealtime(platform.realtime),
    planRules: deps.planRules,
    config: platform.config,
    sessions: getSessions,
    assertBotRefs: deps.assertBotRefs,
    jobs: platform.jobs,
    audit: deps.audit,
  });
  platform.jobs.handle(
    tokenRefusedAlertJob,
    createTokenRefusedAlert({
      mailer: platform.mailer,
      repository,
      adminEmails: deps.adminEmails,
      language: deps.messagesLanguage,
      connectionsUrl: new URL('/connections', platform.config.frontendUrl ?? platform.config.backendUrl).href,
      log: platform.log,
    }),
  );
  return {
    repository,
    service,
    /** The bound session control, for other modules that end connections (company deletion). */
    sessions: getSessions,
    useSessions(control: SessionControl) {
      sessions = control;
    },
    register: (app: FastifyInstance) => registerConnectionsRoutes(app, service, getSessions),
  };
}

export type ConnectionsModule = ReturnType<typeof createConnectionsModule>;
