import { helpRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireSuper } from '../../platform/http/guards.ts';
import type { HelpsService } from './helps.service.ts';

export function registerHelpsRoutes(app: FastifyInstance, service: HelpsService) {
  const superOnly = { preHandler: requireSuper };

  // Every logged-in user reads the videos; the spec's client calls both paths.
  for (const path of ['/api/helps', helpRoutes.list.path] as const) {
    route(app, { ...helpRoutes.list, path }, () => service.list());
  }

  route(app, helpRoutes.create, (request) => service.create(request.body), superOnly);

  route(app, helpRoutes.update, (request) => service.update(request.params.id, request.body), superOnly);

  route(app, helpRoutes.remove, (request) => service.remove(request.params.id), superOnly);
}
