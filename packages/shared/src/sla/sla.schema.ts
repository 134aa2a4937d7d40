import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';
import { ticketPriorities } from '../tickets/ticket-priority.ts';

/** The longest target a policy may set: 90 days (a resolution target longer than that is no target). */
export const SLA_MAX_SECONDS = 90 * 24 * 3600;

/**
 * When a ticket's time-left chip turns amber: in the last quarter of the target, or the last five
 * minutes when a quarter is shorter than that (docs/decisions/service-levels.md).
 */
export const SLA_WARNING_FRACTION = 0.25;
export const SLA_WARNING_MIN_SECONDS = 5 * 60;

const targetSeconds = z
  .number({ error: 'Must be a number' })
  .int('Whole seconds')
  .min(60, 'At least one minute')
  .max(SLA_MAX_SECONDS, 'At most 90 days')
  .nullable();

/**
 * An SLA policy's fields, for `POST`, `PUT` and the form. `queueIds` and `priorities` say which
 * tickets it covers (empty: any); naming neither makes it the company's default policy. A queue
 * may be in several policies while no two claim the same (queue, priority). A policy needs at
 * least one target. `businessHours` counts only the open hours (the company's or the queue's, as
 * the `scheduleType` setting says).
 */
export const slaPolicyFieldsSchema = z
  .object({
    name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
    queueIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500).default([]),
    /** Empty: any priority. A policy matches a ticket by its queue and/or priority; the most specific wins. */
    priorities: z.array(z.enum(ticketPriorities)).max(ticketPriorities.length).default([]),
    firstResponseSeconds: targetSeconds.default(null),
    resolutionSeconds: targetSeconds.default(null),
    businessHours: z.boolean().default(false),
  })
  .refine((fields) => fields.firstResponseSeconds !== null || fields.resolutionSeconds !== null, {
    message: 'Set at least one target',
    path: ['firstResponseSeconds'],
  })
  .refine((fields) => new Set(fields.queueIds).size === fields.queueIds.length, {
    message: 'A queue is named twice',
    path: ['queueIds'],
  })
  .refine((fields) => new Set(fields.priorities).size === fields.priorities.length, {
    message: 'A priority is named twice',
    path: ['priorities'],
  });
export type SlaPolicyFields = z.input<typeof slaPolicyFieldsSchema>;

export const slaPolicyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A policy as the API answers it. */
export const slaPolicyRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  queueIds: z.array(z.number()),
  priorities: z.array(z.enum(ticketPriorities)),
  firstResponseSeconds: z.number().nullable(),
  resolutionSeconds: z.number().nullable(),
  businessHours: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SlaPolicyRecord = z.input<typeof slaPolicyRecordSchema>;

/**
 * A ticket's service level in its current cycle (open tickets only; null when no policy applies).
 * `firstResponseDueAt` is null once an attendant has answered (or when the policy sets no
 * first-response target); `breached` says a target of this cycle was missed, now or earlier.
 */
export const ticketSlaSchema = z.object({
  firstResponseDueAt: z.string().nullable(),
  resolutionDueAt: z.string().nullable(),
  breached: z.boolean(),
  /** When the cycle started (the ticket reached attendants): what the chip measures the target from. */
  startedAt: z.string(),
});
export type TicketSla = z.input<typeof ticketSlaSchema>;

export const slaTargetKinds = ['firstResponse', 'resolution'] as const;
export type SlaTargetKind = (typeof slaTargetKinds)[number];

/**
 * `company-{id}-sla`: a target of an open ticket was missed. Sent once per breach to the queue's
 * supervisors (the company's admins when the queue has none).
 */
export interface SlaBreachEvent {
  action: 'breach';
  kind: SlaTargetKind;
  ticket: { id: number; uuid: string; contactName: string; queueId: number | null };
  dueAt: string;
}

/** A breached open ticket in the bell's list. */
export const slaBreachSchema = z.object({
  ticketId: z.number(),
  uuid: z.string(),
  contactName: z.string(),
  queueId: z.number().nullable(),
  kind: z.enum(slaTargetKinds),
  dueAt: timestampSchema,
});
export type SlaBreach = z.input<typeof slaBreachSchema>;

/** The weekly summary subscription of the logged-in admin. */
export const weeklySummarySchema = z.object({ subscribed: z.boolean() });
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;

/** Met and breached targets of the cycles that ended (or fell due) in a period. */
export interface SlaCounts {
  firstResponse: { met: number; breached: number };
  resolution: { met: number; breached: number };
}
