// Every server test file runs against its own copy of the template database (see database-template.ts).
import { vi } from 'vitest';
import { paced } from './machine-pace.ts';

process.env.TZ ??= 'UTC';

// The suite's default test and hook timeouts (vitest.config.ts) stretched by how busy the machine
// is as this file starts: a loaded machine makes every test slower, not wrong.
vi.setConfig({ testTimeout: paced(30_000), hookTimeout: paced(60_000) });
