import { z } from 'zod';
import { allTicketValues, profiles } from '../auth/permissions.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';

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
  /**
   * Simultaneous open tickets automatic assignment may give this user (issue 48); null follows the
   * company's `ticketCapacity` setting, 0 means none. Transfers and Accept may go over it.
   */
  ticketCapacity: z.number().int().min(0).max(1000).nullable().optional(),
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
export const userRecordSchema = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  super: z.boolean(),
  allTicket: z.enum(allTicketValues),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  online: z.boolean(),
  ticketCapacity: z.number().nullable(),
  /** Paused receiving automatic assignments (the header's toggle), with the reason the user gave. */
  paused: z.boolean(),
  pauseReason: z.string().nullable(),
  pausedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type UserRecord = z.input<typeof userRecordSchema>;

/** `GET /users/` answer. */
export const usersPageSchema = pageSchema('users', userRecordSchema);
export type UsersPage = z.input<typeof usersPageSchema>;

/** `GET /users/list` answer item: enough for pickers (the queues let a picker offer a queue's users). */
export const userOptionSchema = userRecordSchema
  .pick({ id: true, name: true, email: true, profile: true, online: true })
  .extend({ queueIds: z.array(z.number()) });
export type UserOption = z.input<typeof userOptionSchema>;

/** `POST /users/me/pause`: stop or resume receiving automatic assignments. */
export const userPauseSchema = z.object({
  paused: z.boolean(),
  reason: z.string().trim().max(200, 'Too Long!').nullable().optional(),
});
export type UserPause = z.infer<typeof userPauseSchema>;

/** The caller's pause state as `POST /users/me/pause` answers it. */
export const userPauseStateSchema = z.object({
  paused: z.boolean(),
  pauseReason: z.string().nullable(),
  pausedAt: timestampSchema.nullable(),
});
export type UserPauseState = z.input<typeof userPauseStateSchema>;

/**
 * A user's open tickets (not closed, naming them) against their capacity for automatic assignment
 * (their own, else the company's `ticketCapacity`): the header's count and the transfer dialog's
 * notice. Accepts and transfers may go over it; automatic assignment never does.
 */
export const userWorkloadSchema = z.object({
  userId: z.number(),
  openTickets: z.number(),
  capacity: z.number(),
});
export type UserWorkload = z.input<typeof userWorkloadSchema>;
