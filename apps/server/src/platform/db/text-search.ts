import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLAN_PER_VALUE } from './pglite-statements.ts';

/**
 * Searching text the way users type it: "joao" finds "João", "ACAO" finds "ação", and any part of a
 * word matches. Both sides go through `search_fold` (lower case, accents removed with `unaccent`,
 * created in migration 0012); the large columns (contact names, message text) have trigram indexes
 * on `search_fold(column)`, so the condition below is answered from the index.
 *
 * Its best plan depends on the term (a rare one is looked up in the index, a frequent one walks
 * the newest rows until a page is full), so the query is planned for each term: the marker keeps
 * it off PGlite's prepared statements, and on the PostgreSQL server it is an unnamed statement.
 */
export function containsText(column: AnyPgColumn | SQL, term: string): SQL {
  return sql`search_fold(${column}) like search_fold(${likePattern(term)}) ${sql.raw(PLAN_PER_VALUE)}`;
}

/** `%term%` with the user's `%`, `_` and `\` taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The digits of a search that looks like a phone number ("(11) 9876-5", "+55 11"), else ''. */
export function phoneDigits(term: string): string {
  return /^[\d\s()+.-]+$/.test(term) ? term.replace(/\D/g, '') : '';
}
