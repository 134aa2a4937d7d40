/**
 * Imported first by main.tsx, before any schema parses: zod compiles object parsers with
 * `new Function` when it may, and probes for that on the first parse; under the server's content
 * security policy (no 'unsafe-eval') the probe alone is reported as a violation. Parsing is the
 * same without it.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig`, adopting an object already
 * there or making one, and keeps a reference to it. So this sets the flag on that object, never
 * a new one: it holds whether the bundler evaluates zod before this module (the entry chunk
 * imports the route contracts) or after it, and without importing zod here.
 * zod-config.test.ts checks that the installed zod still reads it.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

// A module, so that its test can evaluate it again.
export {};
