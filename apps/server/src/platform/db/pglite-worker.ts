// The embedded database's own thread: PGlite runs here, so that its WASM work no longer blocks
// the server's event loop (pglite-thread.ts is the other end). One request at a time per
// transaction, as on one connection; PGlite's locks order everything else.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { withPreparedStatements } from './pglite-statements.ts';
import { serializeError, type ThreadReply, type ThreadRequest, textParsers } from './pglite-thread-protocol.ts';

/** Shared buffers of the embedded database (docs/performance-log.md, "Second pass (2026-11-23)"). */
const PGLITE_SHARED_BUFFERS = '32MB';

const port = parentPort!;
const reply = (message: ThreadReply) => port.postMessage(message);

// pg_trgm and unaccent back the search indexes (migrations 0003 and 0012). PostgreSQL's default 128 MB of
// shared buffers sat in the process's memory from the start (~295 MB resident for an empty
// database against ~190 MB with 32 MB); the files are read through the OS page cache anyway.
let client: PGlite;
try {
  client = await PGlite.create((workerData as { directory: string }).directory, {
    extensions: { pg_trgm, unaccent },
    postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`],
  });
} catch (error) {
  reply({ id: 0, error: serializeError(error) });
  process.exit(1);
}
// Parameterised queries run on prepared statements, parsed and planned once (pglite-statements.ts).
const queries = withPreparedStatements(client);

/** Open transactions: the callback PGlite runs waits here until the other thread ends it. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<unknown> }>();
let lastTransaction = 0;
const rolledBack = Symbol('rolled back');

function begin(): Promise<number> {
  const id = ++lastTransaction;
  return new Promise((begun, failed) => {
    const ended = queries.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, {
            tx,
            end: (keep) => (keep ? commit(undefined) : rollback(rolledBack)),
            ended,
          });
          begun(id);
        }),
    );
    // A BEGIN that fails never reaches the callback; the end of a begun one is awaited by end().
    ended.catch((error) => {
      if (!transactions.has(id)) failed(error);
    });
  });
}

function openTransaction(id: number) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`no open transaction ${id}`);
  return transaction;
}

async function end(id: number, commit: boolean) {
  const transaction = openTransaction(id);
  transaction.end(commit);
  try {
    await transaction.ended;
  } catch (error) {
    if (error !== rolledBack) throw error;
  } finally {
    transactions.delete(id);
  }
}

function queryOptions(request: { rowMode?: 'array' | 'object'; textTypes?: number[] }): QueryOptions {
  return {
    ...(request.rowMode && { rowMode: request.rowMode }),
    ...(request.textTypes && { parsers: textParsers(request.textTypes) }),
  };
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const on = request.transaction ? openTransaction(request.transaction).tx : queries;
      const { rows, fields, affectedRows, rowCount } = await on.query(
        request.text,
        request.params,
        queryOptions(request),
      );
      return { rows, fields, affectedRows, ...(rowCount === undefined ? {} : { rowCount }) };
    }
    case 'exec':
      return client.exec(request.text);
    case 'begin':
      return begin();
    case 'end':
      return end(request.transaction, request.commit);
    case 'close':
      await client.close();
      return undefined;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (result) => reply({ id: request.id, result }),
    (error) => reply({ id: request.id, error: serializeError(error) }),
  );
});
reply({ id: 0, result: 'ready' });
