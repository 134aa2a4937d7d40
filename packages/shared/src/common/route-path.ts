import type { RouteContract } from './route-contract.ts';

// What a caller needs of a route at run time is its method and path; the schemas are zod, which
// the web app must not load (zod alone would add a tenth to the tickets screen's download).

/** The path of a route with its `:name` segments filled in (each value URL-encoded). */
export function routePath(route: Pick<RouteContract, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Each route of a contract group, by method and path only. */
export type RouteRefs<Routes extends Record<string, RouteContract>> = {
  [Name in keyof Routes]: Pick<Routes[Name], 'method' | 'path'>;
};

/**
 * A contract group's routes as method and path, typed as the whole contracts: what the web app
 * calls through (`*.routes.ts` beside each `*.contract.ts`). The compiler holds the two lists
 * together: a route missing, extra, or with another method or path is a type error.
 */
export function routeRefs<Routes extends Record<string, RouteContract>>(refs: RouteRefs<Routes>): Routes {
  return refs as Routes;
}
