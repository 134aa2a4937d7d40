import { OPEN_LANE_ID } from '@wacrm/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { containsText, likePattern, phoneDigits } from '../../platform/db/text-search.ts';
import { contacts, tags, tickets, ticketTags } from '../../tables.ts';

/** Who looks at the board and through which filters (decided by the service). */
export interface BoardFilter {
  companyId: number;
  /** null: every queue (and tickets without one); otherwise only tickets of these queues. */
  queueIds: number[] | null;
  searchParam: string;
}

export interface LaneSlice {
  /** 0 (`OPEN_LANE_ID`) for "Em aberto", else the tag id. */
  lane?: number;
  offset: number;
  size: number;
}

/** The board's filters: open and pending tickets of the company, cut by queue and contact search. */
function boardConditions(filter: BoardFilter): SQL {
  const where: SQL[] = [sql`t.company_id = ${filter.companyId}`, sql`t.status in ('open', 'pending')`];
  if (filter.queueIds) {
    where.push(filter.queueIds.length ? sql`t.queue_id = any(${`{${filter.queueIds.join(',')}}`}::int[])` : sql`false`);
  }
  const search = filter.searchParam.trim();
  if (search) {
    const digits = phoneDigits(search);
    where.push(sql`t.contact_id in (select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${filter.companyId}
      and (${containsText(contacts.name, search)}${
        digits ? sql` or ${contacts.number} like ${likePattern(digits)}` : sql``
      }))`);
  }
  return sql.join(where, sql` and `);
}

/** Every query of the kanban feature; the company id comes first (through the filter for the board). */
export function createKanbanRepository(db: Database) {
  return {
    /**
     * One page of each lane (or of one lane) in one statement: every visible ticket is given its
     * lane (a ticket with two lane tags sits in both, one with none in lane 0), numbered newest
     * first inside its lane. The first row of each lane always comes back too, for the lane's count.
     */
    async lanePage(filter: BoardFilter, slice: LaneSlice) {
      const laneFilter = slice.lane === undefined ? sql`` : sql`where lane = ${slice.lane}`;
      const rows = await queryRows<{ id: number; lane: number; rn: number; total: number }>(
        db,
        sql`with board as (
          select t.id, t.updated_at, coalesce(lane.tag_id, ${OPEN_LANE_ID}) as lane
          from ${tickets} t
          -- The lane links of the company (a few thousand rows) joined once, not probed per ticket.
          left join (
            select tt.ticket_id, tt.tag_id from ${ticketTags} tt join ${tags} g on g.id = tt.tag_id
            where g.company_id = ${filter.companyId} and g.kanban = 1
          ) lane on lane.ticket_id = t.id
          where ${boardConditions(filter)}
        ), ranked as (
          select id, lane, row_number() over (partition by lane order by updated_at desc, id desc) as rn,
            count(*) over (partition by lane) as total
          from board ${laneFilter}
        )
        select id, lane::int as lane, rn::int as rn, total::int as total from ranked
        where rn = 1 or (rn > ${slice.offset} and rn <= ${slice.offset + slice.size})
        order by lane, rn`,
      );
      return rows.map((row) => ({ ...row, inPage: row.rn > slice.offset }));
    },

    /** The company's kanban tags (lanes), in board order. */
    async laneIds(companyId: number) {
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
        .orderBy(asc(tags.kanbanOrder), asc(sql`lower(${tags.name})`), asc(tags.id));
      return rows.map((row) => row.id);
    },

    /** The tag of the company, with its kanban flag, or null. */
    async tag(companyId: number, tagId: number) {
      const [row] = await db
        .select({ id: tags.id, kanban: tags.kanban })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
      return row ?? null;
    },

    /** Locks the ticket row: two moves of one card run one after the other. */
    async lockTicket(companyId: number, ticketId: number) {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
        .for('update');
      return Boolean(row);
    },

    /** The ticket's tags of the company, with their kanban flag. */
    async ticketTags(companyId: number, ticketId: number) {
      return db
        .select({ id: tags.id, kanban: tags.kanban })
        .from(ticketTags)
        .innerJoin(tags, eq(tags.id, ticketTags.tagId))
        .where(and(eq(tags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
    },
  };
}

export type KanbanRepository = ReturnType<typeof createKanbanRepository>;
