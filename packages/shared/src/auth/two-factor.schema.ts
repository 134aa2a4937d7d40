import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';
import { loginAnswerSchema } from './auth.schema.ts';

/** Six digits from the authenticator app (spaces are tolerated: apps show them in groups). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** A one-time recovery code as shown at enrolment (`xxxxx-xxxxx`); case and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter a recovery code'));

/** `POST /auth/login` answer: a session, or the second step it still needs. */
export const loginResultSchema = z.union([
  loginAnswerSchema,
  z.object({
    /** The password was right; `POST /auth/login/2fa` with this challenge and a code finishes. */
    twoFactorRequired: z.literal(true),
    challenge: z.string(),
  }),
  z.object({
    /** The company (or the platform) requires a second step this user has not set up yet. */
    twoFactorSetupRequired: z.literal(true),
    /** Opens only the set-up routes, for a few minutes. */
    token: z.string(),
  }),
]);
export type LoginResult = z.input<typeof loginResultSchema>;

export const loginTwoFactorBodySchema = z.union([
  z.object({ challenge: z.string().min(1).max(2000), code: totpCodeSchema }),
  z.object({ challenge: z.string().min(1).max(2000), recoveryCode: recoveryCodeSchema }),
]);
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

export const twoFactorCodeBodySchema = z.object({ code: totpCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

export const twoFactorSetupAnswerSchema = z.object({
  /** `otpauth://totp/…`, drawn as the QR code. */
  otpauthUri: z.string(),
  /** The same secret in base32, for typing it in by hand. */
  secret: z.string(),
});
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswerSchema>;

export const twoFactorEnableAnswerSchema = z.object({
  /** Shown once: the server keeps only their hashes. */
  recoveryCodes: z.array(z.string()),
  /** Enabled with a set-up-only token: the sign-in it interrupted, now complete. */
  session: loginAnswerSchema.optional(),
});
export type TwoFactorEnableAnswer = z.input<typeof twoFactorEnableAnswerSchema>;

export const twoFactorRequirementValues = ['disabled', 'enabled', 'everyone'] as const;
export type TwoFactorRequirement = (typeof twoFactorRequirementValues)[number];

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The company's or the platform's rule asks it of this user. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The super user's platform-wide rule: the same values as the company setting. */
export const twoFactorPolicySchema = z.object({ require2fa: z.enum(twoFactorRequirementValues) });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;

/** One signed-in browser of the user. */
export const authSessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  /** The browser asking. */
  current: z.boolean(),
});
export type AuthSessionItem = z.infer<typeof authSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: z.uuid() });
