import {
  canReadDeletedMessages,
  type OtherOpenTicket,
  type Profile,
  type TicketCreate,
  type TicketListQuery,
  type TicketPriority,
  type TicketRecord,
  type TicketUpdate,
} from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { tickets } from '../../tables.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ChannelSession } from '../channels/index.ts';
import { decideTicketChange, type TicketChangeKind } from './ticket-transitions.ts';
import { canOpenTicket, type TicketPolicy } from './tickets.policy.ts';
import type { TicketsRealtime } from './tickets.realtime.ts';
import type { MarkMessagesRead, TicketsRepository } from './tickets.repository.ts';

type Session = { companyId: number; userId: number };
type TicketRow = typeof tickets.$inferSelect;

/** What happens after a change is announced (automatic messages: greeting, transfer notice, completion). */
export type AfterTicketChange = (
  companyId: number,
  kind: TicketChangeKind,
  ticket: TicketRecord,
  actorId: number,
  /** Where the ticket stood before (a transfer notice names what changed). */
  previous: { queueId: number | null; userId: number | null },
) => Promise<void>;

/** Refuses (404, naming the field) a prompt or integration id that is not the company's. */
export type BotRefsCheck = (
  db: Database,
  companyId: number,
  fields: { promptId?: number | null; integrationId?: number | null },
) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tickets: the list with its filters and visibility, one ticket, transitions and transfers
 * (decided by `decideTicketChange`), creation, deletion and the read state. One transaction per
 * use case; events after commit; then the automation hook (greetings, notices, rating question).
 */
export function createTicketsService(deps: {
  db: Database;
  repository: TicketsRepository;
  policy: TicketPolicy;
  realtime: TicketsRealtime;
  afterChange: () => AfterTicketChange;
  sessions: () => { reach(whatsappId: number): Promise<ChannelSession | null> };
  assertBotRefs: BotRefsCheck;
  /** Messages are the messages module's rows: it marks them read inside markRead's transaction. */
  markMessagesRead: MarkMessagesRead;
  /** An attendant's ticket left them (transfer, return, delete): automatic assignment may give them another. */
  slotFreed: (companyId: number) => Promise<void>;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** The company setting `deletedMessagesVisibleTo`: whose searches look into deleted messages. */
  deletedVisibleTo: (companyId: number) => Promise<string>;
  /** A deletion is written with its audit entry in one transaction. */
  audit: AuditLog;
}) {
  const { db, repository, policy, realtime, log } = deps;

  async function viewer(session: Session) {
    const found = await policy.viewerOf(session);
    if (!found) throw new AppError('ERR_SESSION_EXPIRED');
    return found;
  }

  /** Another company's ticket does not exist (404); one the user may not open is 403. */
  async function openable(session: Session, id: number) {
    const row = await repository.findRow(session.companyId, id);
    if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
    if (!canOpenTicket(await viewer(session), row)) throw new AppError('ERR_NO_PERMISSION');
    return row;
  }

  async function otherOpenTicket(
    handle: Database,
    companyId: number,
    contactId: number,
    whatsappId: number | null,
    exceptId?: number,
  ) {
    const other = await repository.findActive(handle, companyId, contactId, whatsappId, exceptId);
    if (!other) return null;
    // The details name the ticket in the way, as the contract says: not every column found.
    const { id, uuid, status, userId, userName, queueName } = other;
    const ticket: OtherOpenTicket = {
      id,
      uuid,
      userId,
      userName,
      queueName,
      status: status as OtherOpenTicket['status'],
    };
    return new AppError('ERR_OTHER_OPEN_TICKET', { details: { ticket } });
  }

  async function validateRefs(companyId: number, input: { userId?: number | null; queueId?: number | null }) {
    const user = input.userId ? await repository.userExists(companyId, input.userId) : null;
    // A user named as the attendant, not the route's subject: the spec's "user does not exist".
    if (input.userId && !user) throw new AppError('ERR_USER_DONT_EXISTS');
    const queue = input.queueId ? await repository.queue(companyId, input.queueId) : null;
    if (input.queueId && !queue) throw new AppError('ERR_VALIDATION', { fields: { queueId: 'Unknown queue' } });
    return { user, queue };
  }

  async function record(companyId: number, id: number) {
    const found = await repository.record(companyId, id);
    if (!found) throw new AppError('ERR_NO_TICKET_FOUND');
    return found;
  }

  async function show(session: Session, id: number) {
    await openable(session, id);
    return record(session.companyId, id);
  }

  /**
   * A conversation started from here to a number that is not on WhatsApp is refused
   * (ERR_WAPP_INVALID_CONTACT). Asked through the connection's live session when its provider can
   * tell. A connection that is down cannot tell and does not refuse (the send waits for it); a live
   * one whose check fails answers ERR_WAPP_CHECK_CONTACT, before anything is written
   * (docs/decisions/error-codes.md).
   */
  async function assertOnWhatsApp(whatsappId: number, contact: { number: string; isGroup: boolean }) {
    if (contact.isGroup) return;
    const live = await deps.sessions().reach(whatsappId);
    if (!live?.isOnWhatsApp) return;
    let exists: boolean;
    try {
      exists = await live.isOnWhatsApp(contact.number);
    } catch (error) {
      log.warn({ err: error, whatsappId }, 'WhatsApp number check failed');
      throw new AppError('ERR_WAPP_CHECK_CONTACT');
    }
    if (!exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
  }

  return {
    assertOnWhatsApp,

    async list(session: Session & { profile: Profile }, query: TicketListQuery) {
      // Search finds a deleted message's text only for those who may read it (docs/decisions/edits-deletes-reactions.md).
      const searchDeleted =
        query.searchParam.trim() !== '' &&
        canReadDeletedMessages(await deps.deletedVisibleTo(session.companyId), session.profile);
      return repository.list(await viewer(session), query, { searchDeleted });
    },

    show,

    async showByUuid(session: Session, uuid: string) {
      const id = UUID.test(uuid) ? await repository.findIdByUuid(session.companyId, uuid) : null;
      if (!id) throw new AppError('ERR_NO_TICKET_FOUND');
      return show(session, id);
    },

    async update(session: Session, id: number, input: TicketUpdate) {
      const { companyId } = session;
      await openable(session, id);
      await validateRefs(companyId, input);
      await deps.assertBotRefs(db, companyId, input);
      if (input.whatsappId && !(await repository.connection(companyId, input.whatsappId))) {
        throw new AppError('ERR_NO_WAPP_FOUND');
      }
      let outcome: { before: TicketRow; kind: TicketChangeKind; changed: boolean };
      try {
        outcome = await db.transaction(async (tx) => {
          const before = await repository.lockRow(tx, companyId, id);
          if (!before) throw new AppError('ERR_NO_TICKET_FOUND');
          const decision = decideTicketChange(
            {
              ...before,
              status: before.status as TicketRecord['status'],
              priority: before.priority as TicketPriority,
            },
            input,
            {
              userId: session.userId,
            },
          );
          if (!decision.ok) throw new AppError(decision.error, { fields: decision.fields });
          if (decision.unchanged) return { before, kind: decision.kind, changed: false };
          const { closedAt, ...patch } = decision.patch;
          const status = patch.status ?? before.status;
          const whatsappId = patch.whatsappId ?? before.whatsappId;
          if (status !== 'closed' && (before.status === 'closed' || whatsappId !== before.whatsappId)) {
            // spec: one active ticket per contact and connection (the partial unique index has the last word).
            await repository.lockContact(tx, companyId, before.contactId);
            const conflict = await otherOpenTicket(tx, companyId, before.contactId, whatsappId, id);
            if (conflict) throw conflict;
          }
          const now = deps.clock();
          await repository.update(tx, companyId, id, {
            ...patch,
            ...(closedAt !== undefined ? { closedAt: closedAt === 'now' ? now : null } : {}),
            // The first time an attendant takes the ticket ends its wait (dashboard).
            ...(status === 'open' && !before.acceptedAt ? { acceptedAt: now } : {}),
          });
          return { before, kind: decision.kind, changed: true };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const row = await repository.findRow(companyId, id);
        const conflict =
          row && (await otherOpenTicket(db, companyId, row.contactId, input.whatsappId ?? row.whatsappId, id));
        throw conflict ?? new AppError('ERR_OTHER_OPEN_TICKET');
      }
      const ticket = await record(companyId, id);
      if (!outcome.changed) return ticket;
      realtime.ticketUpdated(companyId, ticket, outcome.before, session.userId);
      if (outcome.before.userId && outcome.before.userId !== ticket.userId) await deps.slotFreed(companyId);
      // Automatic messages never undo the change: their failure is logged.
      await deps
        .afterChange()(companyId, outcome.kind, ticket, session.userId, outcome.before)
        .catch((error) => log.warn({ err: error, ticketId: id }, 'after-change automation failed'));
      return record(companyId, id);
    },

    async create(session: Session, input: TicketCreate) {
      const { companyId } = session;
      const current = await viewer(session);
      const contact = await repository.contactExists(companyId, input.contactId);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const userId = input.userId ?? session.userId;
      await validateRefs(companyId, { userId, queueId: input.queueId });
      // spec §6: a non-admin's new-ticket queues are their own.
      if (input.queueId && !current.isAdmin && !current.queueIds.includes(input.queueId)) {
        throw new AppError('ERR_NO_PERMISSION');
      }
      let whatsappId = input.whatsappId ?? null;
      if (whatsappId) {
        if (!(await repository.connection(companyId, whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND');
      } else {
        whatsappId = (await repository.defaultConnection(companyId))?.id ?? null;
        if (!whatsappId) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
      }
      const connectionId = whatsappId;
      await assertOnWhatsApp(connectionId, contact);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          await repository.lockContact(tx, companyId, contact.id);
          const conflict = await otherOpenTicket(tx, companyId, contact.id, connectionId);
          if (conflict) throw conflict;
          const row = await repository.insert(tx, {
            companyId,
            contactId: contact.id,
            whatsappId: connectionId,
            userId,
            queueId: input.queueId ?? null,
            status: 'open',
            isGroup: contact.isGroup,
            acceptedAt: deps.clock(),
          });
          return row.id;
        });
      } catch (error) {
        // The contact, attendant, queue or connection was deleted by someone else between the checks and the insert.
        if (isForeignKeyViolation(error)) throw new AppError('ERR_CREATING_TICKET');
        if (!isUniqueViolation(error)) throw error;
        throw (await otherOpenTicket(db, companyId, contact.id, connectionId)) ?? new AppError('ERR_OTHER_OPEN_TICKET');
      }
      const ticket = await repository.record(companyId, id);
      // Created, then deleted by someone else before it could be read back.
      if (!ticket) throw new AppError('ERR_CREATING_TICKET');
      realtime.ticketUpdated(companyId, ticket);
      return ticket;
    },

    async remove(session: Session, id: number) {
      const row = await repository.findRow(session.companyId, id);
      if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
      await db.transaction(async (tx) => {
        await repository.remove(session.companyId, id, tx);
        await deps.audit.record(tx, session, {
          action: 'ticket.deleted',
          entityType: 'ticket',
          entityId: id,
          before: {
            contactId: row.contactId,
            status: row.status,
            userId: row.userId,
            queueId: row.queueId,
            whatsappId: row.whatsappId,
          },
        });
      });
      realtime.ticketDeleted(session.companyId, row);
      if (row.userId && row.status !== 'closed') await deps.slotFreed(session.companyId);
      return { message: 'Ticket deleted', ticketId: id };
    },

    /** An attendant opened the conversation: read, counter zeroed, bell told, WhatsApp told. */
    async markRead(session: Session, id: number) {
      const { companyId } = session;
      const row = await openable(session, id);
      const externalIds = await repository.markRead(companyId, id, deps.markMessagesRead);
      if (externalIds.length > 0 || row.unreadMessages > 0) realtime.unreadReset(companyId, row);
      if (externalIds.length > 0 && row.whatsappId) {
        const live = await deps.sessions().reach(row.whatsappId);
        const ticket = live ? await repository.record(companyId, id) : null;
        if (live && ticket) {
          live
            .markRead({ chatId: ticket.contact.number, isGroup: ticket.isGroup, externalIds: externalIds.slice(-500) })
            .catch((error) => log.warn({ err: error, ticketId: id }, 'read receipts not sent'));
        }
      }
      return { ticketId: id, unreadMessages: 0 };
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
