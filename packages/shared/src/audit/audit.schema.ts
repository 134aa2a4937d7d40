import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';

/** What an entry records, `<entity>.<verb>`; the screen's action filter offers these. */
export const auditActions = [
  'user.created',
  'user.updated',
  'user.deleted',
  'user.twoFactorReset',
  'user.signedOut',
  'setting.updated',
  'queue.created',
  'queue.updated',
  'queue.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'twoFactorPolicy.updated',
  'connection.created',
  'connection.updated',
  'connection.deleted',
  'connection.qrRenewed',
  'connection.tokenChanged',
  'queueOption.created',
  'queueOption.updated',
  'queueOption.deleted',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'company.updated',
  'company.renewed',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'prompt.created',
  'prompt.updated',
  'prompt.deleted',
  'campaign.scheduled',
  'campaign.cancelled',
  'campaign.restarted',
  'contact.exported',
  'contact.deletedAll',
  'ticket.deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** A changed field: its value before and after (secrets are written as `[hidden]`). */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));

export const auditEntrySchema = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  changes: auditChangesSchema,
  createdAt: timestampSchema,
});
export type AuditEntry = z.input<typeof auditEntrySchema>;

const dayOrMoment = z.iso.date().or(z.iso.datetime({ offset: true }));

export const auditQuerySchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  action: z.enum(auditActions).optional(),
  /** Inclusive; a day means its start (UTC). */
  from: dayOrMoment.optional(),
  /** Inclusive; a day means its end (UTC). */
  to: dayOrMoment.optional(),
  /** The super user's filter by company; ignored for an admin (always their own). */
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSize = 50;
/** The CSV export's ceiling: a period wider than this is exported in parts. */
export const auditCsvMaxRows = 10_000;

export const auditPageSchema = z.object({
  records: z.array(auditEntrySchema),
  count: z.number(),
  hasMore: z.boolean(),
});
