import type { TicketRecord } from '@wacrm/shared';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { contacts, queues, slaCycles, tags, tickets, ticketTags, users, whatsapps } from '../../tables.ts';

/**
 * The ticket record (`TicketRecord`) built by PostgreSQL as one JSON value per row, through a
 * named prepared statement. The ticket list sends 40 of them per page: mapping ~60 columns a row
 * through the ORM cost more CPU than the rest of the request together, and planning the five-way
 * join took longer than running it (docs/performance-log.md, "What was changed"). The shape is
 * exactly `TicketRecord`'s; `ticket-record.integration.test.ts` holds it to that.
 */

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
const isoTime = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const companyId = sql.placeholder('companyId');

const contactJson = sql`json_build_object(
  'id', ${contacts.id}, 'companyId', ${contacts.companyId}, 'name', ${contacts.name},
  'number', ${contacts.number}, 'email', ${contacts.email}, 'profilePicUrl', ${contacts.profilePicUrl},
  'isGroup', ${contacts.isGroup}, 'extraInfo', ${contacts.extraInfo}, 'whatsappId', ${contacts.whatsappId},
  'disableBot', ${contacts.disableBot}, 'createdAt', ${isoTime(contacts.createdAt)},
  'updatedAt', ${isoTime(contacts.updatedAt)})`;

const tagsJson = sql`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name},
    'color', ${tags.color}) order by ${tags.name}), '[]'::json)
  from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId} and ${tags.companyId} = ${companyId}
  where ${ticketTags.ticketId} = ${tickets.id})`;

/**
 * The open cycle's service level (docs/decisions/service-levels.md), from the one left join on the
 * cycle table's partial unique index; `breached` is decided at read time, so it turns without a
 * write (and a breach already told counts, whatever the clocks say).
 */
const slaJson = sql`case when ${slaCycles.id} is null
    or (${slaCycles.firstResponseDueAt} is null and ${slaCycles.resolutionDueAt} is null) then null
  else json_build_object(
    'firstResponseDueAt', case when ${slaCycles.firstRespondedAt} is null then ${isoTime(slaCycles.firstResponseDueAt)} end,
    'resolutionDueAt', ${isoTime(slaCycles.resolutionDueAt)},
    'startedAt', ${isoTime(slaCycles.startedAt)},
    'breached', ${slaCycles.firstResponseNotifiedAt} is not null or ${slaCycles.resolutionNotifiedAt} is not null
      or coalesce(${slaCycles.firstRespondedAt} > ${slaCycles.firstResponseDueAt}, false)
      or (${slaCycles.firstRespondedAt} is null and ${slaCycles.firstResponseDueAt} <= now())
      or coalesce(${slaCycles.resolutionDueAt} <= now(), false)) end`;

const recordJson = sql<TicketRecord>`json_build_object(
  'id', ${tickets.id}, 'uuid', ${tickets.uuid}, 'companyId', ${tickets.companyId},
  'status', ${tickets.status}, 'contactId', ${tickets.contactId}, 'whatsappId', ${tickets.whatsappId},
  'userId', ${tickets.userId}, 'queueId', ${tickets.queueId}, 'isGroup', ${tickets.isGroup},
  'chatbot', ${tickets.chatbot}, 'lastMessage', ${tickets.lastMessage},
  'unreadMessages', ${tickets.unreadMessages}, 'useIntegration', ${tickets.useIntegration},
  'integrationId', ${tickets.integrationId}, 'promptId', ${tickets.promptId},
  'priority', ${tickets.priority},
  'contact', ${contactJson},
  'queue', case when ${queues.id} is null then null
    else json_build_object('id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}) end,
  'user', case when ${users.id} is null then null
    else json_build_object('id', ${users.id}, 'name', ${users.name}) end,
  'whatsapp', case when ${whatsapps.id} is null then null
    else json_build_object('id', ${whatsapps.id}, 'name', ${whatsapps.name}, 'status', ${whatsapps.status}) end,
  'tags', ${tagsJson},
  'closedAt', ${isoTime(tickets.closedAt)},
  'createdAt', ${isoTime(tickets.createdAt)},
  'updatedAt', ${isoTime(tickets.updatedAt)},
  'sla', ${slaJson})`;

const byIds = sql`${tickets.id} = any(${sql.placeholder('ids')}::int[])`;
const byId = eq(tickets.id, sql.placeholder('id'));

function selectRecords(handle: Database, which: SQL = byIds) {
  return handle
    .select({ id: tickets.id, record: recordJson.as('record') })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(slaCycles, and(eq(slaCycles.ticketId, tickets.id), isNull(slaCycles.closedAt)))
    .where(and(eq(tickets.companyId, companyId), which));
}

type ReadTicketRecords = (handle: Database, companyId: number, ids: number[]) => Promise<TicketRecord[]>;

/**
 * The same records as one JSON array text, in the order of `ids`: a list page goes to the client
 * as PostgreSQL wrote it, instead of being parsed into objects and serialised again (~35 KB of
 * JSON per page; what it gains is measured in docs/performance-log.md, "Later the same day").
 */
export function createTicketPageReader(db: Database) {
  const records = selectRecords(db).as('records');
  const prepared = db
    .select({
      page: sql<string>`coalesce(json_agg(${records.record} order by array_position(${sql.placeholder('ids')}::int[], ${records.id})), '[]')::text`,
    })
    .from(records)
    .prepare('ticket_records_page');
  return async (company: number, pageIds: number[]): Promise<string> => {
    if (pageIds.length === 0) return '[]';
    const [row] = await prepared.execute({ companyId: company, ids: pageIds });
    return row?.page ?? '[]';
  };
}

/** One reader per database: the tickets and messages modules share its prepared statement. */
const readers = new WeakMap<Database, ReadTicketRecords>();

/**
 * Reads ticket records by id, in the order of `ids` (missing ones left out). On `db` it runs the
 * prepared statement; a transaction's handle gets the same query unprepared (PGlite has one
 * connection, and a statement prepared on the pool is not the transaction's).
 */
export function createTicketRecordReader(db: Database): ReadTicketRecords {
  const known = readers.get(db);
  if (known) return known;
  const prepared = selectRecords(db).prepare('ticket_records');
  // One ticket (a thread page, an event about one ticket) has a statement of its own: for a
  // one-element `any($ids)` PostgreSQL keeps planning each run anew (~0.5 ms, longer than the
  // query), where for `id = $id` it settles on one plan after five runs (docs/performance-log.md,
  // "The thread pages' drop, found").
  const preparedOne = selectRecords(db, byId).prepare('ticket_record');
  const reader: ReadTicketRecords = async function readRecords(
    handle: Database,
    company: number,
    ids: number[],
  ): Promise<TicketRecord[]> {
    if (ids.length === 0) return [];
    const values = { companyId: company, ids };
    const rows = await (handle !== db
      ? selectRecords(handle).execute(values)
      : ids.length === 1
        ? preparedOne.execute({ companyId: company, id: ids[0] })
        : prepared.execute(values));
    const byId = new Map(rows.map((row) => [row.id, row.record]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  readers.set(db, reader);
  return reader;
}
