import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { showServerFieldErrors } from './form-errors.ts';

const invalid = new ApiError(400, {
  error: 'ERR_VALIDATION',
  message: 'invalid',
  fields: { email: 'E-mail inválido', planId: 'Plano removido' },
});

describe('showServerFieldErrors', () => {
  it("puts each of the server's field messages under its field", () => {
    const setError = vi.fn();
    showServerFieldErrors(invalid, setError);
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'E-mail inválido' }],
      ['planId', { message: 'Plano removido' }],
    ]);
  });

  it('skips fields the form does not have', () => {
    const setError = vi.fn();
    showServerFieldErrors(invalid, setError, (field) => field === 'email');
    expect(setError.mock.calls).toEqual([['email', { message: 'E-mail inválido' }]]);
  });

  it('leaves the form alone for errors without fields', () => {
    const setError = vi.fn();
    showServerFieldErrors(new ApiError(409, { error: 'ERR_X', message: 'x' }), setError);
    showServerFieldErrors(new Error('network'), setError);
    expect(setError).not.toHaveBeenCalled();
  });
});
