import { createTicketPolicy, type TicketPolicy } from '../tickets/index.ts';

/**
 * Who may open a ticket (its thread, its room): the tickets feature's policy
 * (`modules/tickets/tickets.policy.ts`, docs/decisions/tickets.md).
 */
export const createTicketAccess = createTicketPolicy;
export type TicketAccess = Pick<TicketPolicy, 'canAccess' | 'viewerOf'>;
