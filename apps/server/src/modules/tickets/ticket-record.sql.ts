import type { TicketRecord } from '@wacrm/shared';
import { type AnyColumn, sql } from 'drizzle-orm';
import { contacts, queues, tags, tickets, ticketTags, users, whatsapps } from '../../platform/db/schema.ts';

/**
 * The ticket record (`TicketRecord`) built by PostgreSQL as one JSON value per row. The ticket
 * list sends 40 of them per page: mapping ~60 columns a row through the ORM in JavaScript cost
 * more CPU than the rest of the request together (7 ms against 2 ms, docs/performance.md). The
 * shape is exactly `TicketRecord`'s; `ticket-record.integration.test.ts` holds it to that.
 */

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
export const isoTime = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const contactJson = sql`json_build_object(
  'id', ${contacts.id}, 'companyId', ${contacts.companyId}, 'name', ${contacts.name},
  'number', ${contacts.number}, 'email', ${contacts.email}, 'profilePicUrl', ${contacts.profilePicUrl},
  'isGroup', ${contacts.isGroup}, 'extraInfo', ${contacts.extraInfo}, 'whatsappId', ${contacts.whatsappId},
  'disableBot', ${contacts.disableBot}, 'createdAt', ${isoTime(contacts.createdAt)},
  'updatedAt', ${isoTime(contacts.updatedAt)})`;

const tagsJson = (companyId: number) =>
  sql`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
    order by ${tags.name}), '[]'::json)
    from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId} and ${tags.companyId} = ${companyId}
    where ${ticketTags.ticketId} = ${tickets.id})`;

/** Selects `{ id, record }` of the company's tickets among `ids` (any order). */
export function ticketRecordsQuery(companyId: number, ids: number[]) {
  return sql`select ${tickets.id} as id, json_build_object(
      'id', ${tickets.id}, 'uuid', ${tickets.uuid}, 'companyId', ${tickets.companyId},
      'status', ${tickets.status}, 'contactId', ${tickets.contactId}, 'whatsappId', ${tickets.whatsappId},
      'userId', ${tickets.userId}, 'queueId', ${tickets.queueId}, 'isGroup', ${tickets.isGroup},
      'chatbot', ${tickets.chatbot}, 'lastMessage', ${tickets.lastMessage},
      'unreadMessages', ${tickets.unreadMessages}, 'useIntegration', ${tickets.useIntegration},
      'integrationId', ${tickets.integrationId}, 'promptId', ${tickets.promptId},
      'contact', ${contactJson},
      'queue', case when ${queues.id} is null then null
        else json_build_object('id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}) end,
      'user', case when ${users.id} is null then null
        else json_build_object('id', ${users.id}, 'name', ${users.name}) end,
      'whatsapp', case when ${whatsapps.id} is null then null
        else json_build_object('id', ${whatsapps.id}, 'name', ${whatsapps.name}, 'status', ${whatsapps.status}) end,
      'tags', ${tagsJson(companyId)},
      'closedAt', ${isoTime(tickets.closedAt)},
      'createdAt', ${isoTime(tickets.createdAt)},
      'updatedAt', ${isoTime(tickets.updatedAt)}
    ) as record
    from ${tickets}
    join ${contacts} on ${contacts.id} = ${tickets.contactId}
    left join ${queues} on ${queues.id} = ${tickets.queueId}
    left join ${users} on ${users.id} = ${tickets.userId}
    left join ${whatsapps} on ${whatsapps.id} = ${tickets.whatsappId}
    where ${tickets.companyId} = ${companyId} and ${tickets.id} = any(${sql.param(ids)}::int[])`;
}

export type TicketRecordRow = { id: number; record: TicketRecord };
