import { type CampaignSettings, type CampaignStatus, defaultCampaignSettings } from '@wacrm/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/text-search.ts';
import { messages, tags, whatsapps } from '../../tables.ts';
import { campaignSettings, campaignShippings, campaigns, contactLists } from './campaigns.tables.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignWrite = Partial<typeof campaigns.$inferInsert>;

const joinedColumns = {
  campaign: campaigns,
  whatsappName: whatsapps.name,
  whatsappStatus: whatsapps.status,
  contactListName: contactLists.name,
  tagName: tags.name,
};

// A shipping record's state by its message (docs/decisions/campaigns.md, "Report"): claimed records
// (`sent`) whose message is gone count as sent, as they did when claimed.
const claimed = sql`${campaignShippings.status} = 'sent'`;
const handedOver = sql`(${claimed} and (${messages.id} is null or ${messages.externalId} is not null))`;
const gaveUp = sql`(${claimed} and ${messages.externalId} is null and ${messages.failed})`;
const waiting = sql`(${claimed} and ${messages.id} is not null and ${messages.externalId} is null and not ${messages.failed})`;

/** Campaigns, their settings and shipping records; every query starts with the company id. */
export function createCampaignsRepository(db: Database) {
  const joined = (handle: Database) =>
    handle
      .select(joinedColumns)
      .from(campaigns)
      .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId))
      .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
      .leftJoin(tags, eq(tags.id, campaigns.tagId));

  return {
    async page(companyId: number, search: string, pageNumber: number, pageSize: number) {
      const where = and(eq(campaigns.companyId, companyId), search ? containsText(campaigns.name, search) : undefined);
      const rows = await joined(db)
        .where(where)
        .orderBy(desc(campaigns.id))
        .limit(pageSize + 1)
        .offset((pageNumber - 1) * pageSize);
      const [{ total }] = await db.select({ total: count() }).from(campaigns).where(where);
      return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize, count: total };
    },

    async find(companyId: number, id: number, handle: Database = db) {
      const [row] = await joined(handle).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
      return row ?? null;
    },

    /** Locks the campaign row: one claim at a time per campaign, across processes. */
    async lock(tx: Database, companyId: number, id: number) {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
        .for('update');
      return row ?? null;
    },

    async insert(companyId: number, values: CampaignWrite, handle: Database = db) {
      const [row] = await handle
        .insert(campaigns)
        .values({ ...values, companyId } as typeof campaigns.$inferInsert)
        .returning({ id: campaigns.id });
      return row.id;
    },

    async update(companyId: number, id: number, values: CampaignWrite, handle: Database = db) {
      const [row] = await handle
        .update(campaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
        .returning();
      return row ?? null;
    },

    /**
     * Changes the campaign only while it still has `from` status, in the same statement: a cancel
     * racing the dispatcher's finish, or a second cancel, finds it changed and writes nothing.
     */
    async transition(companyId: number, id: number, from: CampaignStatus, values: CampaignWrite, handle: Database) {
      const [row] = await handle
        .update(campaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, from)))
        .returning();
      return row ?? null;
    },

    async remove(companyId: number, id: number) {
      const [row] = await db
        .delete(campaigns)
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
        .returning();
      return row ?? null;
    },

    /** Campaigns that may have work: due to start, or running. */
    active: () =>
      db
        .select({
          id: campaigns.id,
          companyId: campaigns.companyId,
          status: campaigns.status,
          scheduledAt: campaigns.scheduledAt,
          nextSendAt: campaigns.nextSendAt,
          updatedAt: campaigns.updatedAt,
        })
        .from(campaigns)
        .where(inArray(campaigns.status, ['PROGRAMADA', 'EM_ANDAMENTO'])),

    async connectionOf(companyId: number, whatsappId: number, handle: Database = db) {
      const [row] = await handle
        .select({ id: whatsapps.id, status: whatsapps.status, provider: whatsapps.provider })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return row ?? null;
    },

    async contactListExists(companyId: number, id: number) {
      const [row] = await db
        .select({ id: contactLists.id })
        .from(contactLists)
        .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
      return Boolean(row);
    },

    async tagExists(companyId: number, id: number) {
      const [row] = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
      return Boolean(row);
    },

    // --- settings ---

    async settings(companyId: number, handle: Database = db): Promise<CampaignSettings> {
      const rows = await handle.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
      const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
      return { ...defaultCampaignSettings, ...stored } as CampaignSettings;
    },

    async saveSettings(companyId: number, values: Partial<CampaignSettings>) {
      const entries = Object.entries(values).filter(([, value]) => value !== undefined);
      if (entries.length === 0) return;
      await db
        .insert(campaignSettings)
        .values(entries.map(([key, value]) => ({ companyId, key, value: value as never })))
        .onConflictDoUpdate({
          target: [campaignSettings.companyId, campaignSettings.key],
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
    },

    // --- shipping records ---

    /** Makes the audience's records once; a number already there is kept as it is. */
    async insertShippings(
      tx: Database,
      companyId: number,
      campaignId: number,
      rows: { name: string; number: string; email: string; whatsappValid: boolean | null }[],
    ) {
      for (let start = 0; start < rows.length; start += 1000) {
        await tx
          .insert(campaignShippings)
          .values(rows.slice(start, start + 1000).map((row) => ({ ...row, companyId, campaignId })))
          .onConflictDoNothing();
      }
    },

    /** The next record still to send, locked for this transaction. */
    async nextPending(tx: Database, companyId: number, campaignId: number) {
      const [row] = await tx
        .select()
        .from(campaignShippings)
        .where(
          and(
            eq(campaignShippings.companyId, companyId),
            eq(campaignShippings.campaignId, campaignId),
            eq(campaignShippings.status, 'pending'),
          ),
        )
        .orderBy(asc(campaignShippings.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row ?? null;
    },

    async settleShipping(tx: Database, id: number, values: Partial<typeof campaignShippings.$inferInsert>) {
      await tx.update(campaignShippings).set(values).where(eq(campaignShippings.id, id));
    },

    /**
     * Numbers, by counts: the report. A claimed record is sent only once its message was handed
     * to WhatsApp; until then it is pending (and waiting), and failed when its message gave up.
     * Delivered and read come from the messages' acks.
     */
    async counts(companyId: number, campaignId: number) {
      const [row] = await db
        .select({
          total: count(),
          pending: sql<number>`count(*) filter (where ${campaignShippings.status} = 'pending' or ${waiting})::int`,
          waiting: sql<number>`count(*) filter (where ${waiting})::int`,
          sent: sql<number>`count(*) filter (where ${handedOver})::int`,
          invalid: sql<number>`count(*) filter (where ${campaignShippings.status} = 'invalid')::int`,
          optedOut: sql<number>`count(*) filter (where ${campaignShippings.status} = 'optout')::int`,
          delivered: sql<number>`count(*) filter (where ${messages.ack} >= 2)::int`,
          read: sql<number>`count(*) filter (where ${messages.ack} >= 3)::int`,
          failed: sql<number>`count(*) filter (where ${gaveUp})::int`,
        })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId)));
      return row;
    },

    /** Why the campaign's messages that gave up did, most frequent first (asked only when some did). */
    failureReasons: (companyId: number, campaignId: number) =>
      db
        .select({
          code: messages.sendError,
          count: sql<number>`count(*)::int`,
        })
        .from(campaignShippings)
        .innerJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(
          and(
            eq(campaignShippings.companyId, companyId),
            eq(campaignShippings.campaignId, campaignId),
            eq(messages.failed, true),
          ),
        )
        .groupBy(messages.sendError)
        .orderBy(sql`count(*) desc`, messages.sendError),

    /** The campaign that sent a message, if one did (the hand-over's live update). */
    async campaignOfMessage(companyId: number, messageId: number) {
      const [row] = await db
        .select({ campaignId: campaignShippings.campaignId })
        .from(campaignShippings)
        .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.messageId, messageId)))
        .limit(1);
      return row?.campaignId ?? null;
    },

    shippings: (companyId: number, campaignId: number) =>
      db
        .select({
          shipping: campaignShippings,
          ack: messages.ack,
          sendError: messages.sendError,
          messageId: messages.id,
          handedOver: sql<boolean>`${messages.externalId} is not null`,
          failed: messages.failed,
          messageSentAt: messages.sentAt,
        })
        .from(campaignShippings)
        .leftJoin(messages, eq(messages.id, campaignShippings.messageId))
        .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId)))
        .orderBy(asc(campaignShippings.id)),
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
