import { z } from 'zod';
import { languages } from '../common/constants.ts';
import { userRecordSchema } from '../users/user.schema.ts';

export const loginBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email').max(200),
  password: z.string().min(1, 'Required').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const languageParamsSchema = z.object({ lang: z.enum(languages) });

export const profileUpdateBodySchema = z
  .object({
    name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
    password: z.string().min(5, 'Too Short!').max(50, 'Too Long!').optional().or(z.literal('')),
    currentPassword: z.string().max(200).optional(),
  })
  .refine((body) => !body.password || !!body.currentPassword, {
    message: 'Required',
    path: ['currentPassword'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/**
 * The user as the session knows it (login, refresh and /auth/me answer this): the user record's
 * identity, access and queues, plus the language and the company the app needs from the start.
 */
export const sessionUserSchema = userRecordSchema
  .pick({
    id: true,
    companyId: true,
    name: true,
    email: true,
    profile: true,
    super: true,
    allTicket: true,
    whatsappId: true,
    queues: true,
  })
  .extend({
    language: z.string().nullable(),
    /**
     * A rule (the company's `require2faForAdmins` or the platform's) requires this user's second
     * step, not set up yet: the app shows only the set-up until it is on.
     */
    twoFactorSetupPending: z.boolean(),
    company: z.object({
      id: z.number(),
      name: z.string(),
      dueDate: z.string().nullable(),
      /** Still on the signup trial (see `isTrialDueDate`), for the subscription banner's wording. */
      isTrial: z.boolean(),
      /**
       * Past its due date, and this user is one of its admins: signed in to invoices and the
       * checkout only, until a payment is confirmed (docs/decisions/billing.md).
       */
      billingOnly: z.boolean(),
      settings: z.array(z.object({ key: z.string(), value: z.string() })),
    }),
  });
export type SessionUser = z.input<typeof sessionUserSchema>;

/** `POST /auth/refresh_token` answer: a new access token and the user as it is now. */
export const refreshAnswerSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type RefreshAnswer = z.input<typeof refreshAnswerSchema>;

/** `POST /auth/login` answer. */
export const loginAnswerSchema = refreshAnswerSchema.extend({
  /** Days left before the company's due date when fewer than the warning threshold remain. */
  dueDateWarningDays: z.number().optional(),
});
export type LoginAnswer = z.input<typeof loginAnswerSchema>;
