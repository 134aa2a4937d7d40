import { z } from 'zod';
import { allTicketValues, profiles } from '../auth/permissions.ts';

const nameSchema = z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!');
const emailSchema = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .email('Invalid email')
  .max(200, 'Too Long!');
const passwordSchema = z.string().min(5, 'Too Short!').max(50, 'Too Long!');

/**
 * The fields of the user modal (spec §5 "User"). Admin-only fields (profile, queues,
 * connection, allTicket) are optional here: the server decides who may change them.
 */
export const userFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  /** spec: 5-50, not required. Empty means "keep the current password" on edit. */
  password: passwordSchema.optional().or(z.literal('')),
  profile: z.enum(profiles).optional(),
  allTicket: z.enum(allTicketValues).optional(),
  /** The default connection; null clears it. */
  whatsappId: z.number().int().positive().nullable().optional(),
  queueIds: z.array(z.number().int().positive()).max(500).optional(),
});
export type UserFields = z.infer<typeof userFieldsSchema>;

/** Creating a user: same fields, and a password is required. */
export const userCreateSchema = userFieldsSchema.extend({ password: passwordSchema });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Editing a user: the password stays when left blank. */
export const userUpdateSchema = userFieldsSchema;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** spec defaults for a new user. */
export const newUserDefaults = { profile: 'user', allTicket: 'desabled' } as const;

/** A user as the API answers it (never a password hash). */
export type UserRecord = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: (typeof profiles)[number];
  super: boolean;
  allTicket: (typeof allTicketValues)[number];
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  queues: { id: number; name: string; color: string }[];
  online: boolean;
  createdAt: string;
  updatedAt: string;
};

/** `GET /users/` answer. */
export interface UsersPage {
  users: UserRecord[];
  count: number;
  hasMore: boolean;
}

/** `GET /users/list` answer item: enough for pickers (the queues let a picker offer a queue's users). */
export type UserOption = Pick<UserRecord, 'id' | 'name' | 'email' | 'profile' | 'online'> & { queueIds: number[] };
