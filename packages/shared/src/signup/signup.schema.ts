import { z } from 'zod';

/** Keeps only the digits of a phone typed with the mask `(99) 99999-9999`. */
export function phoneDigits(value: string) {
  return value.replace(/\D/g, '');
}

/**
 * spec §5 "Signup": the fields of the public signup form. The server reads only these:
 * dueDate, status, recurrence and campaignsEnabled sent by a client are dropped (zod strips
 * unknown keys), because an unauthenticated caller must not choose its own subscription.
 */
export const signupBodySchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z
    .string({ error: 'Required' })
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .email('Invalid email')
    .max(200, 'Too Long!'),
  password: z.string({ error: 'Required' }).min(1, 'Required').min(5, 'Too Short!').max(50, 'Too Long!'),
  /** Brazilian number with area code: 10 or 11 digits once the mask is stripped. */
  phone: z
    .string({ error: 'Required' })
    .transform(phoneDigits)
    .pipe(z.string().min(1, 'Required').min(10, 'Too Short!').max(11, 'Too Long!')),
  planId: z.coerce.number({ error: 'Required' }).int('Required').positive('Required').max(2_147_483_647),
  /**
   * The first admin's own name (the attendants' greeting says "meu nome é …"). Optional: blank
   * means `adminNameOf` (from the email), never the company's name.
   */
  userName: z
    .string()
    .trim()
    .max(50, 'Too Long!')
    .refine((value) => value === '' || value.length >= 2, 'Too Short!')
    .optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;
export type SignupInput = z.input<typeof signupBodySchema>;

/**
 * spec: the signup page reads an optional `companyId` from the query string. We treat it as a
 * referral (the company that sent the visitor); a malformed value is ignored, never an error.
 */
export const signupQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

/**
 * The first admin's name when the signup gives none: the email's local part in words
 * (`ana.souza@…` → "Ana Souza"); the company's name only when that leaves under 2 letters.
 */
export function adminNameOf(body: Pick<SignupBody, 'userName' | 'email' | 'name'>): string {
  if (body.userName) return body.userName;
  const words = (body.email.split('@')[0] ?? '')
    .split(/[._\-+\d]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const fromEmail = words.join(' ').slice(0, 50).trim();
  return fromEmail.length >= 2 ? fromEmail : body.name;
}

/** spec §9: a signup starts a 3-day trial on a monthly recurrence. */
export const SIGNUP_TRIAL_DAYS = 3;
export const SIGNUP_RECURRENCE = 'MENSAL';

/**
 * Whether a company is still on its signup trial: its due date is no later than the trial's end
 * counted from its creation (a renewal or a super user's longer date moves it past). UTC days, as
 * the signup sets them.
 */
export function isTrialDueDate(createdAt: Date, dueDate: string | null): boolean {
  if (!dueDate) return false;
  const trialEnd = new Date(createdAt.getTime() + SIGNUP_TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
  return dueDate <= trialEnd;
}

/** `POST /companies/cadastro` answer: the new company and its first admin. */
export const signupAnswerSchema = z.object({
  company: z.object({
    id: z.number(),
    name: z.string(),
    dueDate: z.string(),
    recurrence: z.string(),
    status: z.boolean(),
    planId: z.number(),
  }),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
});
export type SignupAnswer = z.input<typeof signupAnswerSchema>;
