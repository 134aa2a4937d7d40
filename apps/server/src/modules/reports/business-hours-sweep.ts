import { type BusinessWeek, businessSecondsBetween } from '@wacrm/shared/business-hours/business-time';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import type { SettingsReader } from '../settings/index.ts';
import { type BusinessSeconds, ticketWrites } from '../tickets/index.ts';

interface PendingTicket {
  id: number;
  company_id: number;
  queue_id: number | null;
  created_at: Date;
  accepted_at: Date | null;
  closed_at: Date | null;
  first_customer_at: Date | null;
  entered_queue_at: Date | null;
  first_response_at: Date | null;
}

const BATCH = 500;
const at = (value: Date | string | null) => (value === null ? null : new Date(value));
const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The business-hours variant of each time (docs/decisions/reports.md), with the same starts and
 * ends as the calendar times the database measures (`report_response_start`, `report_wait_start`).
 */
export function businessSecondsOf(ticket: PendingTicket, week: BusinessWeek): Omit<BusinessSeconds, 'ticketId'> {
  const created = at(ticket.created_at) as Date;
  const accepted = at(ticket.accepted_at);
  const closed = at(ticket.closed_at);
  const customer = at(ticket.first_customer_at);
  const queued = at(ticket.entered_queue_at);
  const response = at(ticket.first_response_at);
  const between = (from: Date, to: Date) => Math.round(businessSecondsBetween(from, to, week));
  let firstResponse: number | null = null;
  if (response && customer) {
    const handedOver = queued && queued > customer ? queued : customer;
    firstResponse = between(new Date(Math.min(handedOver.getTime(), response.getTime())), response);
  }
  const waitStart = queued && accepted && queued <= accepted ? queued : created;
  return {
    firstResponse,
    wait: accepted ? between(waitStart, accepted) : null,
    resolution: closed ? between(created, closed) : null,
    handling: closed && accepted ? between(accepted, closed) : null,
    acceptedAt: iso(accepted),
    closedAt: iso(closed),
    firstResponseAt: iso(response),
    enteredQueueAt: iso(queued),
  };
}

/**
 * Visits the tickets whose business-hours figures are missing (their times just moved) and
 * writes them: company hours, or the queue's when the `scheduleType` setting says so.
 * Answers how many tickets it computed. Run every minute by a job and after bulk loads.
 */
export function createBusinessHoursSweep(deps: { db: Database; settings: Pick<SettingsReader, 'read'> }) {
  const { db, settings } = deps;
  return async function sweepBusinessHours(): Promise<number> {
    let done = 0;
    for (;;) {
      const pending = await queryRows<PendingTicket>(
        db,
        sql`select id, company_id, queue_id, created_at, accepted_at, closed_at, first_customer_at,
              entered_queue_at, first_response_at
            from tickets where business_pending order by id limit ${BATCH}`,
      );
      if (pending.length === 0) return done;
      const byCompany = new Map<number, PendingTicket[]>();
      for (const ticket of pending) {
        const companyId = Number(ticket.company_id);
        byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), ticket]);
      }
      for (const [companyId, tickets] of byCompany) {
        const values = await settings.read(companyId, ['timezone', 'scheduleType']);
        const weeks = await weeksOf(companyId, values.scheduleType === 'queue');
        const weekOf = (queueId: number | null): BusinessWeek => ({
          timeZone: values.timezone,
          schedules: (queueId !== null && weeks.queues.get(Number(queueId))) || weeks.company,
        });
        await ticketWrites.setBusinessSeconds(
          db,
          companyId,
          tickets.map((ticket) => ({
            ticketId: Number(ticket.id),
            ...businessSecondsOf(ticket, weekOf(ticket.queue_id)),
          })),
        );
      }
      done += pending.length;
      if (pending.length < BATCH) return done;
    }
  };

  async function weeksOf(companyId: number, byQueue: boolean) {
    const [company] = await queryRows<{ schedules: BusinessWeek['schedules'] }>(
      db,
      sql`select schedules from companies where id = ${companyId}`,
    );
    const queues = byQueue
      ? await queryRows<{ id: number; schedules: BusinessWeek['schedules'] }>(
          db,
          sql`select id, schedules from queues where company_id = ${companyId} and jsonb_array_length(schedules) > 0`,
        )
      : [];
    return {
      company: company?.schedules ?? [],
      queues: new Map(queues.map((queue) => [Number(queue.id), queue.schedules])),
    };
  }
}
