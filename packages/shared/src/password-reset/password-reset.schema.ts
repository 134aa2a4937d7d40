import { z } from 'zod';

/** Reset codes are six digits, sent by email. */
export const RESET_CODE_LENGTH = 6;
/** spec: codes expire after 30 minutes. */
export const RESET_CODE_TTL_MINUTES = 30;
/** Wrong guesses allowed on one code before it stops working. */
export const RESET_CODE_MAX_ATTEMPTS = 5;

const emailSchema = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .email('Invalid email')
  .max(200, 'Too Long!');

/** spec: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const strongPasswordSchema = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .min(8, 'Too Short!')
  .max(100, 'Too Long!')
  .regex(/[a-z]/, 'Needs a lowercase letter')
  .regex(/[A-Z]/, 'Needs an uppercase letter')
  .regex(/\d/, 'Needs a digit');

const codeSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), 'Invalid code');

/** Step 1: `POST /forgetpassword/{email}`. */
export const forgotPasswordParamsSchema = z.object({ email: emailSchema });
export type ForgotPasswordParams = z.infer<typeof forgotPasswordParamsSchema>;

/** Step 2: `POST /resetpasswords/{email}/{token}/{newPassword}` (the spec's path). */
export const resetPasswordParamsSchema = z.object({
  email: emailSchema,
  token: codeSchema,
  newPassword: strongPasswordSchema,
});
export type ResetPasswordParams = z.infer<typeof resetPasswordParamsSchema>;

/** The step 2 form: the same rules plus a confirmation that must match. */
export const resetPasswordFormSchema = z
  .object({
    token: codeSchema,
    newPassword: strongPasswordSchema,
    confirmPassword: z.string({ error: 'Required' }).min(1, 'Required'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
