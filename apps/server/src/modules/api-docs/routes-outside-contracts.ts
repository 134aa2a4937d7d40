import { apiDocsPaths } from '@wacrm/shared/api-docs/api-docs.paths';

/**
 * The `/api` routes the server registers without a shared contract, on purpose, as
 * `METHOD path` (Fastify's `:name` segments). Every other `/api` route is declared in
 * packages/shared/src/route-contracts.ts and registered with `registerContractRoute`; the OpenAPI
 * test fails on a route that is in neither, on an entry here that no route matches, and on one
 * that has a contract after all (docs/architecture.md, "Routes and contracts").
 */
export const routesOutsideContracts = {
  /**
   * The API's description of itself: the OpenAPI document is generated from the routes and their
   * contracts, and the reference page is HTML for people. Neither is an operation of the API.
   */
  documentation: [`GET ${apiDocsPaths.document}`, `GET ${apiDocsPaths.reference}`],
  /**
   * Any other path under the reset route answers 404 here, so that the not-found handler never
   * logs a URL that carries a reset code and a password.
   */
  passwordResetCatchAll: [
    'GET /api/resetpasswords/*',
    'POST /api/resetpasswords/*',
    'PUT /api/resetpasswords/*',
    'PATCH /api/resetpasswords/*',
    'DELETE /api/resetpasswords/*',
  ],
} as const satisfies Record<string, readonly string[]>;
