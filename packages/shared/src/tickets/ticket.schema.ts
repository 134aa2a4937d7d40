import { z } from 'zod';
import { calendarDaySchema } from '../common/db-values.ts';
import { pageNumberSchema } from '../common/pagination.ts';
import { pageSchema, timestampSchema } from '../common/route-contract.ts';
import { contactRecordSchema } from '../contacts/contact.schema.ts';
import { ticketSlaSchema } from '../sla/sla.schema.ts';
import { ticketPriorities } from './ticket-priority.ts';

/** spec: ticket states. */
export const ticketStatuses = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** An id list sent as a JSON array (`[1,2]`) or a comma list (`1,2`); blanks mean "none". */
export const idListSchema = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return undefined;
    let raw: unknown = value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.startsWith('[')) {
        try {
          raw = JSON.parse(text);
        } catch {
          context.addIssue({ code: 'custom', message: 'Invalid id list' });
          return z.NEVER;
        }
      } else {
        raw = text.split(',');
      }
    }
    if (!Array.isArray(raw)) {
      context.addIssue({ code: 'custom', message: 'Invalid id list' });
      return z.NEVER;
    }
    const ids = raw
      .map((item) => String(item).trim())
      .filter((item) => item !== '')
      .map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
      context.addIssue({ code: 'custom', message: 'Invalid id list' });
      return z.NEVER;
    }
    return [...new Set(ids)].slice(0, 200);
  });

const booleanFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((value) => value === true || value === 'true');

const daySchema = calendarDaySchema.optional().or(z.literal('').transform(() => undefined));

/** `GET /tickets`: every parameter of the spec, plus the keyset cursor `before`. */
export const ticketListQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional().default(''),
  pageNumber: pageNumberSchema,
  /** The `nextCursor` of the previous page: stable infinite scroll while tickets move up. */
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d+$/, 'Invalid cursor')
    .optional(),
  status: z
    .enum(ticketStatuses)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  showAll: booleanFlagSchema,
  queueIds: idListSchema,
  tags: idListSchema,
  users: idListSchema,
  date: daySchema,
  updatedAt: daySchema,
  withUnreadMessages: booleanFlagSchema,
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

/** Any text: a malformed uuid answers 404 like an unknown one. */
export const ticketUuidParamsSchema = z.object({ uuid: z.string().max(100) });

const optionalId = z.coerce.number().int().positive().max(2_147_483_647);

/** `PUT /tickets/{id}`: a transition or transfer (docs/decisions/tickets.md). */
export const ticketUpdateSchema = z.object({
  status: z.enum(ticketStatuses).optional(),
  userId: optionalId.nullable().optional(),
  queueId: optionalId.nullable().optional(),
  whatsappId: optionalId.optional(),
  useIntegration: z.boolean().optional(),
  promptId: optionalId.nullable().optional(),
  integrationId: optionalId.nullable().optional(),
  priority: z.enum(ticketPriorities).optional(),
});
export type TicketUpdate = z.infer<typeof ticketUpdateSchema>;

/** `POST /tickets`: new tickets start open; the connection defaults to the company's default. */
export const ticketCreateSchema = z.object({
  contactId: optionalId,
  queueId: optionalId.nullable().optional(),
  whatsappId: optionalId.nullable().optional(),
  userId: optionalId.nullable().optional(),
  status: z.literal('open').optional(),
});
export type TicketCreate = z.infer<typeof ticketCreateSchema>;

/**
 * Counting every match would read every closed ticket (or every message a search matches) on each
 * request; past this many the exact number helps nobody (docs/decisions/tickets.md).
 */
export const ticketCountCap = 1000;

/**
 * A search counts to this many: no screen shows a count of search results, and counting a
 * frequent word to a thousand tickets read ~28,000 messages for each request
 * (docs/performance-log.md, "The quiet run (issue 22, 2026-11-26)").
 */
export const searchCountCap = 100;

/** `details` of a 409 `ERR_OTHER_OPEN_TICKET`: the active ticket that is in the way. */
export interface OtherOpenTicket {
  id: number;
  uuid: string;
  userId: number | null;
  userName: string | null;
  queueName: string | null;
  status: TicketStatus;
}

const userRefSchema = z.object({ id: z.number(), name: z.string() });
const queueRefSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** A ticket as the API, `company-{id}-ticket` and the messages page carry it. */
export const ticketRecordSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  companyId: z.number(),
  status: z.enum(ticketStatuses),
  contactId: z.number(),
  whatsappId: z.number().nullable(),
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  /** Always sent by the server; optional for records built before priorities existed. */
  priority: z.enum(ticketPriorities).optional(),
  contact: contactRecordSchema,
  queue: queueRefSchema.nullable(),
  user: userRefSchema.nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string(), status: z.string() }).nullable(),
  /** By name. */
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
  closedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** The service level of an open ticket's current cycle; null when no policy applies or it is closed. */
  sla: ticketSlaSchema.nullable().optional(),
});
export type TicketRecord = z.input<typeof ticketRecordSchema>;

/**
 * `GET /tickets` answer: the one page shape, plus the count's cap and the keyset cursor. `count`
 * is the matching tickets counted up to `ticketCountCap` (`searchCountCap` for a search; the
 * list's badges show 99+ long before).
 */
export const ticketsPageSchema = pageSchema('tickets', ticketRecordSchema).extend({
  /** True when there are more matches than `count` says. */
  countCapped: z.boolean(),
  /** Pass as `before` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TicketsPage = z.input<typeof ticketsPageSchema>;

/** `DELETE /tickets/{id}` answer. */
export const ticketRemovedSchema = z.object({ message: z.string(), ticketId: z.number() });

/** `POST /tickets/{id}/read` answer: the ticket's unread count, now 0. */
export const ticketReadSchema = z.object({ ticketId: z.number(), unreadMessages: z.number() });

/** An earlier ticket of the same contact and connection, named by the thread's divider. */
export const threadTicketRefSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(ticketStatuses),
  createdAt: timestampSchema,
  closedAt: timestampSchema.nullable(),
  user: userRefSchema.nullable(),
  queue: queueRefSchema.nullable(),
});
export type ThreadTicketRef = z.input<typeof threadTicketRefSchema>;
