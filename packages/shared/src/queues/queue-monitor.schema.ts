import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';
import { assignmentModes } from './queue.schema.ts';

/**
 * One queue on the supervisors' monitor (issue 48). `online` counts every online member of the
 * queue, paused or at capacity included; `paused` and `atCapacity` are counted among them.
 * "Today" is the company's calendar day.
 */
export const queueMonitorRowSchema = z.object({
  queueId: z.number(),
  name: z.string(),
  color: z.string(),
  assignmentMode: z.enum(assignmentModes),
  /** Pending tickets of the queue that no attendant holds. */
  waiting: z.number(),
  /** When the longest-waiting of them joined the line; null when none waits. */
  longestWaitingSince: timestampSchema.nullable(),
  online: z.number(),
  paused: z.number(),
  atCapacity: z.number(),
  assignedToday: z.number(),
  closedToday: z.number(),
});
export type QueueMonitorRow = z.input<typeof queueMonitorRowSchema>;

/**
 * An attendant online now, as the monitor shows them: their open tickets (those not closed that
 * name them) against their capacity (their own, else the company's), and whether and why they
 * paused receiving. `queueIds` are the queues they belong to.
 */
export const queueMonitorAttendantSchema = z.object({
  userId: z.number(),
  name: z.string(),
  queueIds: z.array(z.number()),
  openTickets: z.number(),
  capacity: z.number(),
  paused: z.boolean(),
  pauseReason: z.string().nullable(),
  pausedAt: timestampSchema.nullable(),
});
export type QueueMonitorAttendant = z.input<typeof queueMonitorAttendantSchema>;

export const queueMonitorSchema = z.object({
  queues: z.array(queueMonitorRowSchema),
  /** Every online user of the company, by name. */
  attendants: z.array(queueMonitorAttendantSchema),
});
export type QueueMonitor = z.input<typeof queueMonitorSchema>;

/** A ticket in a queue's line, in order. */
export const queueWaitingTicketSchema = z.object({
  position: z.number(),
  ticketId: z.number(),
  uuid: z.string(),
  contactName: z.string(),
  queuedAt: timestampSchema,
});
export const queueWaitingListSchema = z.object({ tickets: z.array(queueWaitingTicketSchema) });
export type QueueWaitingList = z.input<typeof queueWaitingListSchema>;
