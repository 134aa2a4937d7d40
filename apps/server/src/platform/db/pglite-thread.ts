import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { PgliteQueries } from './pglite-statements.ts';
import { deserializeError, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol.ts';

/** The embedded database as the server's thread sees it, run in a thread of its own. */
export interface PgliteThread extends PgliteQueries {
  exec(text: string): Promise<Results[]>;
  close(): Promise<void>;
}

type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The thread's own objects are few and short-lived (a query's rows on their way across); V8's
 * default young generation grew to ~12 MB of resident memory there for nothing
 * (docs/performance-log.md, "The server's memory at rest"). V8 lets its `--max-semi-space-size` flag
 * win over this cap, so under `npm start` (which passes it for the whole process) both threads
 * have 4 MB semi-spaces; the cap holds where no flag is given (`npm run dev`, the tests).
 */
const resourceLimits = { maxYoungGenerationSizeMb: 4 };

/**
 * The worker's entry: the built bundle's `pglite-worker.js` (apps/server/scripts/build.mjs), or,
 * run from the TypeScript sources (tests, `npm run dev`), the sources through tsx.
 */
export function startWorker(directory: string) {
  if (import.meta.url.endsWith('.ts')) {
    const entry = new URL('./pglite-worker.ts', import.meta.url).href;
    return new Worker(new URL('./pglite-worker-tsx.mjs', import.meta.url), {
      workerData: { directory, entry },
      resourceLimits,
    });
  }
  return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { directory }, resourceLimits });
}

/**
 * A caller's parsers cannot cross threads. Drizzle's PGlite driver passes only parsers that keep
 * a type's text (times, dates, intervals); they are sent as type ids and remade on the other side.
 */
function wireOptions(options?: QueryOptions) {
  if (options?.blob || options?.serializers || options?.paramTypes || options?.onNotice) {
    throw new Error('the embedded database thread takes only rowMode and text-keeping parsers as query options');
  }
  return {
    ...(options?.rowMode && { rowMode: options.rowMode }),
    ...(options?.parsers && { textTypes: Object.keys(options.parsers).map(Number) }),
  };
}

/**
 * Opens the PGlite database in `directory` in a worker thread. Every query crosses to it and back
 * (a message each way), and the server's event loop parses, validates and answers requests while
 * the database works. See docs/performance-log.md, "PGlite in its own thread". `onLost` hears of the
 * thread failing or stopping on its own (not through `close`); every query after that fails.
 */
export async function openPgliteThread(
  directory: string,
  options: { onLost?: (error: Error) => void; start?: typeof startWorker } = {},
): Promise<PgliteThread> {
  const worker = (options.start ?? startWorker)(directory);
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let stopped: Error | undefined;
  // The thread keeps the process alive only while a request waits on it, as PGlite in the
  // server's own thread did: a script ends when its last query has answered.
  worker.unref();

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });

  // Only a thread that opened and was not told to close is lost (a failed open rejects instead).
  let watching = false;

  function stop(error: Error) {
    if (stopped) return;
    stopped = error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
    if (watching) options.onLost?.(error);
  }
  worker.on('message', (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('error' in reply) waiting.reject(deserializeError(reply.error));
    else waiting.resolve(reply.result);
  });
  worker.on('error', (error) =>
    stop(new Error(`the embedded database thread failed: ${error.message}`, { cause: error })),
  );
  worker.on('exit', (code) => stop(new Error(`the embedded database thread stopped (exit code ${code})`)));

  function request<T>(message: Request): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  worker.ref();
  await opened;
  worker.unref();
  watching = true;

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      request<Results<T>>({ kind: 'query', text, params, ...wireOptions(options) }),

    exec: (text) => request<Results[]>({ kind: 'exec', text }),

    async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      const transaction = await request<number>({ kind: 'begin' });
      // Drizzle's driver uses only `query` on a PGlite transaction (savepoints are queries too).
      const tx = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
          request<Results<R>>({ kind: 'query', text, params, ...wireOptions(options), transaction }),
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await request({ kind: 'end', transaction, commit: false }).catch(() => undefined);
        throw error;
      }
      await request({ kind: 'end', transaction, commit: true });
      return result;
    },

    async close() {
      if (stopped) return;
      watching = false;
      await request({ kind: 'close' });
      stop(new Error('the embedded database is closed'));
      await worker.terminate();
    },
  };
}
