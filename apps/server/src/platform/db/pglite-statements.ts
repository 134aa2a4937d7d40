import { randomBytes } from 'node:crypto';
import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { postgresErrorCode } from './errors.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** Statements kept per database; past this the least recently used one is closed. */
const MAX_STATEMENTS = 200;

interface Field {
  name: string;
  dataTypeID: number;
}

interface Statement {
  name: string;
  paramTypes: number[];
  /** The result's columns, from Describe (none for a statement that returns no rows). */
  fields: Field[];
}

/** Plan-cache errors after a schema change: the statement is made again (SQLSTATE 26000, 0A000). */
const isStaleStatement = (error: unknown) => ['26000', '0A000'].includes(postgresErrorCode(error) ?? '');

function frame(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** What PGlite's own `query` does with a value before binding it. */
function serialized(client: PGlite, value: unknown, type: number, options?: QueryOptions) {
  if (value === null || value === undefined) return null;
  const serializer = options?.serializers?.[type] ?? client.serializers[type];
  return serializer ? serializer(value) : String(value);
}

/**
 * PGlite's `query` parses and plans every statement again and reaches into its WASM module six
 * times per statement (parse, describe, bind, describe, execute, sync). This keeps one named
 * prepared statement per query text (bounded, least recently used closed first), and runs it
 * with one trip: bind, execute, sync. Queries without parameters (scripts, BEGIN, COMMIT) and
 * those marked `PLAN_PER_VALUE` keep PGlite's own path. See docs/performance-log.md, "PGlite's statements,
 * prepared".
 *
 * The caller holds PGlite's query lock: it is the one connection, and a statement's protocol
 * messages must not interleave with another's.
 */
export function createStatementCache(client: PGlite, max = MAX_STATEMENTS) {
  // A Map keeps insertion order: the first entry is the least recently used.
  const statements = new Map<string, Statement>();
  let closing: string[] = [];
  let made = 0;
  // Two caches on one client (a tool, a test) must not reuse each other's names.
  const prefix = `wacrm_${randomBytes(4).toString('hex')}`;

  async function prepare(text: string) {
    const name = `${prefix}_${++made}`;
    const answer = await client.execProtocolStream(
      frame([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = answer.find((message) => message.name === 'rowDescription') as { fields: Field[] } | undefined;
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      fields: (description?.fields ?? []).map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
    };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldest] = statements;
      statements.delete(oldest[0]);
      closing.push(oldest[1].name);
    }
    return statement;
  }

  async function execute<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text);
    }
    const { name, paramTypes } = statement;
    const values = params.map((value, index) => serialized(client, value, paramTypes[index], options));
    const closes = closing.map((closed) => protocol.serialize.close({ type: 'S', name: closed }));
    closing = [];
    let answer: BackendMessage[];
    try {
      answer = await client.execProtocolStream(
        frame([
          ...closes,
          protocol.serialize.bind({ statement: name, values: values as string[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      if (isStaleStatement(error) && statements.get(text) === statement) {
        statements.delete(text);
        closing.push(name);
      }
      throw error;
    }
    return resultsOf<T>(statement.fields, answer, options);
  }

  /**
   * The rows as PGlite's `query` gives them. Its own parser merges the caller's parsers into the
   * defaults (a few hundred types) on every call: here each column's parser is looked up once.
   */
  function resultsOf<T>(fields: Field[], answer: BackendMessage[], options?: QueryOptions): Results<T> {
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID]);
    const parseValue = (value: string | null, column: number) => {
      if (value === null) return null;
      const parser = parsers[column];
      return parser ? parser(value, fields[column].dataTypeID) : value;
    };
    const asArrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    for (const message of answer) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        if (asArrays) {
          rows.push(values.map(parseValue));
        } else {
          const row: Record<string, unknown> = {};
          for (let column = 0; column < fields.length; column++)
            row[fields[column].name] = parseValue(values[column], column);
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        const words = (message as unknown as { text: string }).text.split(' ');
        const count = Number.parseInt(words[words.length - 1], 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0])) affectedRows += count;
        if (!Number.isNaN(count)) rowCount = count;
      }
    }
    return { rows: rows as T[], fields, affectedRows, ...(rowCount === undefined ? {} : { rowCount }) } as Results<T>;
  }

  return {
    /** Runs one query on a prepared statement; the caller holds the query lock. */
    async run<T>(text: string, params: unknown[], options?: QueryOptions, retry = false): Promise<Results<T>> {
      try {
        return await execute<T>(text, params, options);
      } catch (error) {
        // Outside a transaction a statement made stale by a schema change is simply made again.
        if (retry && isStaleStatement(error)) return execute<T>(text, params, options);
        throw error;
      }
    },
    get size() {
      return statements.size;
    },
  };
}

/** What drizzle's PGlite driver and pg-boss's executor use of a PGlite client. */
export interface PgliteQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * In a query whose best plan depends on its values (a search pattern), this comment keeps it on
 * PGlite's own path, planned for each run (`containsText` adds it).
 */
export const PLAN_PER_VALUE = '/* plan per value */';

/** Queries PGlite's own path runs: no parameters, blobs for COPY, declared parameter types, a plan per value. */
const needsOwnPath = (text: string, params?: unknown[], options?: QueryOptions) =>
  !params ||
  params.length === 0 ||
  Boolean(options?.blob) ||
  Boolean(options?.paramTypes) ||
  text.includes(PLAN_PER_VALUE);

/**
 * The PGlite client as drizzle and pg-boss see it: parameterised queries run on prepared
 * statements, in and out of transactions, under the same locks as PGlite's own `query`.
 */
export function withPreparedStatements(client: PGlite, cache = createStatementCache(client)): PgliteQueries {
  return {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions) {
      if (needsOwnPath(text, params, options)) return client.query<T>(text, params, options);
      await client._checkReady();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const results = await cache.run<T>(text, params!, options, true);
          await client.syncToFs();
          return results;
        }),
      );
    },

    transaction<T>(callback: (tx: Transaction) => Promise<T>) {
      return client.transaction((tx) => {
        const prepared: Transaction = Object.create(tx);
        prepared.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (needsOwnPath(text, params, options) || tx.closed) return tx.query<R>(text, params, options);
          return client.runExclusive(() => cache.run<R>(text, params!, options));
        };
        return callback(prepared);
      });
    },
  };
}
