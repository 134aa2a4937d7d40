import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@wacrm/shared';
import { and, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookTicketStates } from './webhooks.tables.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  durationMs: row.durationMs,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
});

/** Every query of outbound webhooks; the company id comes first. */
export function createWebhooksRepository(db: Database) {
  const byCompanyAndId = (companyId: number, id: number) =>
    and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

  return {
    async list(companyId: number) {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId))
        .orderBy(webhookEndpoints.id);
      return rows.map(toEndpoint);
    },

    async countOf(companyId: number) {
      const [row] = await db
        .select({ value: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId));
      return row.value;
    },

    async find(companyId: number, id: number) {
      const [row] = await db.select().from(webhookEndpoints).where(byCompanyAndId(companyId, id));
      return row ?? null;
    },

    /** The active endpoints of a company with what they subscribe to (the dispatcher caches it). */
    activeEndpoints: (companyId: number) =>
      db
        .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.active, true))),

    async insert(
      companyId: number,
      values: { url: string; events: WebhookEventType[]; active: boolean; secret: string },
    ) {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ companyId, ...values })
        .returning();
      return row;
    },

    async update(
      companyId: number,
      id: number,
      values: Partial<{ url: string; events: WebhookEventType[]; active: boolean }>,
    ) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(byCompanyAndId(companyId, id))
        .returning();
      return row ?? null;
    },

    async remove(companyId: number, id: number) {
      const rows = await db
        .delete(webhookEndpoints)
        .where(byCompanyAndId(companyId, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    async deliveriesPage(companyId: number, endpointId: number, pageNumber: number, pageSize: number) {
      const where = and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId));
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.id))
        .limit(pageSize + 1)
        .offset((pageNumber - 1) * pageSize);
      const [total] = await db.select({ value: count() }).from(webhookDeliveries).where(where);
      return {
        deliveries: rows.slice(0, pageSize).map(toDelivery),
        count: total.value,
        hasMore: rows.length > pageSize,
      };
    },

    async findDelivery(companyId: number, endpointId: number, id: number) {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.companyId, companyId),
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.id, id),
          ),
        );
      return row ? toDelivery(row) : null;
    },

    /** Queues an event for endpoints; a dedupe key already queued for an endpoint is skipped. */
    async insertDeliveries(
      companyId: number,
      rows: {
        endpointId: number;
        eventId: string;
        eventType: WebhookEventType;
        dedupeKey: string | null;
        body: string;
      }[],
    ) {
      if (rows.length === 0) return [];
      return db
        .insert(webhookDeliveries)
        .values(rows.map((row) => ({ ...row, companyId })))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
    },

    /** What one attempt sends: the stored body and the endpoint's URL and secret. */
    async deliveryToSend(companyId: number, id: number) {
      const [row] = await db
        .select({
          delivery: webhookDeliveries,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          active: webhookEndpoints.active,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
      return row ?? null;
    },

    /**
     * Pending deliveries whose job should have run before `dueBefore` and evidently did not (the
     * process died between storing the row and sending the job, or during an attempt): due is the
     * next attempt's time, else the start of the last attempt, else the row's creation. Oldest first.
     */
    stuckDeliveries: (dueBefore: Date, limit: number) =>
      db
        .select({
          id: webhookDeliveries.id,
          companyId: webhookDeliveries.companyId,
          attempts: webhookDeliveries.attempts,
        })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            lt(
              sql`coalesce(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`,
              dueBefore,
            ),
          ),
        )
        .orderBy(webhookDeliveries.id)
        .limit(limit),

    /** Forgets finished deliveries made before `before` (pending ones stay until they end). */
    forgetDeliveriesBefore: (before: Date) =>
      db
        .delete(webhookDeliveries)
        .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'pending'))),

    /** Claims attempt number `attempt` (0-based): only one job wins it. */
    async claimAttempt(companyId: number, id: number, attempt: number, at: Date) {
      const rows = await db
        .update(webhookDeliveries)
        .set({ attempts: attempt + 1, lastAttemptAt: at, nextAttemptAt: null })
        .where(
          and(
            eq(webhookDeliveries.companyId, companyId),
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.status, 'pending'),
            eq(webhookDeliveries.attempts, attempt),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length === 1;
    },

    async recordOutcome(
      companyId: number,
      id: number,
      outcome: {
        status: 'pending' | 'succeeded' | 'failed';
        responseStatus: number | null;
        error: string | null;
        durationMs: number;
        nextAttemptAt: Date | null;
      },
    ) {
      await db
        .update(webhookDeliveries)
        .set(outcome)
        .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
    },

    /** "Send again": pending once more, the next attempt number answered. */
    async reopen(companyId: number, endpointId: number, id: number) {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: new Date() })
        .where(
          and(
            eq(webhookDeliveries.companyId, companyId),
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.id, id),
          ),
        )
        .returning({ attempts: webhookDeliveries.attempts });
      return row ?? null;
    },

    /**
     * Records a ticket's state as announced; answers 'created' (first seen), 'updated' (status,
     * queue or assignee changed) or null (nothing webhooks care about changed).
     */
    async noteTicketState(
      companyId: number,
      ticket: { id: number; status: string; queueId: number | null; userId: number | null },
    ): Promise<'created' | 'updated' | null> {
      const rows = await queryRows<{ inserted: boolean }>(
        db,
        sql`insert into ${webhookTicketStates} (ticket_id, company_id, status, queue_id, user_id)
            values (${ticket.id}, ${companyId}, ${ticket.status}, ${ticket.queueId}, ${ticket.userId})
            on conflict (ticket_id) do update
              set status = excluded.status, queue_id = excluded.queue_id, user_id = excluded.user_id
              where (${webhookTicketStates.status}, ${webhookTicketStates.queueId}, ${webhookTicketStates.userId})
                is distinct from (excluded.status, excluded.queue_id, excluded.user_id)
            returning (xmax = 0) as inserted`,
      );
      if (rows.length === 0) return null;
      return rows[0].inserted ? 'created' : 'updated';
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
