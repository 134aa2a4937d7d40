import { z } from 'zod';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import { weeklyScheduleEntrySchema } from '../company-schedules/company-schedules.schema.ts';
import { planFlagsRecordSchema } from '../plans/plan.schema.ts';
import { recurrences, toIsoDayOrNull } from './recurrence.ts';

/** The platform's own company (seeded, home of the super user): it can never be deleted. */
export const PLATFORM_COMPANY_ID = 1;

const emailSchema = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .email('Invalid email')
  .max(200, 'Too Long!');

/**
 * The fields of the companies admin form (spec "Company"; §5: email and plan required,
 * an invalid due date is sent as null). `campaignsEnabled` is stored as the company
 * setting of that name.
 */
export const companyFieldsSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(100, 'Too Long!'),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(30, 'Too Long!')
    .nullish()
    .transform((value) => value || null),
  planId: z.coerce.number({ error: 'Required' }).int().positive('Required'),
  status: z.boolean().default(true),
  campaignsEnabled: z.boolean().default(true),
  dueDate: z.unknown().transform(toIsoDayOrNull),
  recurrence: z.enum(recurrences).default('MENSAL'),
  /** Left out: the company keeps its weekly hours. */
  schedules: z.array(weeklyScheduleEntrySchema).max(7).optional(),
});
export type CompanyFieldsInput = z.input<typeof companyFieldsSchema>;
export type CompanyFields = z.output<typeof companyFieldsSchema>;

/** Creating a company also creates its first admin user (email = the company's email) with this password. */
export const companyCreateSchema = companyFieldsSchema.extend({
  password: z.string({ error: 'Required' }).min(1, 'Required').min(5, 'Too Short!').max(50, 'Too Long!'),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

export const companyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A day of the company's weekly hours as the API answers it (stored as written by the form). */
const companyScheduleEntrySchema = z.object({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

/** A company as the admin API answers it. */
export const companyRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: z.number().nullable(),
  plan: z.object({ id: z.number(), name: z.string() }).nullable(),
  status: z.boolean(),
  /** The company setting of that name ('false' switches campaigns off). */
  campaignsEnabled: z.boolean(),
  /** `YYYY-MM-DD`, or null when the company never expires. */
  dueDate: z.string().nullable(),
  recurrence: z.enum(recurrences),
  schedules: z.array(companyScheduleEntrySchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type CompanyRecord = z.input<typeof companyRecordSchema>;

/** `GET /companies` answer. */
export const companiesPageSchema = pageSchema('companies', companyRecordSchema);
export type CompanyPage = z.input<typeof companiesPageSchema>;

const usageOfSchema = z.object({ limit: z.number(), used: z.number() });

/** What the caller's plan allows and what the company already uses (GET /companies/usage). */
export const companyUsageSchema = z.object({
  plan: planFlagsRecordSchema.extend({ id: z.number(), name: z.string() }),
  users: usageOfSchema,
  connections: usageOfSchema,
  queues: usageOfSchema,
});
export type CompanyUsage = z.input<typeof companyUsageSchema>;
