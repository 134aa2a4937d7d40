/**
 * Server-side room names. Every room a client can be in is built from the company id of
 * its own session, so no client can name a room of another company.
 */
export const ticketListStatuses = ['open', 'pending', 'closed'] as const;
export type TicketListStatus = (typeof ticketListStatuses)[number];

export const rooms = {
  /** Every socket of the company: company-wide events (users, connections, settings). */
  company: (companyId: number) => `company:${companyId}`,
  /**
   * Every socket of the company's users of one profile: what only some profiles may read
   * (the original of a deleted message, docs/decisions/edits-deletes-reactions.md).
   */
  profile: (companyId: number, profile: string) => `company:${companyId}:profile:${profile}`,
  /** Every socket of one user: the "opened elsewhere" notice. */
  user: (companyId: number, userId: number) => `company:${companyId}:user:${userId}`,
  notification: (companyId: number) => `company:${companyId}:notification`,
  tickets: (companyId: number, status: TicketListStatus) => `company:${companyId}:tickets:${status}`,
  ticket: (companyId: number, ticketId: number) => `company:${companyId}:ticket:${ticketId}`,
  /**
   * Ticket lists and the bell cut by who may see them (docs/decisions/tickets.md): admins are in
   * the company-wide `tickets(status)`/`notification` rooms; other users in the rooms of their
   * queues (`queueId` null = tickets without a queue) and of their own tickets.
   */
  queueTickets: (companyId: number, queueId: number | null, status: TicketListStatus) =>
    `company:${companyId}:queue:${queueId ?? 'none'}:tickets:${status}`,
  userTickets: (companyId: number, userId: number, status: TicketListStatus) =>
    `company:${companyId}:user:${userId}:tickets:${status}`,
  queueNotification: (companyId: number, queueId: number | null) =>
    `company:${companyId}:queue:${queueId ?? 'none'}:notification`,
  userNotification: (companyId: number, userId: number) => `company:${companyId}:user:${userId}:notification`,
  /** The sockets of an expired company's admins (billing-only view): they hear the payment event and nothing else. */
  billingOnly: (companyId: number) => `company:${companyId}:billing-only`,
  /** Announcements are platform-wide. */
  everyone: () => 'everyone',
};
