import '../../../../public/zod-jitless.js';
import { describe, expect, it } from 'vitest';
import { validateLogin } from './login-validation.ts';

describe('login validation', () => {
  it('answers the body the server expects: the email trimmed and lower-cased', async () => {
    const result = await validateLogin({ email: '  Admin@Admin.COM ', password: 'secret' });
    expect(result).toEqual({ data: { email: 'admin@admin.com', password: 'secret' }, errors: {} });
  });

  it('keeps the first message of each wrong field, in the shared schema words', async () => {
    expect(await validateLogin({ email: '', password: '' })).toEqual({
      errors: { email: 'Invalid email', password: 'Required' },
    });
    expect(await validateLogin({ email: 'not-an-email', password: 'x' })).toEqual({
      errors: { email: 'Invalid email' },
    });
  });
});
