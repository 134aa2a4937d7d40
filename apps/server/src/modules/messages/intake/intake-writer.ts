import type { Database } from '../../../platform/db/client.ts';
import type { contacts } from '../../../tables.ts';
import type { InboundMessage, SessionRef } from '../../channels/index.ts';
import { ticketWrites } from '../../tickets/index.ts';
import type { IntakeRepository, MessageValues } from './intake.repository.ts';
import {
  chooseTickets,
  contactsThatMayRate,
  firstDeliveries,
  type IntakeKind,
  lastMessageOf,
  RATING_COMMENT_WINDOW_MS,
  type TicketRef,
  ticketTouches,
} from './intake-batch.ts';

type ContactRow = typeof contacts.$inferSelect;

/** One inbound message (or call record) waiting in its connection's queue; its file is already saved. */
export interface IntakeJob {
  ref: SessionRef;
  inbound: InboundMessage;
  kind: IntakeKind;
  media: { path: string; name: string } | null;
  /** Null when the media was refused (kept as a text message without a type). */
  mediaType: string | null;
}

export type Written =
  | { status: 'stored'; stored: StoredMessage }
  /** Stored before (or earlier in the same batch): nothing changed. */
  | { status: 'redelivered' }
  /** A group message while the company ignores groups. */
  | { status: 'ignored' };

export interface StoredMessage {
  /** The contact row as the transaction left it (the events carry it without reading it again). */
  contact: ContactRow;
  /** This message made the contact (the first of a new number). */
  contactCreated: boolean;
  ticketId: number;
  ticketStatus: string;
  messageId: number;
  /** The message was the rating of a closed ticket. */
  rated: boolean;
  /** The message was the comment on that rating (on the same closed ticket). */
  commented: boolean;
}

/** The unique index refused a message the batch's first look did not know: someone stored it meanwhile. */
export class StoredMeanwhile extends Error {}

/** The name a new contact gets: the group's name, else the push name (never our own), else the number. */
function contactNameOf(inbound: InboundMessage) {
  const name = inbound.isGroup
    ? inbound.groupName || inbound.chatId
    : (!inbound.fromMe && inbound.pushName) || inbound.chatId;
  return name.slice(0, 200);
}

/**
 * Writes one batch of a connection's inbound messages in ONE transaction, with set-based
 * statements: the answer for each job is what storing the jobs one after the other, in arrival
 * order, would have given. Throws when anything fails (the caller retries the jobs one by one),
 * including `StoredMeanwhile`.
 */
export function createIntakeWriter(deps: { db: Database; repository: IntakeRepository; clock: () => Date }) {
  const { db, repository, clock } = deps;

  async function groupsIgnored(companyId: number, jobs: IntakeJob[]) {
    if (!jobs.some((job) => job.inbound.isGroup)) return false;
    // Setting CheckMsgIsGroup "enabled" means "ignore group messages" (the spec's default).
    return (await repository.setting(companyId, 'CheckMsgIsGroup')) !== 'disabled';
  }

  return async function writeBatch(ref: SessionRef, jobs: IntakeJob[]): Promise<Written[]> {
    const { companyId, id: whatsappId } = ref;
    const written: Written[] = jobs.map(() => ({ status: 'redelivered' }));
    // Read once per batch, before the transaction (PGlite has one connection: no query beside it).
    const ignoreGroups = await groupsIgnored(companyId, jobs);
    const candidates = jobs.flatMap((job, index) => {
      if (ignoreGroups && job.inbound.isGroup) {
        written[index] = { status: 'ignored' };
        return [];
      }
      return [index];
    });
    if (candidates.length === 0) return written;
    const now = clock();

    await db.transaction(async (tx) => {
      // Redeliveries are answered without touching anything, as if they had come alone.
      const alreadyStored = await repository.storedExternalIds(
        tx,
        whatsappId,
        candidates.map((index) => jobs[index].inbound.externalId),
      );
      const live = firstDeliveries(
        candidates.map((index) => jobs[index].inbound.externalId),
        alreadyStored,
      ).map((position) => {
        const index = candidates[position];
        return { index, ...jobs[index] };
      });
      if (live.length === 0) return;

      // Contacts: one look for every number; the new ones inserted together, named by their
      // first message (the push name at creation only).
      const wanted = new Map<string, { number: string; name: string; isGroup: boolean }>();
      for (const { inbound } of live) {
        if (!wanted.has(inbound.chatId)) {
          wanted.set(inbound.chatId, {
            number: inbound.chatId,
            name: contactNameOf(inbound),
            isGroup: inbound.isGroup,
          });
        }
      }
      const byNumber = new Map<string, ContactRow>();
      for (const row of await repository.findContactsByNumber(tx, companyId, [...wanted.keys()])) {
        byNumber.set(row.number, row);
      }
      const missing = [...wanted.keys()].filter((number) => !byNumber.has(number));
      let created = new Set<number>();
      if (missing.length > 0) {
        created = await repository.insertContacts(
          tx,
          companyId,
          whatsappId,
          missing.map((number) => wanted.get(number)!),
        );
        // Ours and the ones a concurrent insert made first.
        for (const row of await repository.findContactsByNumber(tx, companyId, missing)) byNumber.set(row.number, row);
      }
      const moved = [...byNumber.values()].filter((row) => row.whatsappId !== whatsappId);
      await repository.moveContactsTo(
        tx,
        companyId,
        whatsappId,
        moved.map((row) => row.id),
      );
      for (const row of moved) byNumber.set(row.number, { ...row, whatsappId });
      const contactOf = (inbound: InboundMessage) => {
        const row = byNumber.get(inbound.chatId);
        if (!row) throw new Error(`no contact for ${inbound.chatId}`);
        return row;
      };
      const contactIds = [...new Set(live.map(({ inbound }) => contactOf(inbound).id))];

      // From here on no other path changes these contacts' tickets until we commit.
      await repository.lockContacts(tx, companyId, contactIds);
      const active = new Map<number, TicketRef>();
      for (const ticket of await repository.findActiveTickets(tx, companyId, whatsappId, contactIds)) {
        active.set(ticket.contactId, ticket);
      }
      const planned = live.map((job) => ({
        contactId: contactOf(job.inbound).id,
        kind: job.kind,
        inbound: job.inbound,
      }));
      const waiting = new Map<number, TicketRef & { userId: number | null }>();
      const mayRate = contactsThatMayRate(planned, new Set(active.keys()));
      for (const ticket of await repository.findTicketsAwaitingRating(tx, companyId, whatsappId, mayRate, now)) {
        waiting.set(ticket.contactId, ticket);
      }
      const awaitingComment = new Map<number, TicketRef>();
      for (const ticket of await repository.findRatingsAwaitingComment(tx, companyId, whatsappId, mayRate, now)) {
        awaitingComment.set(ticket.contactId, ticket);
      }
      const { choices, endWaits, ratings, endCommentWaits, comments } = chooseTickets(
        planned,
        active,
        waiting,
        awaitingComment,
      );
      await ticketWrites.endRatingWaits(tx, companyId, endWaits);
      await repository.recordRatings(tx, companyId, ratings, new Date(now.getTime() + RATING_COMMENT_WINDOW_MS));
      await repository.endCommentWaits(tx, companyId, endCommentWaits);
      await repository.recordComments(tx, companyId, comments);

      const opening = new Map<number, { contactId: number; isGroup: boolean }>();
      choices.forEach((choice, position) => {
        const { contactId, inbound } = planned[position];
        if (choice.kind === 'new' && !opening.has(contactId))
          opening.set(contactId, { contactId, isGroup: inbound.isGroup });
      });
      const opened = new Map<number, TicketRef>();
      for (const ticket of await ticketWrites.createPending(tx, companyId, whatsappId, [...opening.values()])) {
        opened.set(ticket.contactId, ticket);
      }
      const raced = [...opening.keys()].filter((contactId) => !opened.has(contactId));
      if (raced.length > 0) {
        for (const ticket of await repository.findActiveTickets(tx, companyId, whatsappId, raced)) {
          opened.set(ticket.contactId, ticket);
        }
      }
      const ticketOf = (position: number) => {
        const choice = choices[position];
        const ticket = choice.kind === 'new' ? opened.get(planned[position].contactId) : choice.ticket;
        if (!ticket) throw new Error('no ticket could be found or created');
        return ticket;
      };

      const quotedExternalIds = [
        ...new Set(live.flatMap(({ inbound }) => (inbound.quotedExternalId ? [inbound.quotedExternalId] : []))),
      ];
      const quoted = await repository.messageIdsByExternal(tx, whatsappId, quotedExternalIds);

      const values: MessageValues[] = live.map(({ inbound, media, mediaType }, position) => ({
        ticketId: ticketOf(position).id,
        contactId: planned[position].contactId,
        externalId: inbound.externalId,
        body: inbound.body ?? '',
        fromMe: inbound.fromMe,
        read: inbound.fromMe,
        // What the phone sent itself has left it already.
        ack: inbound.fromMe ? 1 : 0,
        mediaType,
        mediaPath: media?.path ?? null,
        mediaName: media?.name ?? null,
        quotedMsgId: inbound.quotedExternalId ? (quoted.get(inbound.quotedExternalId) ?? null) : null,
        participant: inbound.participant ?? null,
        participantName: inbound.participantName ?? null,
        createdAt: inbound.timestamp.toISOString(),
      }));
      const ids = await repository.insertMessages(tx, companyId, whatsappId, values);
      if (ids.size < live.length) throw new StoredMeanwhile();

      // A reply to a message that came earlier in this batch: its id exists only now.
      const earlierQuotes = live.flatMap(({ inbound }, position) => {
        const quotedId = inbound.quotedExternalId;
        if (!quotedId || quoted.has(quotedId)) return [];
        const isEarlier = live.slice(0, position).some((other) => other.inbound.externalId === quotedId);
        return isEarlier ? [{ messageId: ids.get(inbound.externalId)!, quotedMsgId: ids.get(quotedId)! }] : [];
      });
      await repository.setQuotes(tx, companyId, earlierQuotes);

      const rated = (position: number) => choices[position].kind === 'rated';
      const commented = (position: number) => choices[position].kind === 'commented';
      await ticketWrites.touchReceived(
        tx,
        companyId,
        ticketTouches(
          values.map((value, position) => ({
            ticketId: value.ticketId,
            lastMessage: lastMessageOf({ body: value.body, mediaName: value.mediaName, mediaType: value.mediaType }),
            fromMe: value.fromMe,
            countsAsUnread: !value.fromMe && !rated(position) && !commented(position),
          })),
        ),
        now,
      );

      const announcedContacts = new Set<number>();
      live.forEach(({ index, inbound }, position) => {
        const contact = contactOf(inbound);
        const isCreation = created.has(contact.id) && !announcedContacts.has(contact.id);
        announcedContacts.add(contact.id);
        const ticket = ticketOf(position);
        written[index] = {
          status: 'stored',
          stored: {
            contact,
            contactCreated: isCreation,
            ticketId: ticket.id,
            ticketStatus: ticket.status,
            messageId: ids.get(inbound.externalId)!,
            rated: rated(position),
            commented: commented(position),
          },
        };
      });
    });
    return written;
  };
}
