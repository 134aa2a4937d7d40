import type { LoginBody } from '@wacrm/shared/auth/auth.schema';

/** The first message of each wrong field, in the shared schema's words. */
export type LoginErrors = Partial<Record<keyof LoginBody, string>>;

type Validate = (values: LoginBody) => { data?: LoginBody; errors: LoginErrors };

let validatorPromise: Promise<Validate> | null = null;

/**
 * Fetches zod and the shared login schema. They are needed only once the user types, so the
 * form asks for them on first input rather than with the page.
 */
export function preloadLoginValidation(): Promise<Validate> {
  validatorPromise ??= import('@wacrm/shared/auth/auth.schema').then(({ loginBodySchema }) => (values) => {
    const result = loginBodySchema.safeParse(values);
    if (result.success) return { data: result.data, errors: {} };
    const errors: LoginErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof LoginBody;
      errors[field] ??= issue.message;
    }
    return { errors };
  });
  return validatorPromise;
}

/** Checks the values with the shared loginBodySchema; `data` is the parsed body when valid. */
export async function validateLogin(values: LoginBody): Promise<{ data?: LoginBody; errors: LoginErrors }> {
  return (await preloadLoginValidation())(values);
}
