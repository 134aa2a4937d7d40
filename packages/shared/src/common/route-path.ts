import type { RouteContract } from './route-contract.ts';

// What a caller needs of a route at run time is its method and path; the schemas are zod, which
// the code behind the login page must not load (it would add zod to the app's first download).

/** The path of a route with its `:name` segments filled in (each value URL-encoded). */
export function routePath(route: Pick<RouteContract, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A route's method and path, typed as its whole contract: for code that loads before the app (the
 * login page, the http client). The method and path are checked against the contract's own.
 */
export function routeRef<Route extends RouteContract>(ref: Pick<Route, 'method' | 'path'>): Route {
  return ref as Route;
}
