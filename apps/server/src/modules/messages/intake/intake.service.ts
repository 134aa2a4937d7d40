import type { MessagesLanguage } from '@wacrm/shared';
import { MESSAGE_MEDIA_MAX_BYTES } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../platform/db/client.ts';
import type { FileStorage } from '../../../platform/storage/local-storage.ts';
import {
  type Ack,
  displayName,
  type InboundCall,
  type InboundMessage,
  type InboundMessageUpdate,
  isAcceptedMimetype,
  type SessionInboundHandlers,
  type SessionRef,
  safeExtension,
} from '../../channels/index.ts';
import { createTicketRecordReader } from '../../tickets/index.ts';
import { automaticTexts } from '../automatic-texts.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import {
  companyReactor,
  createMessageReactionsRepository,
  customerReactor,
  participantReactor,
} from '../message-reactions.repository.ts';
import { createHiddenViews, createMessageUpdates } from '../message-updates.ts';
import type { MessagesRealtime } from '../messages.realtime.ts';
import { type MessagesRepository, toContactRecord } from '../messages.repository.ts';
import type { ProfilePictures } from '../profile-pictures.ts';
import type { IntakeRepository } from './intake.repository.ts';
import type { IntakeKind } from './intake-batch.ts';
import { createIntakeQueue } from './intake-queue.ts';
import {
  createIntakeWriter,
  type IntakeJob,
  StoredMeanwhile,
  type StoredMessage,
  type Written,
} from './intake-writer.ts';

/** The largest batch one transaction stores (docs/decisions/channels.md, "Batch intake"). */
const MAX_BATCH = 200;

/** What a queued message became, and the automation it set off (its promise never rejects). */
interface Outcome {
  stored: StoredMessage | null;
  automated: Promise<void>;
}

const nothingToAutomate = Promise.resolve();

/**
 * A job's outcome may wait while the rest of its batch is retried one by one, before the queue
 * hands it to its caller: marked as handled so that a failure meanwhile is not an unhandled
 * rejection (the caller still receives it).
 */
function settledLater<T>(outcome: Promise<T>) {
  outcome.catch(() => undefined);
  return outcome;
}

/**
 * The one inbound path of every adapter. Media is saved first; then each connection's messages
 * go through a group-commit queue (`intake-queue.ts`): the messages that arrive while a batch is
 * being written are the next batch, stored in one transaction (`intake-writer.ts`) — contacts
 * upserted, each contact's ticket found or opened under the contact's lock, messages stored once
 * per (connection, external id), tickets moved up. Then the events, in arrival order, and the
 * routing automation, in order per ticket. See docs/decisions/channels.md.
 */
export function createIntake(deps: {
  db: Database;
  repository: IntakeRepository;
  records: MessagesRepository;
  realtime: MessagesRealtime;
  storage: FileStorage;
  log: FastifyBaseLogger;
  profilePictures?: ProfilePictures;
  /** What a stored message sets off: flows, bots, routing automation (declared in app.ts). */
  pipeline?: InboundPipeline;
  companyLocale: (companyId: number) => Promise<{ language: MessagesLanguage }>;
  /** The company setting `deletedMessagesVisibleTo` (cached); read from the table when not given. */
  deletedVisibleTo?: (companyId: number) => Promise<string>;
  clock: () => Date;
}): SessionInboundHandlers {
  const { db, repository, records, realtime, storage, log, clock } = deps;
  const writeBatch = createIntakeWriter({ db, repository, clock });
  const readTicketRecords = createTicketRecordReader(db);
  const reactions = createMessageReactionsRepository(db);
  const hiddenViews = createHiddenViews({
    records,
    deletedVisibleTo:
      deps.deletedVisibleTo ??
      (async (companyId) =>
        (await repository.setting(companyId, 'deletedMessagesVisibleTo')) ?? 'adminsAndSupervisors'),
  });
  const announce = createMessageUpdates({
    db,
    records,
    realtime,
    ticketState: (companyId, ticketId) => repository.ticketState(companyId, ticketId),
    hiddenViews,
  });

  async function saveMedia(companyId: number, media: NonNullable<InboundMessage['media']>) {
    if (media.data.length > MESSAGE_MEDIA_MAX_BYTES || !isAcceptedMimetype(media.mimetype)) {
      log.warn({ companyId, mimetype: media.mimetype, size: media.data.length }, 'inbound media refused');
      return null;
    }
    const name = displayName(media.filename ?? `file.${media.mimetype.split('/')[1] ?? 'bin'}`);
    const path = await storage.save(companyId, { extension: safeExtension(name), data: media.data });
    return { path, name };
  }

  async function removeFiles(jobs: IntakeJob[]) {
    await Promise.all(jobs.map((job) => (job.media ? storage.remove(job.media.path).catch(() => undefined) : null)));
  }

  async function emitMessageUpdate(companyId: number, row: { id: number; ticketId: number } | null) {
    if (row) await announce(companyId, row.id);
  }

  /**
   * A reaction: the reactor's one reaction to the message set, replaced or removed. It is no
   * message: it opens or moves no ticket, counts as no reply and sets off no automation.
   */
  async function applyReaction(ref: SessionRef, update: Extract<InboundMessageUpdate, { kind: 'reaction' }>) {
    const { companyId } = ref;
    const target = await repository.reactionTarget(companyId, ref.id, update.externalId, update.participant);
    if (!target) return;
    const reactor = update.fromMe
      ? companyReactor(null)
      : update.participant
        ? target.participantContactId
          ? customerReactor(target.participantContactId)
          : participantReactor(update.participant)
        : customerReactor(target.contactId);
    if (!(await reactions.set(companyId, target.id, reactor, update.emoji, clock()))) return;
    const { fromMe, userId, contactId } = reactor;
    await announce(companyId, target.id, {
      kind: 'reaction',
      reaction: { emoji: update.emoji, fromMe, userId, contactId },
    });
  }

  /** Automation never breaks intake: the message is stored whatever the bot does. */
  async function automate(what: string, run: (pipeline: InboundPipeline) => Promise<unknown>) {
    const { pipeline } = deps;
    if (!pipeline) return;
    try {
      await run(pipeline);
    } catch (error) {
      log.error({ err: error }, `automation failed: ${what}`);
    }
  }

  // Routing automation runs one step at a time per ticket, in arrival order, without holding up
  // the next batch.
  const automationChains = new Map<number, Promise<void>>();
  function automateInOrder(ticketId: number, step: () => Promise<void>) {
    const next = (automationChains.get(ticketId) ?? nothingToAutomate).then(step);
    automationChains.set(ticketId, next);
    void next.then(() => {
      if (automationChains.get(ticketId) === next) automationChains.delete(ticketId);
    });
    return next;
  }

  /** What a stored message asks of automation: the rating's thanks, the bot, or the call notice. */
  function automationOf(job: IntakeJob, stored: StoredMessage): (() => Promise<void>) | null {
    const { companyId, id: whatsappId } = job.ref;
    const { ticketId } = stored;
    if (job.kind === 'call')
      return () => automate('call notice', (pipeline) => pipeline.callDeclined(companyId, ticketId));
    if (job.inbound.fromMe) return null;
    if (stored.rated) return () => automate('rating', (pipeline) => pipeline.rated(companyId, ticketId));
    // The comment is the end of the conversation: no answer, and no bot on the closed ticket.
    if (stored.commented) return null;
    // Only pending tickets are the bot's (automation checks again under the ticket's lock).
    if (stored.ticketStatus !== 'pending' || job.inbound.isGroup) return null;
    const event = {
      companyId,
      ticketId,
      whatsappId,
      contactId: stored.contact.id,
      body: job.inbound.body ?? '',
      messageId: stored.messageId,
    };
    return () => automate('customer message', (pipeline) => pipeline.customerMessage(event));
  }

  // Each connection's events go out in arrival order: a batch's wait for the one before it.
  const publications = new Map<number, Promise<unknown>>();

  /**
   * Reads the records of a written batch (one query for the messages, one for the tickets), then
   * announces each stored message in arrival order: contact create, ticket update, message
   * create. Answers one outcome per job.
   */
  function publish(ref: SessionRef, jobs: IntakeJob[], written: Written[]): Promise<Outcome>[] {
    const { companyId } = ref;
    const stored = written.flatMap((entry) => (entry.status === 'stored' ? [entry.stored] : []));
    const recordsRead = Promise.all([
      records
        .findMessages(
          companyId,
          stored.map((entry) => entry.messageId),
        )
        .then(async (messages) => ({ messages, hidden: await hiddenViews.ofCreated(companyId, messages) })),
      readTicketRecords(db, companyId, [...new Set(stored.map((entry) => entry.ticketId))]),
    ]);
    const previous = publications.get(ref.id);
    const published = Promise.all([recordsRead, previous]).then(([[messageRecords, ticketRecords]]) => {
      const messageById = new Map(messageRecords.messages.map((message) => [message.id, message]));
      const ticketById = new Map(ticketRecords.map((ticket) => [ticket.id, ticket]));
      return jobs.map((job, index): Outcome => {
        const entry = written[index];
        if (entry.status !== 'stored') return { stored: null, automated: nothingToAutomate };
        const message = messageById.get(entry.stored.messageId);
        const ticket = ticketById.get(entry.stored.ticketId);
        if (!message || !ticket) return { stored: null, automated: nothingToAutomate };
        // The contact is the row the transaction read or wrote: no need to read it again.
        const contact = toContactRecord(entry.stored.contact);
        if (entry.stored.contactCreated) realtime.contactChanged(companyId, 'create', contact);
        realtime.ticketUpdated(companyId, ticket);
        realtime.messageCreated(companyId, { message, ticket, contact }, messageRecords.hidden.get(message.id));
        const { inbound } = job;
        if (!inbound.fromMe) {
          void deps.profilePictures?.refreshIfStale({
            companyId,
            whatsappId: ref.id,
            contactId: contact.id,
            chatId: inbound.chatId,
            isGroup: inbound.isGroup,
            checkedAt: entry.stored.contact.profilePicCheckedAt,
          });
        }
        const step = automationOf(job, entry.stored);
        return {
          stored: entry.stored,
          automated: step ? automateInOrder(entry.stored.ticketId, step) : nothingToAutomate,
        };
      });
    });
    const settled = published.catch(() => undefined);
    publications.set(ref.id, settled);
    void settled.then(() => {
      if (publications.get(ref.id) === settled) publications.delete(ref.id);
    });
    return jobs.map((_, index) => settledLater(published.then((outcomes) => outcomes[index])));
  }

  /**
   * One batch of a connection's queue: written in one transaction, then published. A batch that
   * fails is written again message by message, in order, so one bad message cannot fail the
   * others; a single message that fails rejects its caller (and its file is removed).
   */
  async function writeQueued(jobs: IntakeJob[]): Promise<Promise<Outcome>[]> {
    const { ref } = jobs[0];
    let written: Written[];
    try {
      written = await writeBatch(ref, jobs);
    } catch (error) {
      if (jobs.length > 1) {
        log.warn({ err: error, whatsappId: ref.id, size: jobs.length }, 'intake batch failed: storing one by one');
        const outcomes: Promise<Outcome>[] = [];
        for (const job of jobs) outcomes.push(...(await writeQueued([job])));
        return outcomes;
      }
      await removeFiles(jobs);
      // Alone, a message the unique index refused is a redelivery, as it always was.
      if (!(error instanceof StoredMeanwhile)) return [settledLater(Promise.reject(error))];
      written = [{ status: 'redelivered' }];
    }
    await removeFiles(jobs.filter((_, index) => written[index].status !== 'stored'));
    return publish(ref, jobs, written);
  }

  const queue = createIntakeQueue<IntakeJob, Outcome>({
    maxBatch: MAX_BATCH,
    write: (_connectionId, jobs) => writeQueued(jobs),
  });

  /**
   * Stores one inbound message (or call record) and announces it; answers what was stored, or
   * null for a redelivery or an ignored group message. Its automation has run when this answers.
   */
  async function store(ref: SessionRef, inbound: InboundMessage, kind: IntakeKind) {
    const { companyId } = ref;
    let media: IntakeJob['media'] = null;
    if (inbound.media) {
      // The unique index is what guarantees "once"; this early look only saves writing a
      // redelivered file again, and saving a group's file the company ignores.
      if (await repository.messageExists(ref.id, inbound.externalId)) return null;
      if (inbound.isGroup && (await repository.setting(companyId, 'CheckMsgIsGroup')) !== 'disabled') return null;
      media = await saveMedia(companyId, inbound.media);
    }
    const mediaType = inbound.media && !media ? null : (inbound.mediaType ?? null);
    const outcome = await queue.push(ref.id, { ref, inbound, kind, media, mediaType });
    await outcome.automated;
    return outcome.stored;
  }

  return {
    async onMessage(ref: SessionRef, inbound: InboundMessage) {
      await store(ref, inbound, 'message');
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
      await store(
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
    },

    async onMessageUpdate(ref: SessionRef, update: InboundMessageUpdate) {
      if (update.kind === 'failed') {
        await emitMessageUpdate(
          ref.companyId,
          await repository.applyDeliveryFailure(ref.companyId, ref.id, update.externalId, update.reason),
        );
        return;
      }
      if (update.kind === 'reaction') {
        await applyReaction(ref, update);
        return;
      }
      // Applied once, announced once; an edit sets off no automation (the bot answered the text already).
      const { companyId } = ref;
      if (update.kind === 'edit') {
        const edited = await repository.applyEdit(companyId, ref.id, update.externalId, update.body, clock());
        if (!edited) return;
        const { mediaName, mediaType } = edited;
        await announce(
          companyId,
          edited.id,
          { kind: 'edit' },
          {
            ticketId: edited.ticketId,
            before: { body: edited.previousBody, mediaName, mediaType },
            after: { body: update.body, mediaName, mediaType },
          },
        );
        return;
      }
      const deleted = await repository.applyDelete(companyId, ref.id, update.externalId, clock());
      if (deleted) {
        await announce(
          companyId,
          deleted.id,
          { kind: 'delete' },
          { ticketId: deleted.ticketId, before: deleted, after: null },
        );
      }
    },

    async onAck(ref: SessionRef, externalId: string, ack: Ack) {
      await emitMessageUpdate(ref.companyId, await repository.applyAck(ref.companyId, ref.id, externalId, ack));
    },
  };
}
