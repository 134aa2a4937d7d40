import type {
  SlaBreach,
  SlaCounts,
  SlaPolicyRecord,
  SlaTargetKind,
  TicketPriority,
  WeeklyScheduleEntry,
} from '@wacrm/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import {
  companies,
  queues,
  slaCycles,
  slaPolicies,
  slaPolicyClaims,
  slaSummarySends,
  slaSummarySubscriptions,
  users,
} from '../../tables.ts';

export interface PolicyWrite {
  name: string;
  firstResponseSeconds: number | null;
  resolutionSeconds: number | null;
  businessHours: boolean;
  queueIds: number[];
  priorities: TicketPriority[];
}

/** One (queue or none, priority or none) a policy covers (docs/decisions/service-levels.md). */
export interface PolicyClaim {
  queueId: number | null;
  priority: TicketPriority | null;
}

/** A claim another policy already holds, and which. */
export interface TakenClaim extends PolicyClaim {
  policyId: number;
  policyName: string;
}

export interface OpenCycle {
  id: number;
  policyId: number | null;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  priority: string;
  startedAt: Date;
  firstRespondedAt: Date | null;
}

export interface CycleDue {
  policyId: number | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
}

export interface CountFilters {
  from: Date;
  to: Date;
  queueIds?: number[];
  userIds?: number[];
  whatsappIds?: number[];
}

const iso = (value: Date | null) => value?.toISOString() ?? null;
const intList = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** Every query of the service levels; the company id comes first. `db` may be a transaction. */
export function createSlaRepository(db: Database) {
  return {
    /**
     * The company's policies in name order. `coveringOnly` leaves out those left without claims
     * (every queue they named was deleted): listed for the admin, they cover no ticket, rather than
     * turning into a policy for any queue.
     */
    async policies(companyId: number, { coveringOnly = false } = {}): Promise<SlaPolicyRecord[]> {
      const rows = await db
        .select({
          id: slaPolicies.id,
          name: slaPolicies.name,
          firstResponseSeconds: slaPolicies.firstResponseSeconds,
          resolutionSeconds: slaPolicies.resolutionSeconds,
          businessHours: slaPolicies.businessHours,
          priorities: slaPolicies.priorities,
          createdAt: slaPolicies.createdAt,
          updatedAt: slaPolicies.updatedAt,
          queueIds: sql<number[]>`coalesce((select array_agg(distinct c.queue_id order by c.queue_id)
            from sla_policy_claims c where c.policy_id = "sla_policies"."id" and c.queue_id is not null), '{}')`,
        })
        .from(slaPolicies)
        .where(
          and(
            eq(slaPolicies.companyId, companyId),
            coveringOnly
              ? sql`exists (select 1 from sla_policy_claims c where c.policy_id = ${slaPolicies.id})`
              : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${slaPolicies.name})`), asc(slaPolicies.id));
      return rows.map((row) => ({
        ...row,
        queueIds: (row.queueIds ?? []).map(Number),
        priorities: row.priorities as TicketPriority[],
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    /** Which of these ids are queues of the company. */
    async companyQueueIds(companyId: number, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
      return rows.map((row) => row.id);
    },

    /** Which of `claims` another policy of the company holds (nulls compared as equal, as the constraint does). */
    async claimsTakenElsewhere(
      companyId: number,
      claims: PolicyClaim[],
      exceptPolicyId?: number,
    ): Promise<TakenClaim[]> {
      const rows = await db
        .select({
          queueId: slaPolicyClaims.queueId,
          priority: slaPolicyClaims.priority,
          policyId: slaPolicyClaims.policyId,
          policyName: slaPolicies.name,
        })
        .from(slaPolicyClaims)
        .innerJoin(slaPolicies, eq(slaPolicies.id, slaPolicyClaims.policyId))
        .where(
          and(
            eq(slaPolicyClaims.companyId, companyId),
            exceptPolicyId === undefined ? undefined : sql`${slaPolicyClaims.policyId} <> ${exceptPolicyId}`,
          ),
        );
      const key = (claim: PolicyClaim) => `${claim.queueId ?? ''}:${claim.priority ?? ''}`;
      const wanted = new Set(claims.map(key));
      return rows
        .filter((row) => wanted.has(key(row as PolicyClaim)))
        .map((row) => ({ ...row, priority: row.priority as TicketPriority | null }));
    },

    async insertPolicy(companyId: number, fields: PolicyWrite) {
      const [row] = await db
        .insert(slaPolicies)
        .values({ companyId, ...policyColumns(fields) })
        .returning({ id: slaPolicies.id });
      await replaceClaims(db, companyId, row.id, fields);
      return row.id;
    },

    async updatePolicy(companyId: number, id: number, fields: PolicyWrite) {
      const rows = await db
        .update(slaPolicies)
        .set({ ...policyColumns(fields), updatedAt: new Date() })
        .where(and(eq(slaPolicies.companyId, companyId), eq(slaPolicies.id, id)))
        .returning({ id: slaPolicies.id });
      if (rows.length === 0) return false;
      await replaceClaims(db, companyId, id, fields);
      return true;
    },

    async removePolicy(companyId: number, id: number) {
      const rows = await db
        .delete(slaPolicies)
        .where(and(eq(slaPolicies.companyId, companyId), eq(slaPolicies.id, id)))
        .returning({ id: slaPolicies.id });
      return rows.length > 0;
    },

    /** The weekly hours and zone inputs of a due date: the company's week and the queue's. */
    async weeks(companyId: number, queueId: number | null) {
      const [company] = await db
        .select({ schedules: companies.schedules })
        .from(companies)
        .where(eq(companies.id, companyId));
      let queueWeek: WeeklyScheduleEntry[] = [];
      if (queueId !== null) {
        const [queue] = await db
          .select({ schedules: queues.schedules })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
        queueWeek = queue?.schedules ?? [];
      }
      return { company: company?.schedules ?? [], queue: queueWeek };
    },

    async openCycle(companyId: number, ticketId: number): Promise<OpenCycle | null> {
      const [row] = await db
        .select({
          id: slaCycles.id,
          policyId: slaCycles.policyId,
          queueId: slaCycles.queueId,
          userId: slaCycles.userId,
          whatsappId: slaCycles.whatsappId,
          priority: slaCycles.priority,
          startedAt: slaCycles.startedAt,
          firstRespondedAt: slaCycles.firstRespondedAt,
        })
        .from(slaCycles)
        .where(and(eq(slaCycles.companyId, companyId), eq(slaCycles.ticketId, ticketId), isNull(slaCycles.closedAt)));
      return row ?? null;
    },

    /** A new cycle; null when another event of the same ticket started one first. */
    async startCycle(
      companyId: number,
      cycle: {
        ticketId: number;
        queueId: number | null;
        userId: number | null;
        whatsappId: number | null;
        priority: TicketPriority;
      },
      startedAt: Date,
      due: CycleDue,
    ) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`insert into sla_cycles (company_id, ticket_id, policy_id, queue_id, user_id, whatsapp_id, priority,
            started_at, first_response_due_at, resolution_due_at)
          values (${companyId}, ${cycle.ticketId}, ${due.policyId}, ${cycle.queueId}, ${cycle.userId},
            ${cycle.whatsappId}, ${cycle.priority}, ${startedAt.toISOString()}::timestamptz,
            ${iso(due.firstResponseDueAt)}::timestamptz, ${iso(due.resolutionDueAt)}::timestamptz)
          on conflict (ticket_id) where closed_at is null do nothing
          returning id`,
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    /** A transfer or a policy change: the targets of the open cycle are set again. */
    async setCycle(
      companyId: number,
      cycleId: number,
      fields: { queueId: number | null; userId: number | null; whatsappId: number | null; priority: TicketPriority },
      due?: CycleDue,
    ) {
      await db
        .update(slaCycles)
        .set({
          ...fields,
          ...(due
            ? {
                ...due,
                // A target moved later may be missed again: its breach is told again then.
                firstResponseNotifiedAt: null,
                resolutionNotifiedAt: null,
              }
            : {}),
        })
        .where(and(eq(slaCycles.companyId, companyId), eq(slaCycles.id, cycleId)));
    },

    async closeCycle(companyId: number, ticketId: number, at: Date, userId: number | null) {
      await db
        .update(slaCycles)
        .set({ closedAt: at, userId })
        .where(and(eq(slaCycles.companyId, companyId), eq(slaCycles.ticketId, ticketId), isNull(slaCycles.closedAt)));
    },

    /**
     * The first answer of an attendant (a message with an author that is not the product's own)
     * on the ticket's open cycle. One statement, so two messages at once record the earlier write.
     */
    async recordFirstResponse(companyId: number, ticketId: number, messageId: number, at: Date) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update sla_cycles set first_responded_at = ${at.toISOString()}::timestamptz
          where company_id = ${companyId} and ticket_id = ${ticketId} and closed_at is null
            and first_responded_at is null
            and exists (select 1 from messages m where m.id = ${messageId} and m.company_id = ${companyId}
              and m.from_me and m.user_id is not null and not m.is_system)
          returning id`,
      );
      return rows.length > 0;
    },

    /**
     * Takes the breach of one target if it is due, still missed and untold: only the call whose
     * update takes the row tells anyone (several processes, retries, the sweep and the job alike).
     */
    async claimBreach(companyId: number, cycleId: number, kind: SlaTargetKind, now: Date) {
      const claim =
        kind === 'firstResponse'
          ? sql`update sla_cycles set first_response_notified_at = ${now.toISOString()}::timestamptz
              where company_id = ${companyId} and id = ${cycleId} and closed_at is null
                and first_responded_at is null and first_response_notified_at is null
                and first_response_due_at <= ${now.toISOString()}::timestamptz
              returning id, ticket_id, queue_id, first_response_due_at as due_at`
          : sql`update sla_cycles set resolution_notified_at = ${now.toISOString()}::timestamptz
              where company_id = ${companyId} and id = ${cycleId} and closed_at is null
                and resolution_notified_at is null
                and resolution_due_at <= ${now.toISOString()}::timestamptz
              returning id, ticket_id, queue_id, resolution_due_at as due_at`;
      const [row] = await queryRows<{ ticket_id: number; queue_id: number | null; due_at: string | Date }>(db, claim);
      return row
        ? {
            ticketId: Number(row.ticket_id),
            queueId: row.queue_id === null ? null : Number(row.queue_id),
            dueAt: new Date(row.due_at),
          }
        : null;
    },

    /** Open cycles with a target past due and untold (the sweep's backstop for lost jobs), oldest first. */
    async dueBreaches(now: Date, limit: number) {
      const rows = await queryRows<{ company_id: number; id: number; kind: SlaTargetKind }>(
        db,
        sql`(select company_id, id, 'firstResponse' as kind from sla_cycles
            where closed_at is null and first_responded_at is null and first_response_notified_at is null
              and first_response_due_at <= ${now.toISOString()}::timestamptz
            order by first_response_due_at limit ${limit})
          union all
          (select company_id, id, 'resolution' as kind from sla_cycles
            where closed_at is null and resolution_notified_at is null
              and resolution_due_at <= ${now.toISOString()}::timestamptz
            order by resolution_due_at limit ${limit})`,
      );
      return rows.map((row) => ({ companyId: Number(row.company_id), cycleId: Number(row.id), kind: row.kind }));
    },

    /** Who is told of a breach in a queue: its supervisors; the company's admins when it has none. */
    async breachRecipients(companyId: number, queueId: number | null) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select u.id from users u join user_queues uq on uq.user_id = u.id
          where u.company_id = ${companyId} and u.profile = 'supervisor' and uq.queue_id = ${queueId}`,
      );
      if (rows.length > 0) return rows.map((row) => Number(row.id));
      const admins = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.profile, 'admin')));
      return admins.map((row) => row.id);
    },

    /** Open tickets with a told breach, in the given queues (all when `queueIds` is null). */
    async breaches(companyId: number, queueIds: number[] | null): Promise<SlaBreach[]> {
      const rows = await queryRows<{
        ticket_id: number;
        uuid: string;
        contact_name: string;
        queue_id: number | null;
        kind: SlaTargetKind;
        due_at: string | Date;
      }>(
        db,
        sql`select c.ticket_id, t.uuid, ct.name as contact_name, c.queue_id,
            case when c.first_response_notified_at is not null then 'firstResponse' else 'resolution' end as kind,
            case when c.first_response_notified_at is not null then c.first_response_due_at
              else c.resolution_due_at end as due_at
          from sla_cycles c join tickets t on t.id = c.ticket_id join contacts ct on ct.id = t.contact_id
          where c.company_id = ${companyId} and c.closed_at is null
            and (c.first_response_notified_at is not null or c.resolution_notified_at is not null)
            ${queueIds === null ? sql`` : sql`and c.queue_id = any(${intList(queueIds)})`}
          order by due_at desc limit 50`,
      );
      return rows.map((row) => ({
        ticketId: Number(row.ticket_id),
        uuid: row.uuid,
        contactName: row.contact_name,
        queueId: row.queue_id === null ? null : Number(row.queue_id),
        kind: row.kind,
        dueAt: new Date(row.due_at).toISOString(),
      }));
    },

    /**
     * Met and breached targets of the cycles started in [from, to). A target still running is
     * neither; one past due and unmet is breached even before its ticket closes. A ticket closed
     * before its first-response target without an answer is neither met nor breached.
     */
    async counts(companyId: number, filters: CountFilters, now: Date): Promise<SlaCounts> {
      const at = now.toISOString();
      const [row] = await queryRows<Record<'fr_met' | 'fr_breached' | 'res_met' | 'res_breached', number>>(
        db,
        sql`select
            count(*) filter (where first_responded_at <= first_response_due_at)::int as fr_met,
            count(*) filter (where first_responded_at > first_response_due_at
              or (first_responded_at is null
                and first_response_due_at <= coalesce(closed_at, ${at}::timestamptz)))::int as fr_breached,
            count(*) filter (where closed_at <= resolution_due_at)::int as res_met,
            count(*) filter (where closed_at > resolution_due_at
              or (closed_at is null and resolution_due_at <= ${at}::timestamptz))::int as res_breached
          from sla_cycles
          where company_id = ${companyId}
            and started_at >= ${filters.from.toISOString()}::timestamptz
            and started_at < ${filters.to.toISOString()}::timestamptz
            ${filters.queueIds?.length ? sql`and queue_id = any(${intList(filters.queueIds)})` : sql``}
            ${filters.userIds?.length ? sql`and user_id = any(${intList(filters.userIds)})` : sql``}
            ${filters.whatsappIds?.length ? sql`and whatsapp_id = any(${intList(filters.whatsappIds)})` : sql``}`,
      );
      return {
        firstResponse: { met: Number(row?.fr_met ?? 0), breached: Number(row?.fr_breached ?? 0) },
        resolution: { met: Number(row?.res_met ?? 0), breached: Number(row?.res_breached ?? 0) },
      };
    },

    async isSubscribed(companyId: number, userId: number) {
      const rows = await db
        .select({ userId: slaSummarySubscriptions.userId })
        .from(slaSummarySubscriptions)
        .where(and(eq(slaSummarySubscriptions.companyId, companyId), eq(slaSummarySubscriptions.userId, userId)));
      return rows.length > 0;
    },

    async setSubscribed(companyId: number, userId: number, subscribed: boolean) {
      if (subscribed) {
        await db.insert(slaSummarySubscriptions).values({ companyId, userId }).onConflictDoNothing();
      } else {
        await db
          .delete(slaSummarySubscriptions)
          .where(and(eq(slaSummarySubscriptions.companyId, companyId), eq(slaSummarySubscriptions.userId, userId)));
      }
    },

    /** Companies with at least one subscribed admin. */
    async subscribedCompanies() {
      const rows = await queryRows<{ company_id: number }>(
        db,
        sql`select distinct s.company_id from sla_summary_subscriptions s join users u on u.id = s.user_id
          where u.profile = 'admin'`,
      );
      return rows.map((row) => Number(row.company_id));
    },

    /** The subscribed admins of a company, with their language (null: the company's). */
    async subscribers(companyId: number) {
      return db
        .select({ id: users.id, email: users.email, name: users.name, language: users.language })
        .from(slaSummarySubscriptions)
        .innerJoin(users, eq(users.id, slaSummarySubscriptions.userId))
        .where(and(eq(slaSummarySubscriptions.companyId, companyId), eq(users.profile, 'admin')));
    },

    /** Claims a company's week: true for the first caller only. */
    async claimSummaryWeek(companyId: number, weekStart: string) {
      const rows = await db
        .insert(slaSummarySends)
        .values({ companyId, weekStart })
        .onConflictDoNothing()
        .returning({ companyId: slaSummarySends.companyId });
      return rows.length > 0;
    },

    async releaseSummaryWeek(companyId: number, weekStart: string) {
      await db
        .delete(slaSummarySends)
        .where(and(eq(slaSummarySends.companyId, companyId), eq(slaSummarySends.weekStart, weekStart)));
    },
  };
}

export type SlaRepository = ReturnType<typeof createSlaRepository>;

function policyColumns(fields: PolicyWrite) {
  return {
    name: fields.name,
    firstResponseSeconds: fields.firstResponseSeconds,
    resolutionSeconds: fields.resolutionSeconds,
    businessHours: fields.businessHours,
    priorities: fields.priorities,
  };
}

/**
 * The claims of a policy's queues and priorities: every pair when it names both, else each one it
 * names with none on the other side, else the default (none, none). Sorted, so two saves that
 * overlap take their rows in the same order and one waits for the other instead of deadlocking.
 */
export function claimsOf(fields: Pick<PolicyWrite, 'queueIds' | 'priorities'>): PolicyClaim[] {
  const queueIds = fields.queueIds.length > 0 ? [...fields.queueIds].sort((a, b) => a - b) : [null];
  const priorities = fields.priorities.length > 0 ? [...fields.priorities].sort() : [null];
  return queueIds.flatMap((queueId) => priorities.map((priority) => ({ queueId, priority })));
}

/** Within the caller's transaction: a conflicting claim of another policy fails the whole save. */
async function replaceClaims(db: Database, companyId: number, policyId: number, fields: PolicyWrite) {
  await db.delete(slaPolicyClaims).where(eq(slaPolicyClaims.policyId, policyId));
  await db.insert(slaPolicyClaims).values(claimsOf(fields).map((claim) => ({ companyId, policyId, ...claim })));
}
