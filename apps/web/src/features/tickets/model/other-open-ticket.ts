import type { OtherOpenTicket } from '../api/tickets-api.ts';

/** The ticket a 409 `ERR_OTHER_OPEN_TICKET` names, when the error carries it. */
export function otherOpenTicketOf(error: { code: string | null; details?: Record<string, unknown> } | null) {
  if (error?.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = error.details?.ticket as Partial<OtherOpenTicket> | undefined;
  if (!ticket || typeof ticket.uuid !== 'string' || typeof ticket.id !== 'number') return null;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    userId: ticket.userId ?? null,
    userName: ticket.userName ?? null,
    queueName: ticket.queueName ?? null,
    status: ticket.status ?? 'open',
  } satisfies OtherOpenTicket;
}
