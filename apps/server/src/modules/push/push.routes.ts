import { pushRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import type { PushService } from './push.service.ts';

/** Every logged-in user manages their own devices. */
export function registerPushRoutes(app: FastifyInstance, service: PushService) {
  route(app, pushRoutes.vapidPublicKey, () => service.vapidPublicKey());
  route(app, pushRoutes.list, (request) => service.list(request.session));
  route(app, pushRoutes.subscribe, (request) => service.subscribe(request.session, request.body));
  route(app, pushRoutes.find, (request) => service.find(request.session, request.params.id));
  route(app, pushRoutes.remove, (request) => service.remove(request.session, request.params.id));
}
