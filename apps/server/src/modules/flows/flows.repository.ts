import { FLOWS_PAGE_SIZE } from '@wacrm/shared';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { contacts, queues, tickets, whatsapps } from '../../tables.ts';
import { joinPendingTicket, pendingTicketFields, ticketWrites } from '../tickets/index.ts';
import { flowCampaigns, flowRuns, flows } from './flows.tables.ts';

export type FlowRow = typeof flows.$inferSelect;
export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;
export type FlowRunRow = typeof flowRuns.$inferSelect;
export type FlowRunPatch = Partial<
  Pick<FlowRunRow, 'nodeId' | 'blockIndex' | 'waitingFor' | 'variables' | 'invalidAnswers' | 'status'>
>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** Every query of flows, flow campaigns and runs; the company id comes first and is in every condition. */
export function createFlowsRepository(db: Database) {
  // Asked on every customer message of a pending ticket, and by every step of a run: named
  // prepared statements, built and planned once (docs/performance-log.md, "The inbound path's
  // reads, prepared").
  const companyParam = sql.placeholder('companyId');
  const ticketParam = sql.placeholder('ticketId');
  const ticketFields = {
    status: tickets.status,
    userId: tickets.userId,
    queueId: tickets.queueId,
    isGroup: tickets.isGroup,
    name: contacts.name,
    number: contacts.number,
    email: contacts.email,
  };
  const ticketState = db
    .select(ticketFields)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyParam), eq(tickets.id, ticketParam)))
    .prepare('flow_ticket_state');
  // What a customer's message needs to know, in one read: the pending ticket as the bots and
  // routing automation ask for it (handed on to them), its running run (at most one), whether any
  // run ever ran on it, and the flow a phrase campaign starts for this message: the active
  // campaign of an active flow whose phrase it is, on the message's connection before one on any.
  const runsOfTicket = and(eq(flowRuns.companyId, companyParam), eq(flowRuns.ticketId, tickets.id));
  const campaignFlow = sql<number | null>`(
    select ${flowCampaigns.flowId} from ${flowCampaigns}
    join ${flows} on ${flows.id} = ${flowCampaigns.flowId} and ${flows.active}
    where ${flowCampaigns.companyId} = ${companyParam} and ${flowCampaigns.phraseKey} = ${sql.placeholder('phraseKey')}
      and ${flowCampaigns.status}
      and (${flowCampaigns.whatsappId} = ${sql.placeholder('whatsappId')} or ${flowCampaigns.whatsappId} is null)
    order by ${flowCampaigns.whatsappId} is null, ${flowCampaigns.id} limit 1)`;
  const messageState = joinPendingTicket(
    db
      .select({
        ...pendingTicketFields,
        runningRunId: sql<
          number | null
        >`(select ${flowRuns.id} from ${flowRuns} where ${runsOfTicket} and ${flowRuns.status} = 'running' limit 1)`,
        hasRun: sql<boolean>`exists (select 1 from ${flowRuns} where ${runsOfTicket})`,
        campaignFlowId: campaignFlow,
      })
      .from(tickets)
      .$dynamic(),
  )
    .where(and(eq(tickets.companyId, companyParam), eq(tickets.id, ticketParam)))
    .prepare('flow_message_state');

  const flowOf = (companyId: number, id: number) => and(eq(flows.companyId, companyId), eq(flows.id, id));
  const campaignOf = (companyId: number, id: number) =>
    and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.id, id));

  return {
    async listFlows(companyId: number, search: string | undefined, pageNumber: number) {
      const where = search
        ? and(eq(flows.companyId, companyId), ilike(flows.name, `%${escapeLike(search)}%`))
        : eq(flows.companyId, companyId);
      const rows = await db
        .select({
          id: flows.id,
          name: flows.name,
          active: flows.active,
          createdAt: flows.createdAt,
          updatedAt: flows.updatedAt,
        })
        .from(flows)
        .where(where)
        .orderBy(asc(flows.name), asc(flows.id))
        .limit(FLOWS_PAGE_SIZE + 1)
        .offset((pageNumber - 1) * FLOWS_PAGE_SIZE);
      return { rows: rows.slice(0, FLOWS_PAGE_SIZE), hasMore: rows.length > FLOWS_PAGE_SIZE };
    },
    findFlow: async (companyId: number, id: number): Promise<FlowRow | null> =>
      (await db.select().from(flows).where(flowOf(companyId, id)))[0] ?? null,
    /** For the runtime's cache of definitions (flow-definitions.ts), which checks the company itself. */
    findFlowById: async (id: number): Promise<FlowRow | null> =>
      (await db.select().from(flows).where(eq(flows.id, id)))[0] ?? null,
    async insertFlow(
      companyId: number,
      values: Pick<FlowRow, 'name'> & Partial<Pick<FlowRow, 'nodes' | 'connections' | 'active'>>,
    ) {
      const [row] = await db
        .insert(flows)
        .values({ companyId, ...values })
        .returning();
      return row;
    },
    async updateFlow(
      companyId: number,
      id: number,
      patch: Partial<Pick<FlowRow, 'name' | 'active' | 'nodes' | 'connections'>>,
    ) {
      const [row] = await db
        .update(flows)
        .set({ ...patch, updatedAt: new Date() })
        .where(flowOf(companyId, id))
        .returning();
      return row ?? null;
    },
    async deleteFlow(companyId: number, id: number) {
      const rows = await db.delete(flows).where(flowOf(companyId, id)).returning({ id: flows.id });
      return rows.length > 0;
    },

    listCampaigns: (companyId: number) =>
      db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, companyId)).orderBy(desc(flowCampaigns.id)),
    findCampaign: async (companyId: number, id: number) =>
      (await db.select().from(flowCampaigns).where(campaignOf(companyId, id)))[0] ?? null,
    async insertCampaign(companyId: number, values: Omit<typeof flowCampaigns.$inferInsert, 'companyId' | 'id'>) {
      const [row] = await db
        .insert(flowCampaigns)
        .values({ companyId, ...values })
        .returning();
      return row;
    },
    async updateCampaign(companyId: number, id: number, values: Partial<typeof flowCampaigns.$inferInsert>) {
      const [row] = await db
        .update(flowCampaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(campaignOf(companyId, id))
        .returning();
      return row ?? null;
    },
    async deleteCampaign(companyId: number, id: number) {
      const rows = await db.delete(flowCampaigns).where(campaignOf(companyId, id)).returning({ id: flowCampaigns.id });
      return rows.length > 0;
    },
    connectionExists: async (companyId: number, id: number) =>
      (
        await db
          .select({ id: whatsapps.id })
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
      ).length > 0,
    queueExists: async (companyId: number, id: number) =>
      (
        await db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
      ).length > 0,
    connectionIds: async (companyId: number) =>
      db
        .select({ id: whatsapps.id, name: whatsapps.name, status: whatsapps.status })
        .from(whatsapps)
        .where(eq(whatsapps.companyId, companyId)),

    /** What the runtime needs of a ticket: who holds it and the contact's fields for variables. */
    async ticketState(companyId: number, ticketId: number) {
      const [row] = await ticketState.execute({ companyId, ticketId });
      return row ?? null;
    },
    /** The ticket node: into the queue, out of the bot (routing automation takes over). */
    async moveTicketToQueue(companyId: number, ticketId: number, queueId: number) {
      const [before] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      if (!before) return null;
      await ticketWrites.moveToQueue(db, companyId, ticketId, queueId);
      return before;
    },

    /** The test panel's customer: the sandbox connection's latest pending or open ticket of that number. */
    async sandboxTicket(companyId: number, whatsappId: number, number: string) {
      const [connection] = await db
        .select({ provider: whatsapps.provider })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      if (!connection) return { connection: null, ticketId: null };
      const [ticket] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.whatsappId, whatsappId),
            eq(contacts.number, number),
            sql`${tickets.status} in ('pending', 'open')`,
          ),
        )
        .orderBy(desc(tickets.id))
        .limit(1);
      return { connection, ticketId: ticket?.id ?? null };
    },
    /**
     * A test panel's customer on a connection: its contact, its tickets on that connection, and
     * how many it has elsewhere (the contact stays when it has any).
     */
    async testCustomer(companyId: number, whatsappId: number, number: string) {
      const [connection] = await db
        .select({ provider: whatsapps.provider })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      const [contact] = connection
        ? await db
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number), eq(contacts.isGroup, false)))
        : [];
      if (!connection || !contact)
        return { connection: connection ?? null, contactId: null, ticketIds: [], otherTickets: 0 };
      const rows = await db
        .select({ id: tickets.id, whatsappId: tickets.whatsappId })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id)));
      const ticketIds = rows.filter((row) => row.whatsappId === whatsappId).map((row) => row.id);
      return { connection, contactId: contact.id, ticketIds, otherTickets: rows.length - ticketIds.length };
    },
    /**
     * What a customer's message on the ticket needs: the pending ticket (`PendingTicket`), the id
     * of its running run, whether a run ever ran on it, and the flow of the phrase campaign
     * `phraseKey` on connection `whatsappId` (null when none).
     */
    messageState: async (companyId: number, ticketId: number, message: { whatsappId: number; phraseKey: string }) =>
      (await messageState.execute({ companyId, ticketId, ...message }))[0] ?? null,
    findRun: async (companyId: number, id: number) =>
      (
        await db
          .select()
          .from(flowRuns)
          .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, id)))
      )[0] ?? null,
    /** A new run, unless one is already running on the ticket (then null: the unique index decides). */
    async insertRun(companyId: number, values: { ticketId: number; flowId: number; nodeId: string }) {
      const rows = await db
        .insert(flowRuns)
        .values({ companyId, ...values })
        .onConflictDoNothing()
        .returning();
      return rows[0] ?? null;
    },
    /** Moves a run on only if nobody moved it since `version` was read; answers the new row. */
    async advanceRun(companyId: number, id: number, version: number, patch: FlowRunPatch) {
      const [row] = await db
        .update(flowRuns)
        .set({ ...patch, version: version + 1, updatedAt: new Date() })
        .where(
          and(
            eq(flowRuns.companyId, companyId),
            eq(flowRuns.id, id),
            eq(flowRuns.version, version),
            eq(flowRuns.status, 'running'),
          ),
        )
        .returning();
      return row ?? null;
    },
    async stopRuns(companyId: number, ticketId: number, status: string) {
      await db
        .update(flowRuns)
        .set({ status, version: sql`${flowRuns.version} + 1`, updatedAt: new Date() })
        .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId), eq(flowRuns.status, 'running')));
    },
  };
}

export type FlowsRepository = ReturnType<typeof createFlowsRepository>;
