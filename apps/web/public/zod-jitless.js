// zod decides, as it builds each object schema, whether it may compile parsers with `new Function`,
// and finds out by trying; under the app's content security policy (no 'unsafe-eval') the try
// alone is reported as a violation. Parsing is the same without it. A classic script runs before
// every module of the app, whichever chunk builds schemas first, and zod adopts the configuration
// object it finds here when it loads (src/app/zod-jitless.test.ts checks that the installed zod does).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
