import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { contacts, messages, pushServerKeys, pushSubscriptions, tickets, userQueues, users } from '../../tables.ts';

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string;
  sessionId: string | null;
}

const recordColumns = {
  id: pushSubscriptions.id,
  deviceName: pushSubscriptions.deviceName,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
  lastPushAt: pushSubscriptions.lastPushAt,
};

/** Subscriptions, the server's keys, and the reads that decide who is notified. Company id first. */
export function createPushRepository(db: Database) {
  return {
    /** An endpoint is one browser: subscribing it again (or as another user) updates the row. */
    async upsert(companyId: number, userId: number, row: NewSubscription) {
      const [saved] = await db
        .insert(pushSubscriptions)
        .values({ companyId, userId, ...row })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            companyId,
            userId,
            p256dh: row.p256dh,
            auth: row.auth,
            deviceName: row.deviceName,
            sessionId: row.sessionId,
            updatedAt: sql`now()`,
          },
        })
        .returning(recordColumns);
      return saved;
    },

    listOfUser: (companyId: number, userId: number) =>
      db
        .select(recordColumns)
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)))
        .orderBy(pushSubscriptions.id),

    async findOfUser(companyId: number, userId: number, id: number) {
      const [row] = await db
        .select(recordColumns)
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.companyId, companyId),
            eq(pushSubscriptions.userId, userId),
            eq(pushSubscriptions.id, id),
          ),
        );
      return row ?? null;
    },

    async removeOfUser(companyId: number, userId: number, id: number) {
      const removed = await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.companyId, companyId),
            eq(pushSubscriptions.userId, userId),
            eq(pushSubscriptions.id, id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    async companyHasDevices(companyId: number) {
      const rows = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.companyId, companyId))
        .limit(1);
      return rows.length > 0;
    },

    /** The push service said the subscription is gone (404/410). */
    remove: (companyId: number, id: number) =>
      db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id))),

    async forDelivery(companyId: number, id: number) {
      const [row] = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id)));
      return row ?? null;
    },

    delivered: (companyId: number, id: number, at: Date) =>
      db
        .update(pushSubscriptions)
        .set({ lastPushAt: at })
        .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id))),

    /**
     * The company's users with at least one device (active subscriptions only), with what the
     * visibility rules need, and their devices.
     */
    async subscribedUsers(companyId: number, onlyUserIds?: number[]) {
      if (onlyUserIds && onlyUserIds.length === 0) return [];
      const rows = await db
        .select({
          subscriptionId: pushSubscriptions.id,
          userId: users.id,
          profile: users.profile,
          allTicket: users.allTicket,
          language: users.language,
          queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues}
            where ${userQueues.userId} = ${users.id}), '{}')::int[]`,
        })
        .from(pushSubscriptions)
        .innerJoin(users, and(eq(users.id, pushSubscriptions.userId), eq(users.companyId, companyId)))
        .where(
          and(
            eq(pushSubscriptions.companyId, companyId),
            onlyUserIds ? inArray(pushSubscriptions.userId, onlyUserIds) : undefined,
          ),
        );
      const byUser = new Map<
        number,
        {
          userId: number;
          profile: string;
          allTicket: boolean;
          language: string | null;
          queueIds: number[];
          subscriptionIds: number[];
        }
      >();
      for (const row of rows) {
        const user = byUser.get(row.userId) ?? {
          userId: row.userId,
          profile: row.profile,
          allTicket: row.allTicket === 'enabled',
          language: row.language,
          queueIds: row.queueIds,
          subscriptionIds: [],
        };
        user.subscriptionIds.push(row.subscriptionId);
        byUser.set(row.userId, user);
      }
      return [...byUser.values()];
    },

    /** A message with its ticket and contact, as the notification shows them. */
    async messageWithTicket(companyId: number, messageId: number) {
      const [row] = await db
        .select({
          fromMe: messages.fromMe,
          body: messages.body,
          mediaType: messages.mediaType,
          ticketId: tickets.id,
          ticketUuid: tickets.uuid,
          status: tickets.status,
          queueId: tickets.queueId,
          userId: tickets.userId,
          contactName: contacts.name,
        })
        .from(messages)
        .innerJoin(tickets, and(eq(tickets.companyId, companyId), eq(tickets.id, messages.ticketId)))
        .innerJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, tickets.contactId)))
        .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
      return row ?? null;
    },

    async ticket(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ ticketUuid: tickets.uuid, contactName: contacts.name, lastMessage: tickets.lastMessage })
        .from(tickets)
        .innerJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, tickets.contactId)))
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      return row ?? null;
    },

    /** The server's VAPID pair: the first process to ask makes it; every other one reads that row. */
    async serverKeys(make: () => { publicKey: string; privateKey: string }) {
      const [existing] = await db.select().from(pushServerKeys).where(eq(pushServerKeys.id, 1));
      if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey };
      await db
        .insert(pushServerKeys)
        .values({ id: 1, ...make() })
        .onConflictDoNothing();
      const [kept] = await db.select().from(pushServerKeys).where(eq(pushServerKeys.id, 1));
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
