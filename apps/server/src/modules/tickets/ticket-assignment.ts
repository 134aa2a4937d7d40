import type { AssignmentMode, TicketRecord } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import type { SettingsReader } from '../settings/index.ts';
import type { AssignmentRepository } from './ticket-assignment.repository.ts';
import type { TicketsRealtime } from './tickets.realtime.ts';
import type { TicketsRepository } from './tickets.repository.ts';
import type { AfterTicketChange } from './tickets.service.ts';

/** A waiting ticket, oldest first. */
export interface WaitingTicket {
  id: number;
  queueId: number;
  mode: AssignmentMode;
}

/** An attendant who may receive tickets of one of their queues now. */
export interface Candidate {
  userId: number;
  queueId: number;
  capacity: number;
  openCount: number;
  /** Their last automatic assignment in any queue (balanced's tie-break), ms since the epoch; 0 = never. */
  lastAny: number;
  /** Their last automatic assignment in this queue (round robin's turn). */
  lastHere: number;
}

export interface Assignment {
  ticketId: number;
  queueId: number;
  userId: number;
  at: number;
}

/**
 * Picks an attendant for each waiting ticket, in the line's order (docs/decisions/fair-assignment.md).
 * Pure: `candidates` are the eligible attendants of the tickets' queues with their open counts;
 * it answers the assignments and never puts anyone over capacity. Balanced: the fewest open
 * tickets, then the longest since their last assignment, then the lowest id. Round robin: the one
 * whose turn in that queue is oldest, then the lowest id.
 */
export function planAssignments(waiting: WaitingTicket[], candidates: Candidate[], now: number): Assignment[] {
  const load = new Map<number, { openCount: number; capacity: number; lastAny: number }>();
  for (const candidate of candidates) {
    load.set(candidate.userId, {
      openCount: candidate.openCount,
      capacity: candidate.capacity,
      lastAny: candidate.lastAny,
    });
  }
  const byQueue = new Map<number, Candidate[]>();
  for (const candidate of candidates)
    byQueue.set(candidate.queueId, [...(byQueue.get(candidate.queueId) ?? []), candidate]);
  const assignments: Assignment[] = [];
  for (const ticket of waiting) {
    let best: Candidate | null = null;
    for (const candidate of byQueue.get(ticket.queueId) ?? []) {
      const user = load.get(candidate.userId)!;
      if (user.openCount >= user.capacity) continue;
      if (!best || isBetter(ticket.mode, candidate, best, load)) best = candidate;
    }
    if (!best) continue;
    // Each assignment of the pass a millisecond apart, so the next pass sees them in order.
    const at = now + assignments.length;
    const user = load.get(best.userId)!;
    user.openCount += 1;
    user.lastAny = at;
    best.lastHere = at;
    assignments.push({ ticketId: ticket.id, queueId: ticket.queueId, userId: best.userId, at });
  }
  return assignments;
}

function isBetter(
  mode: AssignmentMode,
  a: Candidate,
  b: Candidate,
  load: Map<number, { openCount: number; lastAny: number }>,
) {
  if (mode === 'roundRobin') {
    if (a.lastHere !== b.lastHere) return a.lastHere < b.lastHere;
    return a.userId < b.userId;
  }
  const loadA = load.get(a.userId)!;
  const loadB = load.get(b.userId)!;
  if (loadA.openCount !== loadB.openCount) return loadA.openCount < loadB.openCount;
  if (loadA.lastAny !== loadB.lastAny) return loadA.lastAny < loadB.lastAny;
  return a.userId < b.userId;
}

/** Whether a ticket as announced may be waiting in a queue's line (no query: the event's own fields). */
export function mayBeWaiting(
  ticket: Pick<TicketRecord, 'status' | 'queueId' | 'userId' | 'chatbot' | 'useIntegration'>,
) {
  return (
    ticket.status === 'pending' &&
    ticket.queueId !== null &&
    !ticket.userId &&
    !ticket.chatbot &&
    !ticket.useIntegration
  );
}

/** How many assigned tickets' accept steps (greeting, flow stop) run at once after a pass. */
const ACCEPT_STEPS_AT_ONCE = 4;

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Automatic assignment (issue 48; docs/decisions/fair-assignment.md). `kick(companyId)` asks for a
 * pass soon: one transaction under the company's assignment lock that reads the eligible
 * attendants and the line, plans, and writes; right after the commit every assigned ticket is
 * announced (its records read in one query). A kick while a pass of that company runs in this
 * process asks for one more after it, so a burst of kicks costs a pass or two, not one each; the
 * lock, not this, keeps the passes of other processes apart.
 *
 * What a pass sets off (each assigned ticket's accept steps, then the waiting-line messages) is
 * the company's follow-up work: it runs in order, one piece after the other, beside the next
 * passes instead of before them, so a burst's assignments never wait for the greetings and
 * position notices of the tickets before them. Waiting-line runs coalesce: one queued and not
 * started yet reads the line when it starts, so it serves every pass before it. `kick` answers
 * once its passes and the follow-ups they set off are done.
 */
export function createTicketAssignment(deps: {
  db: Database;
  assignments: AssignmentRepository;
  tickets: Pick<TicketsRepository, 'records'>;
  realtime: Pick<TicketsRealtime, 'ticketUpdated'>;
  settings: Pick<SettingsReader, 'read'>;
  afterChange: () => AfterTicketChange;
  /** After every pass, assigned or not: the waiting-line messages (automation, declared in app.ts). */
  lineChanged: () => (companyId: number) => Promise<void>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, assignments, log } = deps;
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const followUps = new Map<number, Promise<void>>();
  const lineRunQueued = new Map<number, Promise<void>>();

  /** Appends to the company's follow-up work; never rejects. */
  function followUp(companyId: number, work: () => Promise<void>) {
    const next = (followUps.get(companyId) ?? Promise.resolve()).then(work).catch((error) => {
      log.warn({ err: error, companyId }, 'after-assignment work failed');
    });
    followUps.set(companyId, next);
    void next.then(() => {
      if (followUps.get(companyId) === next) followUps.delete(companyId);
    });
    return next;
  }

  function tellLine(companyId: number) {
    const queued = lineRunQueued.get(companyId);
    if (queued) return queued;
    const run = followUp(companyId, async () => {
      lineRunQueued.delete(companyId);
      await deps
        .lineChanged()(companyId)
        .catch((error) => log.warn({ err: error, companyId }, 'waiting-line messages failed'));
    });
    lineRunQueued.set(companyId, run);
    return run;
  }

  /**
   * One pass; answers its follow-up work (which the next pass does not wait for) inside an object,
   * since an async function answering a promise would wait for it.
   */
  async function pass(companyId: number): Promise<{ followUps: Promise<void> }> {
    // Read before the transaction: on PGlite (one connection) a read through another handle would wait for it.
    const { ticketCapacity } = await deps.settings.read(companyId, ['ticketCapacity']);
    const defaultCapacity = Number(ticketCapacity);
    const now = deps.clock().getTime();
    const assigned = await db.transaction(async (tx) => {
      await assignments.lockCompany(tx, companyId);
      const candidates = await assignments.candidates(tx, companyId, defaultCapacity);
      if (candidates.length === 0) return [];
      const rooms = new Map<number, number>();
      for (const candidate of candidates) {
        rooms.set(candidate.queueId, (rooms.get(candidate.queueId) ?? 0) + candidate.capacity - candidate.openCount);
      }
      const waiting = await assignments.waiting(tx, companyId, rooms);
      return assignments.assign(tx, companyId, planAssignments(waiting, candidates, now));
    });
    const work: Promise<void>[] = [];
    if (assigned.length > 0) {
      const records = new Map(
        (
          await deps.tickets.records(
            companyId,
            assigned.map((assignment) => assignment.ticketId),
          )
        ).map((ticket) => [ticket.id, ticket]),
      );
      const taken = assigned.flatMap(({ ticketId, userId, queueId }) => {
        const ticket = records.get(ticketId);
        if (!ticket) return [];
        const previous = { id: ticketId, status: 'pending', queueId, userId: null };
        deps.realtime.ticketUpdated(companyId, ticket, previous);
        return [{ ticket, userId, previous }];
      });
      work.push(
        followUp(companyId, () =>
          eachAtMost(taken, ACCEPT_STEPS_AT_ONCE, ({ ticket, userId, previous }) =>
            deps
              .afterChange()(companyId, 'accept', ticket, userId, previous)
              .catch((error) => log.warn({ err: error, ticketId: ticket.id }, 'after-assignment automation failed')),
          ),
        ),
      );
    }
    work.push(tellLine(companyId));
    return { followUps: Promise.all(work).then(() => undefined) };
  }

  function kick(companyId: number): Promise<void> {
    const current = running.get(companyId);
    if (current) {
      again.add(companyId);
      return current;
    }
    const followed: Promise<void>[] = [];
    const loop = (async () => {
      try {
        do {
          again.delete(companyId);
          try {
            followed.push((await pass(companyId)).followUps);
          } catch (error) {
            log.error({ err: error, companyId }, 'automatic assignment failed');
          }
        } while (again.has(companyId));
      } finally {
        // In the same turn as the last check: a kick after it starts a new run instead of being lost.
        running.delete(companyId);
      }
    })();
    const done = loop.then(() => Promise.all(followed)).then(() => undefined);
    running.set(companyId, done);
    return done;
  }

  return {
    kick,

    /**
     * A ticket was announced (any module, after its commit): one that may have just entered an
     * automatic queue's line, or was just closed (a slot freed, a line shorter), asks for a pass.
     * Every closer says the status before; a message on a ticket closed earlier (a campaign's
     * stay closed) frees nothing. A close announced without it is caught by the sweep.
     */
    async ticketChanged(companyId: number, ticket: TicketRecord, previous?: { status: string } | null) {
      if (ticket.status === 'closed') return previous && previous.status !== 'closed' ? kick(companyId) : undefined;
      if (!mayBeWaiting(ticket) || ticket.queueId === null) return;
      if (await assignments.isAutomatic(db, companyId, ticket.queueId)) return kick(companyId);
    },

    /** The lines of the company's automatic queues with a waiting message, and what each customer was told. */
    line: (companyId: number) => assignments.line(db, companyId),

    /** Per queue: recent handling time and eligible slots, for the estimated wait. */
    async estimateInputs(companyId: number) {
      const { ticketCapacity } = await deps.settings.read(companyId, ['ticketCapacity']);
      return assignments.estimateInputs(db, companyId, Number(ticketCapacity));
    },

    /** The sweep: every company with a ticket waiting in an automatic queue (lost kicks, restarts). */
    async sweep() {
      for (const companyId of await assignments.companiesWaiting(db)) await kick(companyId);
    },
  };
}

export type TicketAssignment = ReturnType<typeof createTicketAssignment>;
