import type { TicketRecord } from '@wacrm/shared';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { BoundedCache } from '../../platform/cache/bounded-cache.ts';
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

/** `value` of each ticket, from the tables its record is built from, joined as the record reads them. */
function fromRecordTables<V>(handle: Database, value: SQL.Aliased<V>, which: SQL) {
  return handle
    .select({ id: tickets.id, value })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .leftJoin(slaCycles, and(eq(slaCycles.ticketId, tickets.id), isNull(slaCycles.closedAt)))
    .where(and(eq(tickets.companyId, companyId), which));
}

const selectRecords = (handle: Database, which: SQL = byIds) =>
  fromRecordTables(handle, recordJson.as('record'), which);

/** A row's version: its `xmin`, the transaction that wrote it last, which every write changes. */
const rowVersion = (table: AnyPgTable) => sql`coalesce(${table}.xmin::text, '')`;

/**
 * What a record was read from, as one text: the versions of the ticket's row and of every row its
 * record shows (contact, open SLA cycle, queue, attendant, connection, and each tag). A write to
 * any of them, by any process or by hand, gives another text.
 */
const recordVersion = sql<string>`concat_ws(':', ${rowVersion(tickets)}, ${rowVersion(contacts)},
  ${rowVersion(slaCycles)}, ${rowVersion(queues)}, ${rowVersion(users)}, ${rowVersion(whatsapps)},
  (select string_agg(${ticketTags.tagId} || '.' || ${tags}.xmin, ',' order by ${ticketTags.tagId})
   from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
   where ${ticketTags.ticketId} = ${tickets.id}))`;

type ReadTicketRecords = (handle: Database, companyId: number, ids: number[]) => Promise<TicketRecord[]>;

/** A record as JSON text, and the versions of the rows it was read from. */
interface KeptRecord {
  version: string;
  json: string;
}

/**
 * A list page's records as one JSON array text, in the order of `ids`. Each process keeps the
 * records it read with the versions of their rows: a page reads only the versions (one prepared
 * statement, about a fifth of what building the 40 records as JSON costs the database) and reads
 * again just the records whose rows moved (docs/decisions/tickets.md, "Records kept by version").
 * A record whose service level may still breach turns with the clock, not with a write: it is
 * not kept.
 */
export function createTicketPageReader(db: Database) {
  const versions = fromRecordTables(db, recordVersion.as('version'), byIds).prepare('ticket_record_versions');
  const records = createTicketRecordReader(db);
  const kept = new BoundedCache<KeptRecord>({ maxEntries: 10_000, ttlMs: 10 * 60_000 });
  const keyOf = (company: number, id: number) => `${company}:${id}`;

  return async (company: number, pageIds: number[]): Promise<string> => {
    if (pageIds.length === 0) return '[]';
    const current = new Map(
      (await versions.execute({ companyId: company, ids: pageIds })).map((row) => [row.id, row.value]),
    );
    const texts = new Map<number, string>();
    const moved: number[] = [];
    for (const [id, version] of current) {
      const record = kept.get(keyOf(company, id));
      if (record?.version === version) texts.set(id, record.json);
      else moved.push(id);
    }
    for (const record of await records(db, company, moved)) {
      const json = JSON.stringify(record);
      texts.set(record.id, json);
      // Read after the versions: a write in between makes the record newer than its version
      // says, so the next page reads it again.
      if (!record.sla || record.sla.breached)
        kept.set(keyOf(company, record.id), { version: current.get(record.id) ?? '', json });
    }
    // A ticket deleted between the page's ids and its records is left out, as before.
    return `[${pageIds.flatMap((id) => texts.get(id) ?? []).join(',')}]`;
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
    const byId = new Map(rows.map((row) => [row.id, row.value]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  readers.set(db, reader);
  return reader;
}
