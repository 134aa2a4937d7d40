import type {
  QueueMonitor,
  QueueMonitorAttendant,
  QueueMonitorRow,
  QueueWaitingList,
  UserWorkload,
} from '@wacrm/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SettingsReader } from '../settings/index.ts';

/** A user's tickets that count against their capacity: not closed and naming them (the engine's count). */
const openTicketsOf = (companyId: number, userId: SQL) =>
  sql`(select count(*)::int from tickets x where x.company_id = ${companyId} and x.user_id = ${userId} and x.status <> 'closed')`;

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

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

  /** Every online user of the company with their load, pause and queues (supervisors see who paused and why). */
  async function attendants(companyId: number, capacity: number): Promise<QueueMonitorAttendant[]> {
    const rows = await queryRows<{
      id: number;
      name: string;
      queue_ids: number[];
      open_tickets: number;
      capacity: number;
      paused: boolean;
      pause_reason: string | null;
      paused_at: Date | string | null;
    }>(
      db,
      sql`select u.id, u.name, u.assignment_paused as paused, u.pause_reason, u.paused_at,
          coalesce(u.ticket_capacity, ${capacity}::int) as capacity,
          ${openTicketsOf(companyId, sql`u.id`)} as open_tickets,
          coalesce((select array_agg(uq.queue_id order by uq.queue_id) from user_queues uq where uq.user_id = u.id),
            '{}')::int[] as queue_ids
        from users u
        where u.company_id = ${companyId} and u.online
        order by lower(u.name), u.id`,
    );
    return rows.map((row) => ({
      userId: Number(row.id),
      name: row.name,
      queueIds: row.queue_ids.map(Number),
      openTickets: Number(row.open_tickets),
      capacity: Number(row.capacity),
      paused: row.paused,
      pauseReason: row.pause_reason,
      pausedAt: isoOrNull(row.paused_at),
    }));
  }

  return {
    /** A user's open tickets against their capacity; another company's user is not found. */
    async workload(companyId: number, userId: number): Promise<UserWorkload> {
      const { capacity } = await companyFacts(companyId);
      const rows = await queryRows<{ open_tickets: number; capacity: number }>(
        db,
        sql`select ${openTicketsOf(companyId, sql`u.id`)} as open_tickets,
            coalesce(u.ticket_capacity, ${capacity}::int) as capacity
          from users u where u.company_id = ${companyId} and u.id = ${userId}`,
      );
      if (rows.length === 0) throw new AppError('ERR_NO_USER_FOUND');
      return { userId, openTickets: Number(rows[0].open_tickets), capacity: Number(rows[0].capacity) };
    },

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
              ${openTicketsOf(companyId, sql`u.id`)} >= coalesce(u.ticket_capacity, ${capacity}::int) as full
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
        attendants: await attendants(companyId, capacity),
        queues: rows.map((row) => ({
          queueId: Number(row.id),
          name: row.name,
          color: row.color,
          assignmentMode: row.mode,
          waiting: Number(row.waiting),
          longestWaitingSince: isoOrNull(row.oldest),
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
