import type {
  MessageRecord,
  SlaPolicyFields,
  SlaPolicyRecord,
  SlaTargetKind,
  TicketPriority,
  TicketRecord,
} from '@wacrm/shared';
import { DEFAULT_TICKET_PRIORITY, slaPolicyFieldsSchema } from '@wacrm/shared';
import { addBusinessSeconds, type BusinessWeek } from '@wacrm/shared/business-hours/business-time';
import type { FastifyBaseLogger } from 'fastify';
import { createProcessCache } from '../../platform/cache/process-cache.ts';
import type { NodeBus } from '../../platform/cluster/node-bus.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { SettingsReader } from '../settings/index.ts';
import { slaBreachCheckJob } from './sla.jobs.ts';
import type { SlaRealtime } from './sla.realtime.ts';
import {
  type CountFilters,
  type CycleDue,
  claimsOf,
  createSlaRepository,
  type OpenCycle,
  type PolicyClaim,
  type PolicyWrite,
  type TakenClaim,
} from './sla.repository.ts';

/** What the service levels need of the tickets feature: a ticket's record, and announcing it again. */
export interface SlaTicketsBinding {
  record(companyId: number, ticketId: number): Promise<TicketRecord | null | undefined>;
  ticketUpdated(companyId: number, ticket: TicketRecord): void;
}

interface CompanyPolicies {
  companyId: number;
  policies: SlaPolicyRecord[];
}

/** Policies change rarely and are read on every ticket and message event: kept per process. */
const POLICIES_CACHE_MS = 30_000;
/** Breaches the sweep takes at a time (it runs every minute; jobs normally tell them first). */
const SWEEP_BATCH = 200;

const policyNotFound = () => new AppError('ERR_NOT_FOUND');

/**
 * The answer to a claim another policy holds, on the field the admin changes to fix it: the
 * default (no queue, no priority), a queue for any priority, or a priority (alone or in a queue).
 */
function claimTaken(claim: PolicyClaim, taken: TakenClaim[]) {
  const details = { taken, policy: taken[0]?.policyName ?? null };
  if (claim.priority !== null) {
    return new AppError('ERR_SLA_PRIORITY_TAKEN', { fields: { priorities: 'In another policy' }, details });
  }
  if (claim.queueId !== null) {
    return new AppError('ERR_SLA_QUEUE_TAKEN', { fields: { queueIds: 'In another policy' }, details });
  }
  return new AppError('ERR_SLA_DEFAULT_TAKEN', { fields: { queueIds: 'A default policy exists' }, details });
}

/**
 * A ticket is with attendants once it is open, or pending in a queue outside the chatbot, or
 * pending with no queue and no bot or integration talking (docs/decisions/service-levels.md).
 */
export function hasReachedAttendants(ticket: Pick<TicketRecord, 'status' | 'queueId' | 'chatbot' | 'useIntegration'>) {
  if (ticket.status === 'open') return true;
  if (ticket.status !== 'pending' || ticket.chatbot) return false;
  return ticket.queueId !== null || !ticket.useIntegration;
}

/**
 * The policy of a ticket, the most specific first: one naming its queue and its priority, then
 * one naming only its priority, then one naming only its queue, then the company's default (naming
 * neither). Urgency outranks the team: an urgent ticket never gets a queue's slower general target.
 */
export function policyOf(
  policies: readonly SlaPolicyRecord[],
  queueId: number | null,
  priority: TicketPriority = DEFAULT_TICKET_PRIORITY,
) {
  const namesQueue = (policy: SlaPolicyRecord) => queueId !== null && policy.queueIds.includes(queueId);
  const anyQueue = (policy: SlaPolicyRecord) => policy.queueIds.length === 0;
  const namesPriority = (policy: SlaPolicyRecord) => policy.priorities?.includes(priority) ?? false;
  const anyPriority = (policy: SlaPolicyRecord) => !policy.priorities?.length;
  return (
    policies.find((policy) => namesQueue(policy) && namesPriority(policy)) ||
    policies.find((policy) => anyQueue(policy) && namesPriority(policy)) ||
    policies.find((policy) => namesQueue(policy) && anyPriority(policy)) ||
    policies.find((policy) => anyQueue(policy) && anyPriority(policy)) ||
    null
  );
}

/** Due instants of a policy's targets from `start`: open seconds of `week` when it counts business hours. */
export function dueOf(policy: SlaPolicyRecord | null, start: Date, week: BusinessWeek | null): CycleDue {
  const after = (seconds: number | null) => {
    if (seconds === null) return null;
    // A week with no open hours at all cannot hold a target: calendar time instead of none.
    const business = week ? addBusinessSeconds(start, seconds, week) : null;
    return business ?? new Date(start.getTime() + seconds * 1000);
  };
  return {
    policyId: policy?.id ?? null,
    firstResponseDueAt: after(policy?.firstResponseSeconds ?? null),
    resolutionDueAt: after(policy?.resolutionSeconds ?? null),
  };
}

export function createSlaService(deps: {
  db: Database;
  events: SlaRealtime;
  jobs: () => JobSender;
  settings: Pick<SettingsReader, 'read'>;
  tickets: () => SlaTicketsBinding;
  clock: () => Date;
  bus?: Pick<NodeBus, 'broadcast' | 'onBroadcast'>;
  log?: FastifyBaseLogger;
}) {
  const { db, events, clock } = deps;
  const repository = createSlaRepository(db);
  const cache = createProcessCache<CompanyPolicies>({
    news: 'sla-policies-changed',
    ttlMs: POLICIES_CACHE_MS,
    size: 2_000,
    groupOf: (kept) => kept.companyId,
    bus: deps.bus,
    log: deps.log,
  });

  const policiesOf = async (companyId: number) =>
    (
      await cache.get(companyId, async () => ({
        companyId,
        policies: await repository.policies(companyId, { coveringOnly: true }),
      }))
    )?.policies ?? [];

  /** The hours a business-hours target counts: the queue's when the company routes by queue hours. */
  async function businessWeekOf(companyId: number, queueId: number | null): Promise<BusinessWeek> {
    const [{ scheduleType, timezone }, weeks] = await Promise.all([
      deps.settings.read(companyId, ['scheduleType', 'timezone']),
      repository.weeks(companyId, queueId),
    ]);
    const schedules = scheduleType === 'queue' && queueId !== null ? weeks.queue : weeks.company;
    return { schedules, timeZone: timezone };
  }

  async function dueFor(companyId: number, policy: SlaPolicyRecord | null, queueId: number | null, start: Date) {
    const week = policy?.businessHours ? await businessWeekOf(companyId, queueId) : null;
    return dueOf(policy, start, week);
  }

  /** One job per target, due when it is: the check tells the breach if the target is still missed then. */
  async function planChecks(companyId: number, cycleId: number, due: CycleDue) {
    const now = clock().getTime();
    for (const [kind, at] of [
      ['firstResponse', due.firstResponseDueAt],
      ['resolution', due.resolutionDueAt],
    ] as const) {
      if (!at) continue;
      await deps.jobs().send(
        slaBreachCheckJob,
        { companyId, cycleId, kind },
        {
          startAfterSeconds: Math.max(0, Math.ceil((at.getTime() - now) / 1000)),
          singletonKey: `${cycleId}:${kind}:${at.getTime()}`,
        },
      );
    }
  }

  async function announce(companyId: number, ticketId: number) {
    const tickets = deps.tickets();
    const ticket = await tickets.record(companyId, ticketId);
    if (ticket) tickets.ticketUpdated(companyId, ticket);
  }

  async function validated(companyId: number, fields: SlaPolicyFields, exceptId?: number) {
    const parsed = slaPolicyFieldsSchema.parse(fields);
    const found = await repository.companyQueueIds(companyId, parsed.queueIds);
    if (found.length !== parsed.queueIds.length) {
      throw new AppError('ERR_SLA_QUEUE_NOT_FOUND', { fields: { queueIds: 'Unknown queue' } });
    }
    await refuseTakenClaims(companyId, parsed, exceptId);
    return parsed;
  }

  /** A (queue, priority) another policy covers would leave a ticket's policy in doubt: 409, said on its field. */
  async function refuseTakenClaims(companyId: number, write: PolicyWrite, exceptId?: number) {
    const taken = await repository.claimsTakenElsewhere(companyId, claimsOf(write), exceptId);
    if (taken.length > 0) throw claimTaken(taken[0], taken);
  }

  /**
   * A save racing another past the check meets the claims' unique constraint when it commits its
   * rows; the check, read again now that the other save is in, names what was taken.
   */
  async function withUniqueClaims<T>(
    companyId: number,
    write: PolicyWrite,
    exceptId: number | undefined,
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await refuseTakenClaims(companyId, write, exceptId);
      // The other save is gone again (deleted meanwhile): still a conflict at the time of the write.
      throw claimTaken(claimsOf(write)[0], []);
    }
  }

  async function find(companyId: number, id: number) {
    const policy = (await repository.policies(companyId)).find((candidate) => candidate.id === id);
    if (!policy) throw policyNotFound();
    return policy;
  }

  async function checkBreach(companyId: number, cycleId: number, kind: SlaTargetKind) {
    const claimed = await repository.claimBreach(companyId, cycleId, kind, clock());
    if (!claimed) return false;
    const [recipients, ticket] = await Promise.all([
      repository.breachRecipients(companyId, claimed.queueId),
      deps.tickets().record(companyId, claimed.ticketId),
    ]);
    if (ticket) {
      events.breached(companyId, recipients, {
        action: 'breach',
        kind,
        dueAt: claimed.dueAt.toISOString(),
        ticket: { id: ticket.id, uuid: ticket.uuid, contactName: ticket.contact.name, queueId: ticket.queueId },
      });
      deps.tickets().ticketUpdated(companyId, ticket);
    }
    return true;
  }

  return {
    repository,
    list: (companyId: number) => repository.policies(companyId),
    find,

    async create(companyId: number, fields: SlaPolicyFields) {
      const write = await validated(companyId, fields);
      const id = await withUniqueClaims(companyId, write, undefined, () =>
        db.transaction((tx) => createSlaRepository(tx).insertPolicy(companyId, write)),
      );
      cache.forget(companyId);
      return find(companyId, id);
    },

    async update(companyId: number, id: number, fields: SlaPolicyFields) {
      const write = await validated(companyId, fields, id);
      const found = await withUniqueClaims(companyId, write, id, () =>
        db.transaction((tx) => createSlaRepository(tx).updatePolicy(companyId, id, write)),
      );
      if (!found) throw policyNotFound();
      cache.forget(companyId);
      return find(companyId, id);
    },

    async remove(companyId: number, id: number) {
      if (!(await repository.removePolicy(companyId, id))) throw policyNotFound();
      cache.forget(companyId);
    },

    /**
     * Every announced ticket: a cycle starts when it reaches attendants, its targets move with a
     * transfer, it ends when the ticket closes. Companies without policies pay no query, nor does a
     * ticket said to have been closed already (every closer says the status before).
     */
    async ticketChanged(companyId: number, ticket: TicketRecord, previous?: { status: string } | null) {
      if (ticket.status === 'closed') {
        if (previous?.status === 'closed') return;
        // Cycles of a company that has since removed its policies still end.
        await repository.closeCycle(
          companyId,
          ticket.id,
          ticket.closedAt ? new Date(ticket.closedAt) : clock(),
          ticket.userId,
        );
        return;
      }
      const policies = await policiesOf(companyId);
      if (policies.length === 0) return;
      const cycle = await repository.openCycle(companyId, ticket.id);
      if (!cycle) {
        if (!hasReachedAttendants(ticket)) return;
        const priority = ticket.priority ?? DEFAULT_TICKET_PRIORITY;
        const policy = policyOf(policies, ticket.queueId, priority);
        if (!policy) return;
        const start = clock();
        const due = await dueFor(companyId, policy, ticket.queueId, start);
        const cycleId = await repository.startCycle(
          companyId,
          { ...ticket, ticketId: ticket.id, priority },
          start,
          due,
        );
        if (cycleId === null) return;
        await planChecks(companyId, cycleId, due);
        await announce(companyId, ticket.id);
        return;
      }
      await followTicket(companyId, cycle, ticket, policies);
    },

    /** An attendant's message: the open cycle's first response, if it had none. */
    async messageCreated(companyId: number, message: MessageRecord) {
      if (!message.fromMe) return;
      if ((await policiesOf(companyId)).length === 0) return;
      const at = new Date(message.createdAt);
      if (await repository.recordFirstResponse(companyId, message.ticketId, message.id, at)) {
        await announce(companyId, message.ticketId);
      }
    },

    checkBreach,

    /** The backstop for checks that never ran (a job lost with its database row, an event missed). */
    async sweep() {
      let told = 0;
      for (const due of await repository.dueBreaches(clock(), SWEEP_BATCH)) {
        if (await checkBreach(due.companyId, due.cycleId, due.kind)) told += 1;
      }
      return told;
    },

    /** Met and breached targets of the cycles started in a period (the reports' overview). */
    counts: (companyId: number, filters: CountFilters) => repository.counts(companyId, filters, clock()),

    /** The bell's list: supervisors and attendants see their queues' breaches, admins every one. */
    breaches: (companyId: number, queueIds: number[] | null) => repository.breaches(companyId, queueIds),
  };

  /**
   * A transfer or a priority change re-picks the policy and counts its targets from the cycle's
   * start; other changes only follow.
   */
  async function followTicket(companyId: number, cycle: OpenCycle, ticket: TicketRecord, policies: SlaPolicyRecord[]) {
    const fields = {
      queueId: ticket.queueId,
      userId: ticket.userId,
      whatsappId: ticket.whatsappId,
      priority: ticket.priority ?? DEFAULT_TICKET_PRIORITY,
    };
    if (cycle.queueId === fields.queueId && cycle.priority === fields.priority) {
      if (cycle.userId !== fields.userId || cycle.whatsappId !== fields.whatsappId) {
        await repository.setCycle(companyId, cycle.id, fields);
      }
      return;
    }
    const policy = policyOf(policies, ticket.queueId, fields.priority);
    const due = await dueFor(companyId, policy, ticket.queueId, cycle.startedAt);
    await repository.setCycle(companyId, cycle.id, fields, due);
    await planChecks(companyId, cycle.id, due);
    await announce(companyId, ticket.id);
  }
}

export type SlaService = ReturnType<typeof createSlaService>;
