import { z } from 'zod';
import { languages } from '../common/constants.ts';
import type { AllTicket, Profile } from './permissions.ts';

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

/** The user as the session knows it (login, refresh and /auth/me answer this). */
export interface SessionUser {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  whatsappId: number | null;
  language: string | null;
  queues: { id: number; name: string; color: string }[];
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    /** Still on the signup trial (see `isTrialDueDate`), for the subscription banner's wording. */
    isTrial: boolean;
    /**
     * Past its due date, and this user is one of its admins: signed in to invoices and the
     * checkout only, until a payment is confirmed (docs/decisions/billing.md).
     */
    billingOnly: boolean;
    settings: { key: string; value: string }[];
  };
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
  /** Days left before the company's due date when fewer than the warning threshold remain. */
  dueDateWarningDays?: number;
}
