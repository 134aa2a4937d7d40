import { MESSAGE_MEDIA_MAX_BYTES } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/db/client.ts';
import type { contacts } from '../../../platform/db/schema.ts';
import type { FileStorage } from '../../../platform/storage/local-storage.ts';
import { automaticTexts } from '../../automation/automatic-texts.ts';
import type { MessagesLanguage } from '../../automation/local-time.ts';
import type { MessagesRealtime } from '../../messages/messages.realtime.ts';
import { type MessagesRepository, toContactRecord } from '../../messages/messages.repository.ts';
import type { Ack, InboundCall, InboundMessage, InboundMessageUpdate } from '../channel-adapter.ts';
import { displayName, isAcceptedMimetype, safeExtension } from '../media-files.ts';
import type { ProfilePictures } from '../profile-pictures.ts';
import type { SessionInboundHandlers, SessionRef } from '../session-manager.ts';
import type { IntakeRepository } from './intake.repository.ts';

class DuplicateMessage extends Error {}

type ContactRow = typeof contacts.$inferSelect;

/** What intake asks of routing automation once a message is stored. */
export interface IntakeAutomation {
  onCustomerMessage(event: {
    companyId: number;
    ticketId: number;
    whatsappId: number;
    contactId: number;
    body: string;
  }): Promise<void>;
  onRated(companyId: number, ticketId: number): Promise<void>;
  onCallDeclined(companyId: number, ticketId: number): Promise<void>;
}

/** A rating answer: exactly 1, 2 or 3 (spaces around it allowed). */
export function ratingIn(body: string) {
  const text = body.trim();
  return /^[1-3]$/.test(text) ? Number(text) : null;
}

/** What the ticket list shows as the last message. */
export function lastMessageOf(message: { body: string; mediaName?: string | null; mediaType?: string | null }) {
  if (message.body.trim()) return message.body.slice(0, 1000);
  if (message.mediaName) return message.mediaName;
  return message.mediaType ? `[${message.mediaType}]` : '';
}

/**
 * The one inbound path of every adapter: message stored once per (connection, external id) →
 * contact upserted → the contact's ticket on that connection found or opened (one at a time per
 * contact) → media saved → ticket moved up → events. See docs/decisions/channels.md.
 */
export function createIntake(deps: {
  db: Database;
  repository: IntakeRepository;
  records: MessagesRepository;
  realtime: MessagesRealtime;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Late-bound: the session manager that owns the sessions is made after intake. */
  profilePictures?: () => ProfilePictures | null;
  /** Late-bound: routing automation is made after the tickets and messages it drives. */
  automation?: () => IntakeAutomation | null;
  companyLocale: (companyId: number) => Promise<{ language: MessagesLanguage }>;
  clock: () => Date;
}): SessionInboundHandlers {
  const { db, repository, records, realtime, storage, log, clock } = deps;

  async function saveMedia(companyId: number, media: NonNullable<InboundMessage['media']>) {
    if (media.data.length > MESSAGE_MEDIA_MAX_BYTES || !isAcceptedMimetype(media.mimetype)) {
      log.warn({ companyId, mimetype: media.mimetype, size: media.data.length }, 'inbound media refused');
      return null;
    }
    const name = displayName(media.filename ?? `file.${media.mimetype.split('/')[1] ?? 'bin'}`);
    const path = await storage.save(companyId, { extension: safeExtension(name), data: media.data });
    return { path, name };
  }

  async function emitMessageUpdate(companyId: number, row: { id: number; ticketId: number } | null) {
    if (!row) return;
    const message = await records.findMessage(companyId, row.id);
    const ticket = message ? await repository.ticketState(companyId, row.ticketId) : null;
    if (message && ticket) realtime.messageUpdated(companyId, message, ticket);
  }

  /**
   * Stores one inbound message (or call record) and announces it; answers what was stored, or
   * null for a redelivery. A customer's 1–3 right after a rating question goes to the closed
   * ticket that asked, as its rating, instead of opening a new ticket.
   */
  async function store(ref: SessionRef, inbound: InboundMessage, kind: 'message' | 'call') {
    const { companyId } = ref;
    // The unique index below is what guarantees "once": a redelivered text just rolls back. With
    // media, a cheap early look saves writing the file again (one query less per text message).
    if (inbound.media && (await repository.messageExists(ref.id, inbound.externalId))) return null;

    const media = inbound.media ? await saveMedia(companyId, inbound.media) : null;
    const body = inbound.body ?? '';
    const mediaType = inbound.media && !media ? null : (inbound.mediaType ?? null);
    const contactName = inbound.isGroup
      ? inbound.groupName || inbound.chatId
      : (!inbound.fromMe && inbound.pushName) || inbound.chatId;

    let stored: {
      contact: ContactRow;
      contactId: number;
      contactCreated: boolean;
      ticketId: number;
      ticketStatus: string;
      messageId: number;
      rated: boolean;
    };
    try {
      stored = await db.transaction(async (tx) => {
        const { contact, created } = await repository.upsertContact(tx, companyId, {
          number: inbound.chatId,
          name: contactName.slice(0, 200),
          isGroup: inbound.isGroup,
          whatsappId: ref.id,
        });
        await repository.lockContact(tx, companyId, contact.id);
        let ticket = await repository.findActiveTicket(tx, companyId, contact.id, ref.id);
        let rated = false;
        if (!ticket && kind === 'message' && !inbound.isGroup && !inbound.fromMe) {
          const waiting = await repository.findTicketAwaitingRating(tx, companyId, contact.id, ref.id, clock());
          if (waiting) {
            // Any answer ends the wait; only 1, 2 or 3 is a rating, anything else opens a ticket as usual.
            await repository.endRatingWait(tx, companyId, waiting.id);
            const rate = ratingIn(body);
            if (rate) {
              await repository.recordRating(tx, { companyId, ticketId: waiting.id, userId: waiting.userId, rate });
              ticket = waiting;
              rated = true;
            }
          }
        }
        ticket =
          ticket ??
          (await repository.createPendingTicket(tx, companyId, {
            contactId: contact.id,
            whatsappId: ref.id,
            isGroup: inbound.isGroup,
          })) ??
          (await repository.findActiveTicket(tx, companyId, contact.id, ref.id));
        if (!ticket) throw new Error('no ticket could be found or created');
        const quotedMsgId = inbound.quotedExternalId
          ? await repository.findMessageIdByExternal(tx, ref.id, inbound.quotedExternalId)
          : null;
        const messageId = await repository.insertMessage(tx, {
          companyId,
          ticketId: ticket.id,
          contactId: contact.id,
          whatsappId: ref.id,
          externalId: inbound.externalId,
          body,
          fromMe: inbound.fromMe,
          read: inbound.fromMe,
          // What the phone sent itself has left it already.
          ack: inbound.fromMe ? 1 : 0,
          mediaType,
          mediaPath: media?.path ?? null,
          mediaName: media?.name ?? null,
          quotedMsgId,
          participant: inbound.participant ?? null,
          participantName: inbound.participantName ?? null,
          createdAt: inbound.timestamp,
        });
        if (messageId === null) throw new DuplicateMessage();
        await repository.touchTicket(
          tx,
          companyId,
          ticket.id,
          { text: lastMessageOf({ body, mediaName: media?.name, mediaType }), fromMe: inbound.fromMe, at: clock() },
          inbound.fromMe || rated ? 0 : 1,
        );
        return {
          contact,
          contactId: contact.id,
          contactCreated: created,
          ticketId: ticket.id,
          ticketStatus: ticket.status,
          messageId,
          rated,
        };
      });
    } catch (error) {
      if (media) await storage.remove(media.path).catch(() => undefined);
      if (error instanceof DuplicateMessage) return null;
      throw error;
    }

    // The contact is the row the transaction read or wrote: no need to read it again.
    const contact = toContactRecord(stored.contact);
    const [message, ticket] = await Promise.all([
      records.findMessage(companyId, stored.messageId),
      records.findTicket(companyId, stored.ticketId),
    ]);
    if (!message || !ticket) return null;
    if (stored.contactCreated) realtime.contactChanged(companyId, 'create', contact);
    realtime.ticketUpdated(companyId, ticket);
    realtime.messageCreated(companyId, { message, ticket, contact });
    if (!inbound.fromMe) {
      void deps.profilePictures?.()?.refreshIfStale({
        companyId,
        whatsappId: ref.id,
        contactId: contact.id,
        chatId: inbound.chatId,
        isGroup: inbound.isGroup,
      });
    }
    return stored;
  }

  /** Automation never breaks intake: the message is stored whatever the bot does. */
  async function automate(what: string, run: (automation: IntakeAutomation) => Promise<void>) {
    const automation = deps.automation?.();
    if (!automation) return;
    try {
      await run(automation);
    } catch (error) {
      log.error({ err: error }, `automation failed: ${what}`);
    }
  }

  return {
    async onMessage(ref: SessionRef, inbound: InboundMessage) {
      const { companyId } = ref;
      // Setting CheckMsgIsGroup "enabled" means "ignore group messages" (the spec's default).
      if (inbound.isGroup && (await repository.setting(companyId, 'CheckMsgIsGroup')) !== 'disabled') return;
      const stored = await store(ref, inbound, 'message');
      if (!stored || inbound.fromMe) return;
      if (stored.rated) {
        await automate('rating', (automation) => automation.onRated(companyId, stored.ticketId));
        return;
      }
      // Only pending tickets are the bot's (automation checks again under the ticket's lock).
      if (stored.ticketStatus !== 'pending' || inbound.isGroup) return;
      await automate('customer message', (automation) =>
        automation.onCustomerMessage({
          companyId,
          ticketId: stored.ticketId,
          whatsappId: ref.id,
          contactId: stored.contactId,
          body: inbound.body ?? '',
        }),
      );
    },

    /**
     * An incoming call. With the setting `call` disabled it is declined where the provider can,
     * recorded in the contact's ticket as a call_log entry and the customer is asked to write.
     */
    async onCall(ref: SessionRef, call: InboundCall) {
      const { companyId } = ref;
      if (call.isGroup || (await repository.setting(companyId, 'call')) !== 'disabled') return;
      if (await repository.messageExists(ref.id, `call:${call.callId}`)) return;
      await call.decline?.().catch((error) => log.warn({ err: error, callId: call.callId }, 'call not declined'));
      const { language } = await deps.companyLocale(companyId);
      const stored = await store(
        ref,
        {
          externalId: `call:${call.callId}`,
          chatId: call.from,
          isGroup: false,
          pushName: call.name,
          fromMe: false,
          body: automaticTexts(language).callLog(call.isVideo),
          mediaType: 'call_log',
          timestamp: call.timestamp,
        },
        'call',
      );
      if (stored) await automate('call notice', (automation) => automation.onCallDeclined(companyId, stored.ticketId));
    },

    async onMessageUpdate(ref: SessionRef, update: InboundMessageUpdate) {
      const change =
        update.kind === 'edit' ? { body: update.body, isEdited: true as const } : { isDeleted: true as const };
      await emitMessageUpdate(
        ref.companyId,
        await repository.applyUpdate(ref.companyId, ref.id, update.externalId, change),
      );
    },

    async onAck(ref: SessionRef, externalId: string, ack: Ack) {
      await emitMessageUpdate(ref.companyId, await repository.applyAck(ref.companyId, ref.id, externalId, ack));
    },
  };
}
