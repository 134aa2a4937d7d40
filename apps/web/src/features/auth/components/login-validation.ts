import type { LoginBody } from '@wacrm/shared/auth/auth.schema';
import type { Resolver } from 'react-hook-form';

let resolverPromise: Promise<Resolver<LoginBody>> | null = null;

/**
 * Fetches zod, the resolver and the shared login schema. They are a fifth of the login page's
 * JavaScript yet needed only once the user types, so the form asks for them on first input.
 */
export function preloadLoginValidation(): Promise<Resolver<LoginBody>> {
  resolverPromise ??= Promise.all([import('@hookform/resolvers/zod'), import('@wacrm/shared/auth/auth.schema')]).then(
    ([{ zodResolver }, { loginBodySchema }]) => zodResolver(loginBodySchema),
  );
  return resolverPromise;
}

/** The shared loginBodySchema through zodResolver, loaded on first use. */
export const loginResolver: Resolver<LoginBody> = async (values, context, options) =>
  (await preloadLoginValidation())(values, context, options);
