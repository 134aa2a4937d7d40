import type { QueueMonitor, QueueMonitorRow, QueueWaitingList } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsReader } from '../settings/index.ts';

/** Tickets the waiting list answers at most. */
const WAITING_LIST_LIMIT = 200;

/**
 * The supervisors' queue monitor (issue 48; docs/decisions/fair-assignment.md): per queue, its
 * line, its attendants by state and the day's work; and one queue's line in order. Reads only.
 */
export function createQueueMonitor(deps: { db: Database; settings: Pick<SettingsReader, 'read'> }) {
  const { db } = deps;

  async function companyFacts(companyId: number) {
    const values = await deps.settings.read(companyId, ['ticketCapacity', 'timezone']);
    return { capacity: Number(values.ticketCapacity), timeZone: values.timezone };
  }

  return {
    async monitor(companyId: number): Promise<QueueMonitor> {
      const { capacity, timeZone } = await companyFacts(companyId);
      const rows = await queryRows<{
        id: number;
        name: string;
        color: string;
        mode: QueueMonitorRow['assignmentMode'];
        waiting: number;
        oldest: Date | string | null;
        online: number;
        paused: number;
        at_capacity: number;
        assigned_today: number;
        closed_today: number;
      }>(
        db,
        sql`with today as (select (date_trunc('day', now() at time zone ${timeZone})) at time zone ${timeZone} as start),
          members as (
            select uq.queue_id, u.assignment_paused as paused,
              (select count(*) from tickets x where x.company_id = ${companyId} and x.user_id = u.id and x.status <> 'closed')
                >= coalesce(u.ticket_capacity, ${capacity}::int) as full
            from users u join user_queues uq on uq.user_id = u.id
            where u.company_id = ${companyId} and u.online
          )
          select q.id, q.name, q.color, q.assignment_mode as mode,
            (select count(*)::int from tickets t
              where t.company_id = ${companyId} and t.queue_id = q.id and t.status = 'pending' and t.user_id is null) as waiting,
            (select min(coalesce(t.queued_at, t.created_at)) from tickets t
              where t.company_id = ${companyId} and t.queue_id = q.id and t.status = 'pending' and t.user_id is null) as oldest,
            (select count(*)::int from members m where m.queue_id = q.id) as online,
            (select count(*)::int from members m where m.queue_id = q.id and m.paused) as paused,
            (select count(*)::int from members m where m.queue_id = q.id and m.full) as at_capacity,
            (select count(*)::int from tickets t, today
              where t.company_id = ${companyId} and t.queue_id = q.id and t.accepted_at >= today.start) as assigned_today,
            (select count(*)::int from tickets t, today
              where t.company_id = ${companyId} and t.queue_id = q.id and t.status = 'closed'
                and t.closed_at >= today.start) as closed_today
          from queues q
          where q.company_id = ${companyId}
          order by q.order_queue asc nulls last, q.name, q.id`,
      );
      return {
        queues: rows.map((row) => ({
          queueId: Number(row.id),
          name: row.name,
          color: row.color,
          assignmentMode: row.mode,
          waiting: Number(row.waiting),
          longestWaitingSince: row.oldest === null ? null : new Date(row.oldest).toISOString(),
          online: Number(row.online),
          paused: Number(row.paused),
          atCapacity: Number(row.at_capacity),
          assignedToday: Number(row.assigned_today),
          closedToday: Number(row.closed_today),
        })),
      };
    },

    /** The queue's waiting tickets, first in line first; another company's queue is not found. */
    async waiting(companyId: number, queueId: number): Promise<QueueWaitingList> {
      const found = await queryRows<{ id: number }>(
        db,
        sql`select id from queues where company_id = ${companyId} and id = ${queueId}`,
      );
      if (found.length === 0) throw new AppError('ERR_NOT_FOUND');
      const rows = await queryRows<{ id: number; uuid: string; name: string; queued_at: Date | string }>(
        db,
        sql`select t.id, t.uuid, c.name, coalesce(t.queued_at, t.created_at) as queued_at
          from tickets t join contacts c on c.id = t.contact_id
          where t.company_id = ${companyId} and t.queue_id = ${queueId} and t.status = 'pending' and t.user_id is null
          order by coalesce(t.queued_at, t.created_at), t.id
          limit ${WAITING_LIST_LIMIT}`,
      );
      return {
        tickets: rows.map((row, index) => ({
          position: index + 1,
          ticketId: Number(row.id),
          uuid: row.uuid,
          contactName: row.name,
          queuedAt: new Date(row.queued_at).toISOString(),
        })),
      };
    },
  };
}

export type QueueMonitorService = ReturnType<typeof createQueueMonitor>;
