/**
 * Imported first by main.tsx, before zod loads: zod compiles object parsers with `new Function`
 * when it may, and probes for that; under the server's content security policy (no
 * 'unsafe-eval') the probe alone is reported as a violation. Parsing is the same without it.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already
 * there, so setting it here is `z.config({ jitless: true })` without putting zod in the login
 * page's JavaScript (zod loads with the first form that needs it). zod-config.test.ts checks
 * that the installed zod still reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
