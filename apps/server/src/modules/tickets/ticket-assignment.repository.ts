import type { AssignmentMode } from '@wacrm/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import type { Assignment, Candidate, WaitingTicket } from './ticket-assignment.ts';

/**
 * A pending ticket of an automatic queue (`t` joined with its queue `q`) that nobody holds is in
 * the line unless the queue chatbot's menu, a bot or a flow handles it, or its queue's prompt or
 * (non-flowbuilder) integration has not taken it yet: the bot answers first and hands it over.
 */
const inLine = sql`not t.chatbot and not t.use_integration
  and not (
    t.prompt_id is null and t.integration_id is null
    and (q.prompt_id is not null or exists (
      select 1 from queue_integrations i
      where i.id = q.integration_id and i.company_id = q.company_id and i.type <> 'flowbuilder'))
  )
  and not exists (
    select 1 from flow_runs r
    where r.company_id = t.company_id and r.ticket_id = t.id and r.status = 'running')`;

/** First key of the advisory lock that serialises a company's automatic assignments (the second is the company id). */
const LOCK_ASSIGNMENT = 48_001;

const epoch = (value: Date | string | null) => (value === null ? 0 : new Date(value).getTime());

/**
 * The assignment engine's database side. Every pass runs in one transaction under an advisory
 * lock per company, so passes of one company (in any process) run one at a time and each reads
 * the open counts the previous one committed: nobody goes over capacity. The waiting tickets are
 * read `for update skip locked` and written only while still pending with no attendant, so a
 * ticket an attendant accepts meanwhile (the tickets service locks its row) is never given twice.
 */
export function createAssignmentRepository() {
  return {
    async lockCompany(tx: Database, companyId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ASSIGNMENT}, ${companyId})`);
    },

    /**
     * Online, unpaused members of the company's automatic queues with room left, with their open
     * tickets (pending ones they hold count too) and their turns.
     */
    async candidates(tx: Database, companyId: number, defaultCapacity: number) {
      const rows = await queryRows<{
        user_id: number;
        queue_id: number;
        capacity: number;
        open_count: number;
        last_any: Date | string | null;
        last_here: Date | string | null;
      }>(
        tx,
        sql`select u.id as user_id, uq.queue_id, coalesce(u.ticket_capacity, ${defaultCapacity}::int) as capacity,
            (select count(*)::int from tickets x
              where x.company_id = ${companyId} and x.user_id = u.id and x.status <> 'closed') as open_count,
            (select max(a.last_assigned_at) from ticket_assignment_turns a
              where a.company_id = ${companyId} and a.user_id = u.id) as last_any,
            (select a.last_assigned_at from ticket_assignment_turns a
              where a.queue_id = uq.queue_id and a.user_id = u.id) as last_here
          from users u
          join user_queues uq on uq.user_id = u.id
          join queues q on q.id = uq.queue_id and q.company_id = u.company_id
          where u.company_id = ${companyId} and u.online and not u.assignment_paused
            and q.assignment_mode <> 'manual'
            and coalesce(u.ticket_capacity, ${defaultCapacity}::int) > 0`,
      );
      return rows
        .map(
          (row): Candidate => ({
            userId: Number(row.user_id),
            queueId: Number(row.queue_id),
            capacity: Number(row.capacity),
            openCount: Number(row.open_count),
            lastAny: epoch(row.last_any),
            lastHere: epoch(row.last_here),
          }),
        )
        .filter((candidate) => candidate.openCount < candidate.capacity);
    },

    /**
     * The line: pending tickets of automatic queues that nobody holds and no bot, menu or flow is
     * handling, in order of arrival in a queue (`queued_at`; rows older than the column, their
     * creation). A queue whose prompt or integration has not taken the ticket yet still has it:
     * the bot answers first and hands it over (docs/decisions/fair-assignment.md, "Bots first").
     * Only the first `room` tickets of each queue are read: no more could be given now, and a
     * long line in a queue nobody serves does not hide the others.
     */
    async waiting(tx: Database, companyId: number, rooms: Map<number, number>): Promise<WaitingTicket[]> {
      const queueIds = [...rooms.keys()];
      const rows = await queryRows<{ id: number; queue_id: number; mode: AssignmentMode }>(
        tx,
        sql`select w.id, w.queue_id, w.mode from (
            select t.id, t.queue_id, q.assignment_mode as mode, coalesce(t.queued_at, t.created_at) as arrived,
              row_number() over (partition by t.queue_id order by coalesce(t.queued_at, t.created_at), t.id) as place
            from tickets t
            join queues q on q.id = t.queue_id and q.company_id = t.company_id
            where t.company_id = ${companyId} and t.status = 'pending' and t.user_id is null
              and t.queue_id = any(${sql.param(queueIds)}::int[])
              and ${inLine}
          ) w
          join unnest(${sql.param(queueIds)}::int[], ${sql.param(queueIds.map((id) => rooms.get(id)!))}::int[])
            as room(queue_id, size) on room.queue_id = w.queue_id
          where w.place <= room.size
          order by w.arrived, w.id`,
      );
      return rows.map((row) => ({ id: Number(row.id), queueId: Number(row.queue_id), mode: row.mode }));
    },

    /** Gives the tickets to their attendants (only those still waiting) and records the turns. */
    async assign(tx: Database, companyId: number, assignments: Assignment[]) {
      if (assignments.length === 0) return [];
      const rows = await queryRows<{ id: number; user_id: number; queue_id: number }>(
        tx,
        sql`update tickets t set user_id = a.user_id, status = 'open',
            accepted_at = coalesce(t.accepted_at, now()), updated_at = now(),
            waiting_told_at = null, waiting_told_position = null, waiting_updates_sent = 0
          from unnest(
            ${sql.param(assignments.map((assignment) => assignment.ticketId))}::int[],
            ${sql.param(assignments.map((assignment) => assignment.userId))}::int[]
          ) as a(id, user_id)
          where t.company_id = ${companyId} and t.id = a.id and t.status = 'pending' and t.user_id is null
          returning t.id, t.user_id, t.queue_id`,
      );
      const turns = new Map<string, Assignment>();
      for (const assignment of assignments) turns.set(`${assignment.queueId}:${assignment.userId}`, assignment);
      const latest = [...turns.values()];
      await tx.execute(sql`
        insert into ticket_assignment_turns (company_id, queue_id, user_id, last_assigned_at)
        select ${companyId}, turn.queue_id, turn.user_id, to_timestamp(turn.at / 1000.0)
        from unnest(
          ${sql.param(latest.map((turn) => turn.queueId))}::int[],
          ${sql.param(latest.map((turn) => turn.userId))}::int[],
          ${sql.param(latest.map((turn) => turn.at))}::float8[]
        ) as turn(queue_id, user_id, at)
        on conflict (queue_id, user_id) do update set last_assigned_at = excluded.last_assigned_at`);
      return rows.map((row) => ({
        ticketId: Number(row.id),
        userId: Number(row.user_id),
        queueId: Number(row.queue_id),
      }));
    },

    /**
     * Every automatic queue's line with a waiting message, in order, with what each customer was
     * told: the waiting-line messages' input (automation).
     */
    async line(db: Database, companyId: number) {
      const rows = await queryRows<{
        id: number;
        queue_id: number;
        position: number;
        told_at: Date | string | null;
        told_position: number | null;
        updates_sent: number;
      }>(
        db,
        sql`select t.id, t.queue_id, t.waiting_told_at as told_at, t.waiting_told_position as told_position,
            t.waiting_updates_sent as updates_sent,
            row_number() over (partition by t.queue_id order by coalesce(t.queued_at, t.created_at), t.id)::int as position
          from tickets t
          join queues q on q.id = t.queue_id and q.company_id = t.company_id
          where t.company_id = ${companyId} and t.status = 'pending' and t.user_id is null
            and q.assignment_mode <> 'manual' and q.waiting_message is not null
            and ${inLine}
          order by t.queue_id, position`,
      );
      return rows.map((row) => ({
        ticketId: Number(row.id),
        queueId: Number(row.queue_id),
        position: Number(row.position),
        toldAt: row.told_at === null ? null : new Date(row.told_at),
        toldPosition: row.told_position === null ? null : Number(row.told_position),
        updatesSent: Number(row.updates_sent),
      }));
    },

    /**
     * Per automatic queue with a waiting message: the average handling time of its last 50 closed
     * tickets (accept to close, seconds; null without history) and the capacity of its eligible
     * attendants online now (their slots, full or not).
     */
    async estimateInputs(db: Database, companyId: number, defaultCapacity: number) {
      const rows = await queryRows<{ id: number; handling: number | string | null; slots: number | string }>(
        db,
        sql`select q.id,
            (select avg(extract(epoch from recent.closed_at - recent.accepted_at)) from (
              select x.closed_at, x.accepted_at from tickets x
              where x.company_id = ${companyId} and x.queue_id = q.id and x.status = 'closed'
                and x.accepted_at is not null and x.closed_at is not null
              order by x.closed_at desc limit 50) recent) as handling,
            (select coalesce(sum(coalesce(u.ticket_capacity, ${defaultCapacity}::int)), 0)
              from users u join user_queues uq on uq.user_id = u.id
              where uq.queue_id = q.id and u.company_id = ${companyId} and u.online and not u.assignment_paused) as slots
          from queues q
          where q.company_id = ${companyId} and q.assignment_mode <> 'manual' and q.waiting_message is not null`,
      );
      return new Map(
        rows.map((row) => [
          Number(row.id),
          { handlingSeconds: row.handling === null ? null : Number(row.handling), slots: Number(row.slots) },
        ]),
      );
    },

    /** Companies with a ticket waiting in an automatic queue (the sweep's list). */
    async companiesWaiting(db: Database) {
      const rows = await queryRows<{ company_id: number }>(
        db,
        sql`select distinct t.company_id from tickets t
          join queues q on q.id = t.queue_id
          where t.status = 'pending' and t.user_id is null and q.assignment_mode <> 'manual'`,
      );
      return rows.map((row) => Number(row.company_id));
    },

    /** Whether a queue of the company assigns automatically. */
    async isAutomatic(db: Database, companyId: number, queueId: number) {
      const rows = await queryRows<{ mode: string }>(
        db,
        sql`select assignment_mode as mode from queues where company_id = ${companyId} and id = ${queueId}`,
      );
      return rows.length > 0 && rows[0].mode !== 'manual';
    },
  };
}

export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;
