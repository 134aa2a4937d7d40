// The embedded database's thread, run from the TypeScript sources (tests, `npm run dev`): a worker
// does not inherit the parent's `--import tsx` on Node 20, so it loads the sources through tsx's API.
// The built server starts the bundled `pglite-worker.js` instead (pglite-thread.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
