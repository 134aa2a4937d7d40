import { z } from 'zod';

/**
 * Imported first by main.tsx, before any schema is made: zod compiles object parsers with
 * `new Function` when it may, and probes for that; under the server's content security policy
 * (no 'unsafe-eval') the probe alone is reported as a violation. Parsing is the same without it.
 */
z.config({ jitless: true });
