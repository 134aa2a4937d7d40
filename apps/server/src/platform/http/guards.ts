import { hasPermission, type Permission } from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from './app-error.ts';

const guardMark = Symbol('wacrm.guard');

/** A check of who may call a route. It reads only the session (and route params), never the body. */
export type Guard = ((request: FastifyRequest) => Promise<void>) & { readonly [guardMark]: true };

/**
 * Marks a check as a guard. Routes declare guards as `preHandler` (or `preValidation`); the
 * server moves them to run right after authentication, before the body is read or validated
 * (see `runGuardsFirst`), so a caller who may not act gets 403 and never a form's field errors.
 */
export function defineGuard(check: (request: FastifyRequest) => Promise<void>): Guard {
  return Object.assign(check, { [guardMark]: true as const });
}

export function isGuard(hook: unknown): hook is Guard {
  return typeof hook === 'function' && (hook as Partial<Guard>)[guardMark] === true;
}

export function requirePermission(permission: Permission) {
  return defineGuard(async (request) => {
    if (!hasPermission(request.session, permission)) throw new AppError('ERR_NO_PERMISSION');
  });
}

export const requireAdmin = requirePermission('drawer-admin-items:view');

export const requireSuper = defineGuard(async (request) => {
  if (!request.session.isSuper) throw new AppError('ERR_NO_PERMISSION');
});

/**
 * A route with guards or other `preValidation`/`preHandler` hooks, as `runGuardsFirst` left it:
 * what the route-walking test checks.
 */
export interface HookedRoute {
  method: string;
  url: string;
  /** Moved to run right after authentication. */
  guards: Guard[];
  /** Hooks that are not guards, left where the route declared them (after validation for preHandler). */
  otherHooks: number;
}

const lifecycleWithGuards = ['preValidation', 'preHandler'] as const;

/**
 * Authorization before validation, for every route however it declares its guards: an onRoute
 * hook takes the guards out of the route's `preValidation` and `preHandler` hooks and appends
 * them to its `onRequest` hooks, which run after the app-wide authentication hook (instance hooks
 * come before route hooks) and before the body is parsed and the schema validates it.
 * Must be registered before the routes. Returns the routes with such hooks, filled as they register.
 */
export function runGuardsFirst(app: FastifyInstance): HookedRoute[] {
  const hooked: HookedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const guards: Guard[] = [];
    let otherHooks = 0;
    for (const stage of lifecycleWithGuards) {
      const hooks = route[stage];
      if (!hooks) continue;
      const list = (Array.isArray(hooks) ? hooks : [hooks]) as unknown[];
      guards.push(...list.filter(isGuard));
      const rest = list.filter((hook) => !isGuard(hook));
      otherHooks += rest.length;
      // Fastify's per-stage hook types differ only in their signatures; the functions are unchanged.
      (route as unknown as Record<string, unknown>)[stage] = rest.length ? rest : undefined;
    }
    if (guards.length) {
      const onRequest = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...onRequest, ...(guards as unknown as onRequestHookHandler[])];
    }
    if (!guards.length && !otherHooks) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) hooked.push({ method, url: route.url, guards, otherHooks });
  });
  return hooked;
}
