import type { PendingTicket } from '../tickets/index.ts';
import type { RoutingState } from './automation.repository.ts';

/**
 * Routing's view of the ticket a handler before it just read, when the message came through the
 * ticket's own connection (always so for intake; otherwise routing reads it itself).
 */
export function routingStateOf(state: PendingTicket, whatsappId: number): RoutingState | undefined {
  const { ticket } = state;
  if (ticket.whatsappId !== whatsappId) return undefined;
  return {
    status: ticket.status,
    isGroup: ticket.isGroup,
    queueId: ticket.queueId,
    chatbot: ticket.chatbot,
    greetingSentAt: ticket.greetingSentAt,
    greetingMessage: state.connectionGreeting,
    hasQueues: state.connectionHasQueues,
  };
}
