import { z } from 'zod';

/**
 * What the database can store, checked before it is asked to: PostgreSQL `integer` ids and
 * counters, real calendar days. A value outside these would make the query fail (a 500 before),
 * so each schema refuses it with a field message instead.
 */
export const INT4_MAX = 2_147_483_647;

/** A row id (serial / integer primary key): 1 … 2³¹−1. */
export const dbIdSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** A sequence number or offset stored in an integer column: 0 … 2³¹−1. */
export const dbCounterSchema = z.coerce.number().int().min(0).max(INT4_MAX);

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30, no 9999-99-99), from year 1000 on. */
export const calendarDaySchema = z.iso.date('Invalid date (YYYY-MM-DD)').refine((day) => day >= '1000-01-01', {
  message: 'Invalid date (YYYY-MM-DD)',
});

/**
 * NUL characters and unpaired UTF-16 surrogates: text PostgreSQL cannot store (NUL) or would
 * store altered (a lone surrogate becomes U+FFFD). The server refuses them in every request
 * before its route schema runs (apps/server platform/http/validation.ts).
 */
// With the u flag a paired surrogate is one code point above U+FFFF: only lone ones match.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
export const UNSTORABLE_TEXT = /[\u0000\ud800-\udfff]/u;
