/** How urgent a ticket is; service-level policies may name priorities (docs/decisions/service-levels.md). */
export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'normal';
