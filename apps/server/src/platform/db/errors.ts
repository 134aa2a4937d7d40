/**
 * PostgreSQL error codes reach us either directly (pg, PGlite) or wrapped by Drizzle in an
 * error whose `cause` is the driver's error; this looks through both.
 */
export function postgresErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (two requests raced past an application-level check). */
export const isUniqueViolation = (error: unknown) => postgresErrorCode(error) === '23505';

/** A foreign key refused the change (e.g. a row still referenced elsewhere). */
export const isForeignKeyViolation = (error: unknown) => postgresErrorCode(error) === '23503';

/**
 * SQLSTATE class 22 ("data exception"): invalid text representation (22P02), numeric value out
 * of range (22003), invalid datetime (22007, 22008), value too long (22001), NUL in text
 * (22021, 22P05)…: each is a value the client sent that the column cannot hold.
 */
export const isDataException = (sqlState: string) => sqlState.startsWith('22');
