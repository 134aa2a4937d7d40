import { hasPermission } from '@wacrm/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import { tickets, userQueues, users } from '../../tables.ts';

/** Who is looking: what the visibility rules need to know about a user. */
export interface TicketViewer {
  companyId: number;
  userId: number;
  /** Sees every ticket of the company (`tickets:viewAll`: admins and supervisors). */
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: number[];
}

/**
 * spec §4/§6: an admin sees every ticket of the company. Anyone else may open tickets of their
 * queues and tickets assigned to them; tickets without a queue only with the user option "see
 * tickets without a queue" (`allTicket` enabled). `allTicket` never opens other queues.
 */
export function canOpenTicket(viewer: TicketViewer, ticket: { userId: number | null; queueId: number | null }) {
  if (viewer.isAdmin) return true;
  if (ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

/** spec §6: the show-all switch works for admins and users with allTicket enabled. */
export const mayShowAll = (viewer: TicketViewer) => viewer.isAdmin || viewer.allTicket;

/** Who asks: a request's session (with its viewer) or a socket's (without). */
type ViewerSession = Pick<RequestSession, 'companyId' | 'userId'> & Partial<Pick<RequestSession, 'profile' | 'viewer'>>;

export function createTicketPolicy(db: Database) {
  async function viewerOf(session: ViewerSession): Promise<TicketViewer | null> {
    // An HTTP request's session already carries it (read with the token check).
    if (session.viewer && session.profile) {
      return {
        companyId: session.companyId,
        userId: session.userId,
        isAdmin: hasPermission({ profile: session.profile }, 'tickets:viewAll'),
        allTicket: session.viewer.allTicket,
        queueIds: session.viewer.queueIds,
      };
    }
    // One round trip: every socket room join asks this.
    const [user] = await db
      .select({
        profile: users.profile,
        allTicket: users.allTicket,
        queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues}
          where ${userQueues.userId} = ${users.id}), '{}')::int[]`,
      })
      .from(users)
      .where(and(eq(users.companyId, session.companyId), eq(users.id, session.userId)));
    if (!user) return null;
    return {
      companyId: session.companyId,
      userId: session.userId,
      isAdmin: hasPermission(user, 'tickets:viewAll'),
      allTicket: user.allTicket === 'enabled',
      queueIds: user.queueIds,
    };
  }

  return {
    viewerOf,

    /** The thread, the ticket room and the messages routes ask this (same rule as the list). */
    async canAccess(session: ViewerSession, ticketId: number) {
      const [[ticket], viewer] = await Promise.all([
        db
          .select({ userId: tickets.userId, queueId: tickets.queueId })
          .from(tickets)
          .where(and(eq(tickets.companyId, session.companyId), eq(tickets.id, ticketId))),
        viewerOf(session),
      ]);
      return Boolean(ticket) && viewer !== null && canOpenTicket(viewer, ticket);
    },
  };
}

export type TicketPolicy = ReturnType<typeof createTicketPolicy>;
