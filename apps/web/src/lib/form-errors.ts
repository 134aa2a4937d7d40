import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error.ts';

/**
 * Puts the server's per-field messages (an API error's `fields`) under the form's fields. Pass
 * `isField` when the server may name fields the form does not show; the toast still reports them.
 */
export function showServerFieldErrors<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  isField: (name: string) => boolean = () => true,
): void {
  if (!isApiError(error) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (isField(field)) setError(field as FieldPath<F>, { message });
  }
}
