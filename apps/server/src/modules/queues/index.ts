import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlansModule } from '../plans/index.ts';
import { createQueueOptionsService } from './queue-options.service.ts';
import { createQueuesRealtime } from './queues.realtime.ts';
import { registerQueuesRoutes } from './queues.routes.ts';
import { createQueuesService } from './queues.service.ts';

export { createQueuesRepository } from './queues.repository.ts';

type QueuesServiceDeps = Parameters<typeof createQueuesService>[0];

/**
 * Queues (name, colour, messages, attendance hours) and their chatbot options tree. The check of
 * a queue's prompt and integration is the integrations module's, handed in by app.ts: that module
 * clears a deleted bot from queues, so it depends on this one and not the other way round.
 */
export function createQueuesModule(
  platform: Platform,
  deps: {
    plans: PlansModule;
    assertBotRefs: QueuesServiceDeps['assertBotRefs'];
    assignmentChanged: QueuesServiceDeps['assignmentChanged'];
    audit: QueuesServiceDeps['audit'];
  },
) {
  const events = createQueuesRealtime(platform.realtime);
  const service = createQueuesService({
    db: platform.db,
    planRules: deps.plans.rules,
    events,
    sessions: platform.sessions,
    assertBotRefs: deps.assertBotRefs,
    assignmentChanged: deps.assignmentChanged,
    audit: deps.audit,
  });
  const options = createQueueOptionsService({ db: platform.db, events, audit: deps.audit });
  return { service, options, register: (app: FastifyInstance) => registerQueuesRoutes(app, service, options) };
}
