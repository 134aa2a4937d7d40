import { pageSizes, searchCountCap, type TicketListQuery, type TicketsPage, ticketCountCap } from '@wacrm/shared';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { BoundedCache } from '../../platform/cache/bounded-cache.ts';
import { type Database, queryRows } from '../../platform/db/client.ts';
import { containsText, likePattern, phoneDigits } from '../../platform/db/text-search.ts';
import { contacts, messages, queues, tickets, ticketTags, users, whatsapps } from '../../tables.ts';
import { createTicketPageReader, createTicketRecordReader } from './ticket-record.sql.ts';
import { lineFieldsOf } from './ticket-writes.ts';
import { mayShowAll, type TicketViewer } from './tickets.policy.ts';

/**
 * The cursor is the last row's (updatedAt to the microsecond, id): `2026-01-02T03:04:05.123456Z_42`,
 * written for the page's rows only, from the `found` subquery of `list`.
 */
const foundCursor = sql<string>`to_char(found.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || found.id`;

/** The list's filters except the search text (visibility, tab, queues, tags, dates). */
function listConditions(viewer: TicketViewer, query: TicketListQuery): SQL[] {
  const { companyId, userId } = viewer;
  const where: SQL[] = [eq(tickets.companyId, companyId)];
  if (!viewer.isAdmin) {
    where.push(
      or(
        ...(viewer.allTicket ? [isNull(tickets.queueId)] : []),
        eq(tickets.userId, userId),
        ...(viewer.queueIds.length ? [inArray(tickets.queueId, viewer.queueIds)] : []),
      )!,
    );
  }
  // spec: without show-all a user sees their own tickets and the pending ones waiting for anyone.
  // Written for the tab when there is one, so the planner sees the attendant's own tickets as one
  // walk of (company, user, status, updated_at): pending alone needs no condition, open or
  // closed alone is just "mine".
  if (!(query.showAll && mayShowAll(viewer))) {
    if (!query.status) where.push(or(eq(tickets.userId, userId), eq(tickets.status, 'pending'))!);
    else if (query.status !== 'pending') where.push(eq(tickets.userId, userId));
  }
  if (query.status) where.push(eq(tickets.status, query.status));
  if (query.queueIds) {
    // spec client rule: tickets without a queue stay in every queue selection.
    where.push(
      query.queueIds.length
        ? or(isNull(tickets.queueId), inArray(tickets.queueId, query.queueIds))!
        : isNull(tickets.queueId),
    );
  }
  if (query.users?.length && viewer.isAdmin) where.push(inArray(tickets.userId, query.users));
  if (query.tags?.length) {
    where.push(
      inArray(
        tickets.id,
        sql`(select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, query.tags)}
             group by ${ticketTags.ticketId} having count(*) = ${query.tags.length})`,
      ),
    );
  }
  if (query.withUnreadMessages) where.push(sql`${tickets.unreadMessages} > 0`);
  if (query.date) where.push(sql`(${tickets.createdAt} at time zone 'UTC')::date = ${query.date}::date`);
  if (query.updatedAt) where.push(sql`(${tickets.updatedAt} at time zone 'UTC')::date = ${query.updatedAt}::date`);
  return where;
}

/**
 * The search text as two separate conditions: the contact's name or number, and any message of the
 * ticket. They are never OR-ed in one query: each is planned on its own (see `list`), so a frequent
 * word walks the newest tickets and stops after a page, and a rare one is looked up in the trigram
 * index (docs/decisions/tickets.md, "Search"). `inMessages` is the text among the company's
 * messages, for the index's lookup and its guess.
 */
function searchConditions(companyId: number, searchParam: string, searchDeleted: boolean) {
  const search = searchParam.trim();
  if (!search) return null;
  const digits = phoneDigits(search);
  // A message deleted for everyone is found only by those who may still read it.
  const inBody = searchDeleted
    ? containsText(messages.body, search)
    : and(containsText(messages.body, search), eq(messages.isDeleted, false))!;
  return {
    key: `${companyId}:${search}:${searchDeleted ? 'all' : 'kept'}`,
    byName: inArray(
      tickets.contactId,
      sql`(select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId}
           and (${containsText(contacts.name, search)}${digits ? sql` or ${contacts.number} like ${likePattern(digits)}` : sql``}))`,
    ),
    byText: sql`exists (select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${inBody})`,
    inMessages: and(eq(messages.companyId, companyId), inBody)!,
  };
}

type Search = NonNullable<ReturnType<typeof searchConditions>>;

/**
 * How the text branch finds its matches. The planner walks the newest tickets for a word it guesses
 * frequent; guessed ten times too often (ANALYZE's sample can), a middling word made that walk
 * go through most of the tickets. Past `guessedMessages`, the walk looks through the newest
 * `firstTickets`, and on to `tickets` only when what it found there promises the page within
 * them; otherwise the matches are looked up in the index (docs/performance-log.md, "A bounded
 * walk for the text"). A guess under `sureShare` rests on one or two of ANALYZE's sampled texts, so the
 * messages are counted first, up to `countedMessages`: fewer, and the matches are read from the
 * index without a walk (docs/performance-log.md, "A middling word counted").
 */
export interface TextWalkBounds {
  /** From this many messages guessed to hold the text, the text branch walks with a bound... */
  guessedMessages: number;
  /**
   * ...when they are also this share of the company's messages. A word in none of ANALYZE's
   * sampled texts is guessed at PostgreSQL's floor, a ten-thousandth of the rows, which passes
   * `guessedMessages` from 10M messages on; the planner looks such a word up in the index
   * (docs/performance-log.md, "No JIT, and the guess's floor").
   */
  guessedShare: number;
  /** From this share of the company's messages the guess is trusted as it is; under it... */
  sureShare: number;
  /** ...the walk is taken only when this many messages hold the text, counted. */
  countedMessages: number;
  /** The newest tickets the walk looks through first. */
  firstTickets: number;
  /** The most tickets it looks through before it asks the index. */
  tickets: number;
}

export const textWalkBounds: TextWalkBounds = {
  guessedMessages: 1_000,
  guessedShare: 0.001,
  sureShare: 0.03,
  countedMessages: 2_000,
  firstTickets: 100,
  tickets: 1_000,
};

/** The planner's own plan, the index's matches read whole, or the bounded walk (see `TextWalkBounds`). */
type TextPlan = 'planner' | 'index' | 'walk';

/** The messages module's write that marks a ticket's customer messages read, in the given transaction. */
export type MarkMessagesRead = (tx: Database, companyId: number, ticketId: number) => Promise<string[]>;

/**
 * Every query of the tickets feature; company id first (through the viewer for the list).
 * `tx` arguments are the use case's transaction (PGlite has one connection: never mix handles).
 */
export function createTicketsRepository(db: Database, walkBounds: TextWalkBounds = textWalkBounds) {
  const records = createTicketRecordReader(db);
  const pageRecords = createTicketPageReader(db);

  // A guess changes only when ANALYZE runs, and a stale one can only choose the other plan, never
  // another answer: kept a few minutes per company and text, so the next page, a refresh of the
  // list or another attendant's same search do not plan it again. Nothing to tell other processes.
  const guesses = new BoundedCache<number>({ maxEntries: 2_000, ttlMs: 5 * 60_000 });

  /** The planner's guess of how many messages meet `condition` (a plan, not a scan), kept under `key`. */
  async function guessedMessages(key: string, condition: SQL) {
    const kept = guesses.get(key);
    if (kept !== undefined) return kept;
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      db,
      sql`explain (format json) select 1 from ${messages} where ${condition}`,
    );
    const plan = row?.['QUERY PLAN'];
    const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
    const guess = top.Plan['Plan Rows'];
    guesses.set(key, guess);
    return guess;
  }

  // Counted only when the guess cannot tell a middling word from a frequent one, and kept like a
  // guess: a stale count can only choose the other plan, never another answer.
  const counts = new BoundedCache<number>({ maxEntries: 2_000, ttlMs: 5 * 60_000 });

  /** How many messages meet `condition`, counted up to `cap`, kept under `key`. */
  async function countMessages(key: string, condition: SQL, cap: number) {
    const kept = counts.get(key);
    if (kept !== undefined) return kept;
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from (select 1 from ${messages} where ${condition} limit ${cap}) as found`,
    );
    const count = Number(row?.count ?? 0);
    counts.set(key, count);
    return count;
  }

  /** How the text branch looks for `search` (see `TextWalkBounds`). */
  async function textPlan(companyId: number, search: Search): Promise<TextPlan> {
    const [withText, all] = await Promise.all([
      guessedMessages(search.key, search.inMessages),
      // Keyed by the company alone: a text's key always has a colon.
      guessedMessages(String(companyId), eq(messages.companyId, companyId)),
    ]);
    if (withText < walkBounds.guessedMessages || withText < walkBounds.guessedShare * all) return 'planner';
    if (withText >= walkBounds.sureShare * all) return 'walk';
    const { countedMessages: enough } = walkBounds;
    return (await countMessages(search.key, search.inMessages, enough)) >= enough ? 'walk' : 'index';
  }

  return {
    records: (companyId: number, ids: number[]) => records(db, companyId, ids),

    async record(companyId: number, id: number, handle: Database = db) {
      const [found] = await records(handle, companyId, [id]);
      return found ?? null;
    },

    async list(viewer: TicketViewer, query: TicketListQuery, options: { searchDeleted?: boolean } = {}) {
      const where = listConditions(viewer, query);
      const search = searchConditions(viewer.companyId, query.searchParam, options.searchDeleted ?? true);
      const plan = search ? await textPlan(viewer.companyId, search) : 'planner';
      const size = pageSizes.tickets;
      const offset = query.before ? 0 : (query.pageNumber - 1) * size;
      const pageWhere = [...where];
      if (query.before) {
        const [at, id] = query.before.split('_');
        pageWhere.push(sql`(${tickets.updatedAt}, ${tickets.id}) < (${at}::timestamptz, ${Number(id)})`);
      }
      const newestFirst = sql`order by ${tickets.updatedAt} desc, ${tickets.id} desc`;
      const matching = (conditions: SQL[]) =>
        sql`select ${tickets.id} as id, ${tickets.updatedAt} as updated_at from ${tickets} where ${and(...conditions)}`;
      // The newest `limit` tickets with the text in a message. Left to the planner when it guesses
      // the text rare (it looks the word up in the index). Counted few, the index's matches are
      // read whole (`byIndex`). Guessed frequent, the walk looks through the newest `firstTickets`
      // (each walk aliased `tickets`, so the text's condition reads its rows), goes on to `tickets`
      // only when the matches found so far promise `limit` within them, and when it still fell
      // short reads the index's matches too. They are fetched by primary key (`= any(array(...))`):
      // joined as a set, a guess of thousands of matches made the planner read every ticket of the
      // company for a few hundred.
      const byIndex = (conditions: SQL[], limit: number) =>
        sql`(${matching([...conditions, sql`${tickets.id} = any(array(select ticket_id from found))`])}
             ${newestFirst} limit ${limit})`;
      const withText = ({ byText, inMessages }: Search, conditions: SQL[], limit: number) => {
        if (plan === 'planner') return sql`${matching([...conditions, byText])} ${newestFirst} limit ${limit}`;
        const found = sql`found as materialized (select ${messages.ticketId} from ${messages} where ${inMessages})`;
        if (plan === 'index')
          return sql`select id, updated_at from (with ${found} ${byIndex(conditions, limit)}) as indexed`;
        const { firstTickets, tickets: mostTickets } = walkBounds;
        const walk = (skip: number, take: number, wanted: SQL) =>
          sql`select id, updated_at from (${matching(conditions)} ${newestFirst} limit ${take} offset ${skip}) as ${tickets}
              where ${byText} ${newestFirst} limit ${wanted}`;
        const firstFound = sql`(select count(*) from first_walk)`;
        const promising = sql`${firstFound} < ${limit} and ${firstFound} * ${mostTickets} >= ${limit * firstTickets}`;
        const walked = sql`(${firstFound} + (select count(*) from further_walk))`;
        return sql`select id, updated_at from (
            with first_walk as materialized (${walk(0, firstTickets, sql`${limit}`)}),
            further_walk as materialized (select * from (${walk(firstTickets, mostTickets - firstTickets, sql`${limit} - ${firstFound}`)}) as further where ${promising}),
            ${found}
            (select id, updated_at from (select * from first_walk union all select * from further_walk) as walked
             where ${walked} >= ${limit} order by updated_at desc, id desc limit ${limit})
            union all
            ${byIndex([...conditions, sql`${walked} < ${limit}`], limit)}
          ) as bounded`;
      };
      // Without a search: one walk of the (company, status, updated_at, id) index. With one: each
      // branch takes its newest `limit` matches and the union is sorted again.
      const newest = (conditions: SQL[], limit: number) =>
        search
          ? sql`(${matching([...conditions, search.byName])} ${newestFirst} limit ${limit})
              union (${withText(search, conditions, limit)})`
          : sql`${matching(conditions)} ${newestFirst} limit ${limit}`;
      // Counted up to the cap: past it the number only costs (every closed ticket, every match).
      const cap = search ? searchCountCap : ticketCountCap;

      const capped = (conditions: SQL[]) =>
        sql`(select ${tickets.id} from ${tickets} where ${and(...conditions)} limit ${cap + 1})`;
      // A tab's first page: the newest `cap + 1` tickets, counted before the page is cut from their top.
      const firstTabPage = () =>
        sql`select id, ${foundCursor} as cursor, count(*) over ()::int as total
            from (${newest(where, cap + 1)}) as found order by updated_at desc, id desc limit ${size + 1}`;
      // A search's first page. The text branch's newest `cap + 1` serve the page and the count: for a
      // frequent word one ordered walk is cheaper than a page's walk and a count apart. The name
      // branch keeps its page and its count apart: a name's tickets are counted through its
      // contacts, while its page walks the newest tickets (docs/performance-log.md, "One statement
      // for a search's first page"). Any `cap + 1` names with the text's newest `cap + 1` count exactly
      // up to the cap, and pass it whenever the matches do.
      const firstSearchPage = (found: Search) =>
        sql`with texts as materialized (${withText(found, where, cap + 1)})
            select id, ${foundCursor} as cursor,
                   (select count(*)::int from (${capped([...where, found.byName])} union select id from texts) as counted) as total
            from ((${matching([...where, found.byName])} ${newestFirst} limit ${size + 1})
                  union (select id, updated_at from texts)) as found
            order by updated_at desc, id desc limit ${size + 1}`;

      let rows: { id: number; cursor: string }[];
      let total: number;
      if (!query.before && offset === 0) {
        // A first page (nearly every call) and its count in one statement.
        const found = await queryRows<{ id: number; cursor: string; total: number }>(
          db,
          search ? firstSearchPage(search) : firstTabPage(),
        );
        rows = found;
        total = found[0]?.total ?? 0;
      } else {
        // A later page: its own walk (from the cursor, or past the offset) and the count beside it,
        // each planned for itself.
        const countQuery = search
          ? sql`select count(*)::int as count from (${capped([...where, search.byName])}
                union select id from (${withText(search, where, cap + 1)}) as texts) as found`
          : sql`select count(*)::int as count from ${capped(where)} as found`;
        const [found, counted] = await Promise.all([
          queryRows<{ id: number; cursor: string }>(
            db,
            sql`select id, ${foundCursor} as cursor from (${newest(pageWhere, offset + size + 1)}) as found
                order by updated_at desc, id desc limit ${size + 1} offset ${offset}`,
          ),
          queryRows<{ count: number }>(db, countQuery),
        ]);
        rows = found;
        total = counted[0]?.count ?? 0;
      }
      const page = rows.slice(0, size);
      const hasMore = rows.length > size;
      const ticketsJson = await pageRecords(
        viewer.companyId,
        page.map((row) => Number(row.id)),
      );
      const rest: Omit<TicketsPage, 'tickets'> = {
        count: Math.min(total, cap),
        countCapped: total > cap,
        hasMore,
        nextCursor: hasMore ? (page.at(-1)?.cursor ?? null) : null,
      };
      // A `TicketsPage` as JSON text: the records' texts, then the rest.
      return `{"tickets":${ticketsJson},${JSON.stringify(rest).slice(1)}`;
    },

    async findRow(companyId: number, id: number, handle: Database = db) {
      const [row] = await handle
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
      return row ?? null;
    },

    async findIdByUuid(companyId: number, uuid: string) {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)));
      return row?.id ?? null;
    },

    /** Locks the row for the use case (two agents accepting at once take turns). */
    async lockRow(tx: Database, companyId: number, id: number) {
      const [row] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
        .for('update');
      return row ?? null;
    },

    /** Serialises ticket creation for one contact with the inbound path (same key as intake). */
    lockContact: (tx: Database, companyId: number, contactId: number) =>
      tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-ticket:${companyId}:${contactId}`}, 0))`),

    /** The non-closed ticket of a contact on a connection, other than `exceptId`, with names for the 409. */
    async findActive(
      handle: Database,
      companyId: number,
      contactId: number,
      whatsappId: number | null,
      exceptId?: number,
    ) {
      const [row] = await handle
        .select({
          id: tickets.id,
          uuid: tickets.uuid,
          status: tickets.status,
          userId: tickets.userId,
          userName: users.name,
          queueName: queues.name,
          createdAt: tickets.createdAt,
        })
        .from(tickets)
        .leftJoin(users, eq(users.id, tickets.userId))
        .leftJoin(queues, eq(queues.id, tickets.queueId))
        .where(
          and(
            eq(tickets.companyId, companyId),
            eq(tickets.contactId, contactId),
            whatsappId === null ? isNull(tickets.whatsappId) : eq(tickets.whatsappId, whatsappId),
            ne(tickets.status, 'closed'),
            ...(exceptId ? [ne(tickets.id, exceptId)] : []),
          ),
        );
      return row ?? null;
    },

    async insert(tx: Database, values: typeof tickets.$inferInsert) {
      const queuedAt = values.queueId ? new Date() : null;
      const [row] = await tx
        .insert(tickets)
        .values({ queuedAt, ...values })
        .returning();
      return row;
    },

    async update(tx: Database, companyId: number, id: number, values: Partial<typeof tickets.$inferInsert>) {
      const [row] = await tx
        .update(tickets)
        .set({ ...values, ...lineFieldsOf(values), updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
        .returning();
      return row ?? null;
    },

    async remove(companyId: number, id: number, handle: Database = db) {
      await handle.delete(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)));
    },

    async contactExists(companyId: number, contactId: number) {
      const [row] = await db
        .select({ id: contacts.id, isGroup: contacts.isGroup, number: contacts.number })
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
      return row ?? null;
    },

    async userExists(companyId: number, userId: number) {
      const [row] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
      return row ?? null;
    },

    async queue(companyId: number, queueId: number) {
      const [row] = await db
        .select({ id: queues.id, name: queues.name, complationMessage: queues.complationMessage })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
      return row ?? null;
    },

    async connection(companyId: number, whatsappId: number) {
      const [row] = await db
        .select({ id: whatsapps.id, complationMessage: whatsapps.complationMessage })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return row ?? null;
    },

    async defaultConnection(companyId: number) {
      const [row] = await db
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks the customer's messages of a ticket read (`markMessagesRead`, the messages module's
     * write) and zeroes its counter, in one transaction; answers the provider ids that need a
     * read receipt.
     */
    async markRead(companyId: number, ticketId: number, markMessagesRead: MarkMessagesRead) {
      return db.transaction(async (tx) => {
        const externalIds = await markMessagesRead(tx, companyId, ticketId);
        await tx
          .update(tickets)
          .set({ unreadMessages: 0 })
          .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
        return externalIds;
      });
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
