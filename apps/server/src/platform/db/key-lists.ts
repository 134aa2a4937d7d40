import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($keys)` for a list of keys, `column = $key` when it holds one. PostgreSQL plans a
 * prepared `= any($array)` anew at every run (for an array of unknown length the generic plan
 * looks dearer than a custom one), and the inbound path's lists usually hold one key: the one-key
 * statement keeps its plan (docs/performance-log.md, "One key, one plan").
 */
export function inKeys(column: AnyPgColumn, keys: readonly (string | number)[], type: 'int' | 'text'): SQL {
  return keys.length === 1 ? sql`${column} = ${keys[0]}` : sql`${column} = any(${sql.param(keys)}::${sql.raw(type)}[])`;
}
