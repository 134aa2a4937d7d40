import { UNSTORABLE_TEXT } from '@wacrm/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const MAX_DEPTH = 64;

/**
 * The path of the first string (or object key) in a request part that PostgreSQL cannot store
 * (a NUL, a lone surrogate), or of an object nested deeper than any route reads; null when clean.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, entry] of Object.entries(value)) {
    if (UNSTORABLE_TEXT.test(key)) return [...path, key];
    const found = findUnstorableText(entry, [...path, key]);
    if (found) return found;
  }
  return null;
}

const refusal = (path: (string | number)[]) =>
  z.any().superRefine((_value, context) => {
    context.addIssue({ code: 'custom', path, message: 'Contains characters that cannot be stored' });
  });

/**
 * The zod validator of every route, preceded by one check for all of them: no text the database
 * cannot store, in the body, the query string or the path. The error is the usual 400
 * `ERR_VALIDATION` naming the field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const path = findUnstorableText(data);
    if (path) return zodValidatorCompiler({ ...route, schema: refusal(path) })(data);
    return validate(data);
  };
};
