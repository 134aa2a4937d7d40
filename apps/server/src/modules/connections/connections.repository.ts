import { type ConnectionProvider, type ConnectionRecord, type ConnectionStatus, maskSecret } from '@wacrm/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { companies, queues, whatsappQueues, whatsapps } from '../../tables.ts';

type WhatsappRow = typeof whatsapps.$inferSelect;
export type ConnectionWrite = Partial<Omit<typeof whatsapps.$inferInsert, 'id' | 'companyId' | 'createdAt'>>;

/** What a session reports about its connection: status, QR, pairing, and why it is down. */
export interface SessionValues {
  status?: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  number?: string | null;
  statusDetail?: string | null;
}

/** Where Meta posts a Cloud API connection's webhook, under `BACKEND_URL` (docs/cloud-api.md). */
export type WebhookUrlOf = (webhookKey: string) => string;

function toRecord(
  row: WhatsappRow,
  queueList: ConnectionRecord['queues'],
  withToken: boolean,
  webhookUrlOf: WebhookUrlOf,
): ConnectionRecord {
  const {
    sessionOwner: _owner,
    sessionLeaseUntil: _lease,
    token,
    cloudAccessToken,
    cloudAppSecret,
    cloudWebhookKey,
    ...fields
  } = row;
  return {
    ...fields,
    ...(withToken ? { token } : {}),
    cloudAccessToken: maskSecret(cloudAccessToken),
    cloudAppSecret: maskSecret(cloudAppSecret),
    cloudWebhookUrl: cloudWebhookKey ? webhookUrlOf(cloudWebhookKey) : null,
    status: row.status as ConnectionStatus,
    provider: row.provider as ConnectionProvider,
    queues: queueList,
    queueIds: queueList.map((queue) => queue.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every query on connections; the company id comes first. */
export function createConnectionsRepository(
  db: Database,
  webhookUrlOf: WebhookUrlOf = (key) => `/api/cloudapi/${key}`,
) {
  async function queuesOf(companyId: number, whatsappIds: number[], tx: Database = db) {
    const byConnection = new Map<number, ConnectionRecord['queues']>();
    if (whatsappIds.length === 0) return byConnection;
    const rows = await tx
      .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
      .from(whatsappQueues)
      .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
      .where(and(eq(queues.companyId, companyId), inArray(whatsappQueues.whatsappId, whatsappIds)))
      .orderBy(asc(queues.orderQueue), asc(queues.name));
    for (const { whatsappId, ...queue } of rows) {
      byConnection.set(whatsappId, [...(byConnection.get(whatsappId) ?? []), queue]);
    }
    return byConnection;
  }

  async function findRow(companyId: number, id: number, tx: Database = db) {
    const [row] = await tx
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
    return row ?? null;
  }

  return {
    findRow,

    /** A deleted prompt or integration: the company's connections that used it use none. */
    async forgetBot(companyId: number, column: 'promptId' | 'integrationId', id: number) {
      await db
        .update(whatsapps)
        .set({ [column]: null })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps[column], id)));
    },

    async list(companyId: number, options: { withToken: boolean }) {
      const rows = await db
        .select()
        .from(whatsapps)
        .where(eq(whatsapps.companyId, companyId))
        .orderBy(asc(whatsapps.name), asc(whatsapps.id));
      const queueMap = await queuesOf(
        companyId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toRecord(row, queueMap.get(row.id) ?? [], options.withToken, webhookUrlOf));
    },

    async findRecord(companyId: number, id: number, options: { withToken: boolean }, tx: Database = db) {
      const row = await findRow(companyId, id, tx);
      if (!row) return null;
      const queueMap = await queuesOf(companyId, [id], tx);
      return toRecord(row, queueMap.get(id) ?? [], options.withToken, webhookUrlOf);
    },

    /** Locks the company's connections for a use case that reads then writes the default flag. */
    lockCompany: (tx: Database, companyId: number) =>
      tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CONNECTIONS}, ${companyId})`),

    async nameTaken(tx: Database, companyId: number, name: string, exceptId?: number) {
      const [row] = await tx
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(
          and(
            eq(whatsapps.companyId, companyId),
            sql`lower(${whatsapps.name}) = lower(${name})`,
            exceptId ? ne(whatsapps.id, exceptId) : undefined,
          ),
        );
      return Boolean(row);
    },

    /** Tokens are unique across the platform: the external API finds the connection by it. */
    async tokenTaken(tx: Database, token: string, exceptId?: number) {
      const [row] = await tx
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.token, token), exceptId ? ne(whatsapps.id, exceptId) : undefined));
      return Boolean(row);
    },

    async countOf(tx: Database, companyId: number) {
      const [{ value }] = await tx
        .select({ value: sql<number>`count(*)::int` })
        .from(whatsapps)
        .where(eq(whatsapps.companyId, companyId));
      return value;
    },

    async findDefault(tx: Database, companyId: number) {
      const [row] = await tx
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
      return row ?? null;
    },

    /** The other connection that inherits the default flag: the oldest one. */
    async findSuccessor(tx: Database, companyId: number, exceptId: number) {
      const [row] = await tx
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, exceptId)))
        .orderBy(asc(whatsapps.id))
        .limit(1);
      return row ?? null;
    },

    /** Answers the ids whose default flag was cleared (their clients need the change). */
    async clearOtherDefaults(tx: Database, companyId: number, keepId: number) {
      const rows = await tx
        .update(whatsapps)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
        .returning({ id: whatsapps.id });
      return rows.map((row) => row.id);
    },

    /** The queue ids that really are queues of this company. */
    async ownQueueIds(tx: Database, companyId: number, queueIds: number[]) {
      if (queueIds.length === 0) return [];
      const rows = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
      return rows.map((row) => row.id);
    },

    async insert(tx: Database, companyId: number, values: ConnectionWrite & { name: string }) {
      const [row] = await tx
        .insert(whatsapps)
        .values({ ...values, companyId })
        .returning();
      return row;
    },

    async update(tx: Database, companyId: number, id: number, values: ConnectionWrite) {
      const [row] = await tx
        .update(whatsapps)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
        .returning();
      return row ?? null;
    },

    async replaceQueues(tx: Database, whatsappId: number, queueIds: number[]) {
      await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
      if (queueIds.length > 0) {
        await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId, queueId })));
      }
    },

    async remove(tx: Database, companyId: number, id: number) {
      await tx.delete(whatsapps).where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
    },

    /**
     * A Cloud API connection's Meta ids and secrets, by id or by its webhook key: the channel
     * reads them at each use, so any process can send and receive for it. Null for other providers.
     */
    async findCloudConnection(by: { id: number } | { webhookKey: string }) {
      const [row] = await db
        .select({
          id: whatsapps.id,
          companyId: whatsapps.companyId,
          name: whatsapps.name,
          provider: whatsapps.provider,
          status: whatsapps.status,
          phoneNumberId: whatsapps.cloudPhoneNumberId,
          wabaId: whatsapps.cloudWabaId,
          accessToken: whatsapps.cloudAccessToken,
          appSecret: whatsapps.cloudAppSecret,
          verifyToken: whatsapps.cloudVerifyToken,
        })
        .from(whatsapps)
        .where(
          and(
            'id' in by ? eq(whatsapps.id, by.id) : eq(whatsapps.cloudWebhookKey, by.webhookKey),
            eq(whatsapps.provider, 'cloudapi'),
          ),
        );
      return row ?? null;
    },

    /** Status, QR and pairing changes reported by a session. */
    async updateSession(companyId: number, id: number, values: SessionValues) {
      const [row] = await db
        .update(whatsapps)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
        .returning({ id: whatsapps.id });
      return Boolean(row);
    },

    /**
     * Meta refused the connection's token: DISCONNECTED with Meta's words. Answers true only to the
     * call that took down a connection that had worked (it has a number) with no refusal on record
     * yet (a status detail, cleared when it next connects): one refusal is told once, however many
     * sends, processes and restarts meet it.
     */
    async recordTokenRefusal(companyId: number, id: number, detail: string) {
      const values = { status: 'DISCONNECTED', qrcode: '', statusDetail: detail, updatedAt: new Date() } as const;
      const [taken] = await db
        .update(whatsapps)
        .set(values)
        .where(
          and(
            eq(whatsapps.companyId, companyId),
            eq(whatsapps.id, id),
            ne(whatsapps.status, 'DISCONNECTED'),
            isNull(whatsapps.statusDetail),
            ne(whatsapps.number, ''),
          ),
        )
        .returning({ id: whatsapps.id });
      if (taken) return { found: true, isNew: true };
      const [found] = await db
        .update(whatsapps)
        .set(values)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
        .returning({ id: whatsapps.id });
      return { found: Boolean(found), isNew: false };
    },

    /** Every connection of every active company, for the start of the server. */
    listStartable: () =>
      db
        .select({
          id: whatsapps.id,
          companyId: whatsapps.companyId,
          name: whatsapps.name,
          provider: whatsapps.provider,
        })
        .from(whatsapps)
        .innerJoin(companies, eq(companies.id, whatsapps.companyId))
        .where(eq(companies.status, true))
        .orderBy(asc(whatsapps.id)),

    /**
     * Conditional claim (the database's clock decides expiry, so process clocks may differ):
     * taken only when nobody holds it, the holder's lease ran out, or it is already ours.
     */
    async claimLease(companyId: number, id: number, owner: string, leaseMs: number) {
      const rows = await db
        .update(whatsapps)
        .set({ sessionOwner: owner, sessionLeaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(
          and(
            eq(whatsapps.companyId, companyId),
            eq(whatsapps.id, id),
            or(
              isNull(whatsapps.sessionOwner),
              eq(whatsapps.sessionOwner, owner),
              lt(whatsapps.sessionLeaseUntil, sql`now()`),
            ),
          ),
        )
        .returning({ id: whatsapps.id });
      return rows.length > 0;
    },

    /** Renews only what is still ours; answers the ids renewed. */
    async renewLeases(owner: string, ids: number[], leaseMs: number) {
      if (ids.length === 0) return [];
      const rows = await db
        .update(whatsapps)
        .set({ sessionLeaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(and(eq(whatsapps.sessionOwner, owner), inArray(whatsapps.id, ids)))
        .returning({ id: whatsapps.id });
      return rows.map((row) => row.id);
    },

    /** Connections of active companies nobody holds (released, or the owner's lease ran out) that should run. */
    listClaimable: () =>
      db
        .select({
          id: whatsapps.id,
          companyId: whatsapps.companyId,
          name: whatsapps.name,
          provider: whatsapps.provider,
        })
        .from(whatsapps)
        .innerJoin(companies, eq(companies.id, whatsapps.companyId))
        .where(
          and(
            eq(companies.status, true),
            ne(whatsapps.status, 'DISCONNECTED'),
            or(isNull(whatsapps.sessionOwner), lt(whatsapps.sessionLeaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(whatsapps.id))
        .limit(500),

    /** The processes holding a lease that has not run out. */
    async leaseOwners() {
      const rows = await db
        .selectDistinct({ owner: whatsapps.sessionOwner })
        .from(whatsapps)
        .where(and(isNotNull(whatsapps.sessionOwner), gt(whatsapps.sessionLeaseUntil, sql`now()`)));
      return rows.map((row) => row.owner!);
    },

    /** Frees every lease of a process known to be gone. */
    async releaseLeasesOf(owner: string) {
      await db
        .update(whatsapps)
        .set({ sessionOwner: null, sessionLeaseUntil: null })
        .where(eq(whatsapps.sessionOwner, owner));
    },

    /** One process on an embedded database: whoever held a lease before is this server's earlier run. */
    async clearLeases() {
      await db
        .update(whatsapps)
        .set({ sessionOwner: null, sessionLeaseUntil: null })
        .where(isNotNull(whatsapps.sessionOwner));
    },

    /** The live owner of a connection's session, if another process may hold it. */
    async ownerOf(id: number) {
      const [row] = await db
        .select({ owner: whatsapps.sessionOwner })
        .from(whatsapps)
        .where(and(eq(whatsapps.id, id), gt(whatsapps.sessionLeaseUntil, sql`now()`)));
      return row?.owner ?? null;
    },

    async releaseLease(id: number, owner: string) {
      await db
        .update(whatsapps)
        .set({ sessionOwner: null, sessionLeaseUntil: null })
        .where(and(eq(whatsapps.id, id), eq(whatsapps.sessionOwner, owner)));
    },
  };
}

/** First key of the advisory locks on a company's connections (the second is the company id). */
const LOCK_CONNECTIONS = 40_001;

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
