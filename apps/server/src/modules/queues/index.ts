import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { PlansModule } from '../plans/index.ts';
import { createQueueOptionsService } from './queue-options.service.ts';
import { createQueuesRealtime } from './queues.realtime.ts';
import { registerQueuesRoutes } from './queues.routes.ts';
import { createQueuesService } from './queues.service.ts';

/** Queues (name, colour, messages, attendance hours) and their chatbot options tree. */
export function createQueuesModule(platform: Platform, deps: { plans: PlansModule }) {
  const events = createQueuesRealtime(platform.realtime);
  const service = createQueuesService({
    db: platform.db,
    planRules: deps.plans.rules,
    events,
    sessions: platform.sessions,
  });
  const options = createQueueOptionsService({ db: platform.db, events });
  return { service, options, register: (app: FastifyInstance) => registerQueuesRoutes(app, service, options) };
}
