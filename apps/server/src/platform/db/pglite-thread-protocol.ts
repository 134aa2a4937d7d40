// What the server's thread and the embedded database's thread say to each other
// (pglite-thread.ts, pglite-worker.ts). Only data crosses: no functions, no class instances.

export type ThreadRequest = { id: number } & (
  | {
      kind: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values stay text (the only parsers a caller may ask for; see textParsers). */
      textTypes?: number[];
      transaction?: number;
    }
  | { kind: 'exec'; text: string }
  | { kind: 'begin' }
  | { kind: 'end'; transaction: number; commit: boolean }
  | { kind: 'close' }
);

/** Id 0 is the thread's own news: that it opened the database, or why it could not. */
export type ThreadReply = { id: number } & ({ result: unknown } | { error: SerializedError });

export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  /** A database error's fields (code, detail, constraint, table, …). */
  fields: Record<string, string | number | boolean>;
}

/** A structured clone keeps an error's message but not its fields, which callers read (`code`). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

export function deserializeError({ message, name, stack, fields }: SerializedError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack) error.stack = stack;
  return error;
}

/**
 * Parsers are functions and cannot cross threads. Drizzle's only ask to keep some types' text as
 * it is (times, dates, intervals and their arrays), so that is the one kind of parser passed: by
 * type id.
 */
export function textParsers(types: number[]): Record<number, (value: string) => string> {
  return Object.fromEntries(types.map((type) => [type, (value: string) => value]));
}
