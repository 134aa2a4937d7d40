import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { forgotPasswordParamsSchema, resetPasswordParamsSchema } from './password-reset.schema.ts';

/** The password reset routes (spec: Password reset). Public: the user is not logged in. */
export const passwordResetRoutes = {
  /** Step 1: mails a code (the answer is the same whether the email is known or not). */
  requestCode: defineRoute({
    method: 'POST',
    path: '/api/forgetpassword/:email',
    params: forgotPasswordParamsSchema,
    response: z.object({ sent: z.literal(true), expiresInMinutes: z.number() }),
  }),
  /** Step 2: the spec's path carries the email, the code and the new password. */
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/resetpasswords/:email/:token/:newPassword',
    params: resetPasswordParamsSchema,
    response: z.object({ reset: z.literal(true) }),
  }),
};
