import type { TicketPriority, TicketStatus, TicketUpdate } from '@wacrm/shared';

/** The part of a ticket the transitions read. */
export interface TicketState {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  priority: TicketPriority;
}

export type TicketChangeKind = 'accept' | 'return' | 'close' | 'reopen' | 'transfer' | 'update';

/** The fields to write; `closedAt: 'now'` stamps the closing time, `null` clears it. */
export type TicketPatch = Partial<Omit<TicketState, 'status'>> & {
  status?: TicketStatus;
  closedAt?: 'now' | null;
};

export type TicketDecision =
  | { ok: true; kind: TicketChangeKind; patch: TicketPatch; unchanged: boolean }
  | { ok: false; error: 'ERR_VALIDATION'; fields: Record<string, string> };

const has = <K extends keyof TicketUpdate>(request: TicketUpdate, key: K) => request[key] !== undefined;

/**
 * Decides the next state of a ticket from its current state, the requested change and who asks
 * (spec §4 "Ticket"). Pure: the service validates ids, takes locks, writes and emits.
 *
 * - accept: pending → open, assigned to the caller (or the user given);
 * - return: open → pending, no user;
 * - close: any non-closed → closed with the current user and queue, no integration or prompt;
 * - reopen: closed → open, queue kept, the caller assigned;
 * - transfer: a user and/or a queue; a queue without a user makes it pending with no user;
 * - anything else on a closed ticket is refused (it reopens first).
 */
export function decideTicketChange(
  current: TicketState,
  request: TicketUpdate,
  actor: { userId: number },
): TicketDecision {
  const extras: TicketPatch = {};
  if (has(request, 'whatsappId')) extras.whatsappId = request.whatsappId;
  if (has(request, 'useIntegration')) extras.useIntegration = request.useIntegration;
  if (has(request, 'integrationId')) extras.integrationId = request.integrationId;
  if (has(request, 'promptId')) extras.promptId = request.promptId;
  if (has(request, 'priority')) extras.priority = request.priority;
  const queueId = has(request, 'queueId') ? (request.queueId ?? null) : current.queueId;
  const target = request.status;

  const decided = (kind: TicketChangeKind, patch: TicketPatch): TicketDecision => ({
    ok: true,
    kind,
    patch,
    unchanged: Object.entries(patch).every(
      ([key, value]) => key !== 'closedAt' && current[key as keyof TicketState] === value,
    ),
  });

  if (current.status === 'closed') {
    if (target === 'closed') return decided('update', {});
    if (target === 'open') {
      return decided('reopen', {
        ...extras,
        status: 'open',
        queueId,
        userId: request.userId ?? actor.userId,
        closedAt: null,
      });
    }
    return { ok: false, error: 'ERR_VALIDATION', fields: { status: 'A closed ticket must be reopened first' } };
  }

  if (target === 'closed') {
    return decided('close', {
      ...extras,
      status: 'closed',
      userId: request.userId ?? current.userId ?? actor.userId,
      queueId,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      closedAt: 'now',
    });
  }

  if (target === 'open' && current.status === 'pending') {
    return decided('accept', { ...extras, status: 'open', queueId, userId: request.userId ?? actor.userId });
  }

  const returning = target === 'pending' || (request.userId === null && !has(request, 'queueId'));
  if (returning && current.status === 'open') {
    return decided('return', { ...extras, status: 'pending', queueId, userId: null });
  }

  if (has(request, 'userId') || has(request, 'queueId')) {
    // spec: "With a queue but no user the status becomes pending and the user is cleared."
    if (!request.userId) return decided('transfer', { ...extras, status: 'pending', queueId, userId: null });
    return decided('transfer', { ...extras, status: current.status, queueId, userId: request.userId });
  }

  return decided('update', extras);
}
