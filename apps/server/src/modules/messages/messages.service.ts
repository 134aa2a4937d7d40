import path from 'node:path';
import {
  canReadDeletedMessages,
  MESSAGE_MEDIA_MAX_BYTES,
  type MessagesLanguage,
  type MessagesPageQuery,
  renderVariables,
  type TicketRecord,
} from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { isForeignKeyViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { JobSender } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import {
  type ChannelCapabilities,
  type ChannelSession,
  CUSTOMER_SERVICE_WINDOW_MS,
  displayName,
  type FilledTemplate,
  isAcceptedMimetype,
  isVoiceNoteName,
  mediaTypeOf,
  mimetypeOf,
  notVoiceNoteName,
  OGG_OPUS_MIMETYPE,
  PermanentSendError,
  RateLimitedSendError,
  type StructuredContent,
  safeExtension,
  toVoiceNoteAudio,
  voiceNoteName,
} from '../channels/index.ts';
import { canOpenTicket } from '../tickets/index.ts';
import { lastMessageOf } from './intake/intake-batch.ts';
import { createMessageChanges, type MessageActor } from './message-changes.ts';
import type { MessageReactionsRepository } from './message-reactions.repository.ts';
import { type AnnounceMessageUpdate, announceViews, type HiddenViews } from './message-updates.ts';
import { type SendRetryPayload, sendRetryJob } from './messages.jobs.ts';
import type { MessagesRealtime } from './messages.realtime.ts';
import { type MessagesRepository, outboundOf, type StoredMessage } from './messages.repository.ts';
import type { TicketAccess } from './ticket-access.ts';

/** What a failed message's `sendError` may say (translated by the web app). */
export type SendErrorCode = 'ERR_WAPP_NOT_INITIALIZED' | 'ERR_SENDING_WAPP_MSG';

/** A session that dropped while sending says "not started"; anything else is a send failure. */
export function sendErrorCodeOf(error: unknown): SendErrorCode {
  return error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED'
    ? 'ERR_WAPP_NOT_INITIALIZED'
    : 'ERR_SENDING_WAPP_MSG';
}

/** How messages reach sessions: the local one, any process's (forwarded), and a send run by the owner. */
export interface MessageSessions {
  connectedSession(whatsappId: number): ChannelSession | null;
  /** A session no process holds (a Cloud API connection): sent through here, from any process. */
  directSession(whatsappId: number): Promise<ChannelSession | null>;
  /** Whether the connection's provider allows free-form messages only in the customer service window. */
  hasServiceWindow(companyId: number, whatsappId: number): Promise<boolean>;
  /** A Cloud API template filled with `values`; refuses (AppError) an unknown or unsendable one. */
  fillTemplate(
    companyId: number,
    whatsappId: number,
    template: { name: string; language: string },
    values: string[],
  ): Promise<FilledTemplate & { name: string; language: string }>;
  reach(whatsappId: number): Promise<ChannelSession | null>;
  /** What the connection's provider can do to sent messages; null when there is no such connection. */
  capabilities(companyId: number, whatsappId: number): Promise<ChannelCapabilities | null>;
  /** Asks the process holding the session to deliver the message; false when no other process holds it. */
  deliverElsewhere(
    whatsappId: number,
    payload: { companyId: number; messageId: number; attempt: number },
  ): Promise<boolean>;
}

/**
 * What `publish` read of a message it just stored and of its ticket: the message's first send
 * attempt is made and announced from these, reading neither again.
 */
interface FirstAttempt {
  stored: StoredMessage;
  ticket: TicketRecord;
}

/** A send claim outlives any send attempt; it lapses by itself if the sending process dies. */
const SEND_CLAIM_SECONDS = 60;

export interface UploadedMedia {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface SendInput {
  body: string;
  /** A Cloud API template instead of `body` (the values may use message variables). */
  template?: { name: string; language: string; variables: string[] };
  /** What the automation sends with structure (an option menu as buttons); `body` is its text. */
  structured?: StructuredContent;
  quotedMsgId?: number | null;
  signMessage?: boolean;
  medias?: UploadedMedia[];
  /** The one audio file is a recording to send as a push-to-talk voice note. */
  isVoiceNote?: boolean;
}

/**
 * An upload as it is stored. A voice note becomes Ogg/Opus under a generated name (the stored
 * mark of a voice note, see voice-note.ts); a recording that cannot become Ogg/Opus without
 * re-encoding (Safari's AAC) goes as a plain audio message.
 */
function toStoredMedia(media: UploadedMedia, isVoiceNote: boolean, now: Date) {
  if (isVoiceNote && mediaTypeOf(media.mimetype) === 'audio') {
    const audio = toVoiceNoteAudio(media.data);
    if (audio) return { name: voiceNoteName(now), mimetype: 'audio/ogg', data: audio };
  }
  return { name: notVoiceNoteName(displayName(media.filename)), mimetype: media.mimetype, data: media.data };
}

export interface SendRetryOptions {
  /** Attempts by the retry job before the message is marked failed (or left to wait, below). */
  maxAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /**
   * How long a message whose connection is down waits for it after the retry series: it is sent
   * when the connection is back (flushPending) and marked failed past this age (expireUnsent).
   */
  waitForConnectionSeconds: number;
}

/** About 40 minutes of retries, then a message whose connection is down waits for it up to 3 days. */
export const defaultSendRetry: SendRetryOptions = {
  maxAttempts: 8,
  baseDelaySeconds: 10,
  maxDelaySeconds: 600,
  waitForConnectionSeconds: 3 * 86_400,
};

/** Messages marked failed per expiry run; the next run takes the rest. */
const EXPIRE_BATCH = 500;

/**
 * Sending: stored first (ack 0, the clock), announced, then sent through the connection's
 * live session. When the session is down the message waits: a durable job retries it with
 * growing delays and every pending message is flushed, oldest first, as soon as the session
 * connects. After the last attempt a message that failed to send is marked failed (visible to
 * the agent); one whose connection is down keeps waiting for it, up to `waitForConnectionSeconds`
 * after it was written, then the `messages.expire-unsent` job marks it failed.
 */
export function createMessagesService(deps: {
  repository: MessagesRepository;
  realtime: MessagesRealtime;
  storage: FileStorage;
  access: TicketAccess;
  sessions: () => MessageSessions;
  jobs: JobSender;
  log: FastifyBaseLogger;
  retry?: Partial<SendRetryOptions>;
  clock: () => Date;
  companyLocale: (companyId: number) => Promise<{ timeZone: string; language: MessagesLanguage }>;
  /** The company setting `deletedMessagesVisibleTo`. */
  deletedVisibleTo: (companyId: number) => Promise<string>;
  reactions: MessageReactionsRepository;
  announce: AnnounceMessageUpdate;
  hiddenViews: HiddenViews;
}) {
  const { repository, realtime, storage, access, log } = deps;
  const retry = { ...defaultSendRetry, ...deps.retry };
  const changes = createMessageChanges({
    repository,
    reactions: deps.reactions,
    sessions: deps.sessions,
    announce: deps.announce,
    clock: deps.clock,
    log,
  });

  /** An attendant changes a message of a ticket they may open. */
  const attendant = (session: RequestSession): MessageActor => ({
    companyId: session.companyId,
    userId: session.userId,
    mayReach: (message) => access.canAccess(session, message.ticketId),
  });

  /** The durable retry of one message, `delaySeconds` from now. */
  async function scheduleRetry(payload: SendRetryPayload, delaySeconds: number) {
    await deps.jobs.send(sendRetryJob, payload, { startAfterSeconds: delaySeconds, retryLimit: 2 });
  }

  async function requireTicket(session: Pick<RequestSession, 'companyId' | 'userId'>, ticketId: number) {
    // The ticket record has what the access rule reads: only the viewer is asked besides.
    const [ticket, viewer] = await Promise.all([
      repository.findTicket(session.companyId, ticketId),
      access.viewerOf(session),
    ]);
    if (!ticket || !viewer || !canOpenTicket(viewer, ticket)) throw new AppError('ERR_NO_TICKET_FOUND');
    return ticket;
  }

  async function emitUpdate(companyId: number, messageId: number) {
    await deps.announce(companyId, messageId);
  }

  /** `sendError` holds an error code the web app translates, never provider text. */
  async function waitOrFail(
    companyId: number,
    messageId: number,
    attempt: number,
    reason: SendErrorCode,
    createdAt: Date,
  ) {
    if (attempt >= retry.maxAttempts) {
      const waitedMs = deps.clock().getTime() - createdAt.getTime();
      // The connection is down: no more jobs, the message waits for the flush when it is back.
      if (reason === 'ERR_WAPP_NOT_INITIALIZED' && waitedMs < retry.waitForConnectionSeconds * 1000) return;
      await repository.markFailed(companyId, messageId, reason);
      await emitUpdate(companyId, messageId);
      return;
    }
    const delay = Math.min(retry.maxDelaySeconds, retry.baseDelaySeconds * 2 ** attempt);
    await scheduleRetry({ companyId, messageId, attempt: attempt + 1 }, delay);
  }

  /**
   * The provider's rate limit turned the message away: not a failed attempt, so the retry series
   * stays where it was. The wait doubles with the message's age (between the base and the longest
   * delay); only the bound on unsent messages fails it, as it would one waiting for its connection.
   */
  async function retryRateLimited(companyId: number, messageId: number, attempt: number, createdAt: Date) {
    const waitedSeconds = (deps.clock().getTime() - createdAt.getTime()) / 1000;
    if (waitedSeconds >= retry.waitForConnectionSeconds) {
      await repository.markFailed(companyId, messageId, 'ERR_SENDING_WAPP_MSG');
      await emitUpdate(companyId, messageId);
      return;
    }
    const delay = Math.min(retry.maxDelaySeconds, Math.max(retry.baseDelaySeconds, Math.ceil(waitedSeconds)));
    await scheduleRetry({ companyId, messageId, attempt }, delay);
  }

  /**
   * Whether the connection's provider bounds free-form messages by WhatsApp's customer service
   * window (the Cloud API) and the customer last wrote longer ago than it (or never).
   */
  async function isServiceWindowClosed(companyId: number, whatsappId: number, contactId: number) {
    const serviceWindow = await serviceWindowOf(companyId, { whatsappId, contactId });
    return serviceWindow !== null && serviceWindow.closesAt === null;
  }

  /** When a ticket's service window closes (null: closed); null for connections without one. */
  async function serviceWindowOf(companyId: number, ticket: { whatsappId: number | null; contactId: number }) {
    if (!ticket.whatsappId || !(await deps.sessions().hasServiceWindow(companyId, ticket.whatsappId))) return null;
    const lastWrote = await repository.lastCustomerMessageAt(companyId, ticket.whatsappId, ticket.contactId);
    const closesAt = lastWrote ? new Date(lastWrote.getTime() + CUSTOMER_SERVICE_WINDOW_MS) : null;
    return { closesAt: closesAt && closesAt > deps.clock() ? closesAt : null };
  }

  /**
   * The update of a message just handed to the provider, built from the row the sent mark returned
   * and what `publish` read: its contact, quote and reactions, and the ticket's audience, as they
   * were a send's time ago.
   */
  function announceSent(companyId: number, first: FirstAttempt, sentRow: StoredMessage['row']['message']) {
    const views = repository.viewsAfter(first.stored, sentRow);
    return announceViews({ realtime, hiddenViews: deps.hiddenViews }, companyId, views, first.ticket, {
      sentInPublish: true,
    });
  }

  /** Tries to send one stored message now; answers whether it left. */
  async function deliver(companyId: number, messageId: number, attempt: number, first?: FirstAttempt) {
    const outbound = first
      ? outboundOf(first.stored, first.ticket)
      : await repository.findOutbound(companyId, messageId);
    if (!outbound) return false;
    const { message } = outbound;
    const { whatsappId } = message;
    if (message.externalId || message.failed || message.isDeleted || !whatsappId) return true;
    const session = deps.sessions().connectedSession(whatsappId) ?? (await deps.sessions().directSession(whatsappId));
    if (!session) {
      // Another process holds the session: it sends (and retries) there.
      const payload = { companyId, messageId, attempt };
      const forwarded = await deps
        .sessions()
        .deliverElsewhere(whatsappId, payload)
        .catch(() => false);
      if (!forwarded) await waitOrFail(companyId, messageId, attempt, 'ERR_WAPP_NOT_INITIALIZED', message.createdAt);
      return false;
    }
    // One send at a time per message across every process (a flush and a retry job may meet).
    if (!(await repository.claimSending(companyId, messageId, SEND_CLAIM_SECONDS))) {
      // Someone is sending it. Should that sender die mid-send, its claim lapses and this look finds it.
      if (attempt < retry.maxAttempts) {
        await scheduleRetry({ companyId, messageId, attempt: attempt + 1 }, SEND_CLAIM_SECONDS);
      }
      return false;
    }
    let sent = false;
    // Released on the failure paths before a retry is scheduled, so that one never meets the claim.
    let isReleased = false;
    try {
      try {
        const structured = (message.structuredContent as StructuredContent | null) ?? undefined;
        const isTemplate = structured?.kind === 'template';
        if (!isTemplate && (await isServiceWindowClosed(companyId, whatsappId, outbound.contactId))) {
          throw new PermanentSendError('ERR_OUTSIDE_SERVICE_WINDOW', 'the customer service window is closed');
        }
        const isVoiceNote = message.mediaType === 'audio' && isVoiceNoteName(message.mediaName);
        const { externalId } = await session.send({
          chatId: outbound.chatId,
          isGroup: outbound.isGroup,
          body: message.body,
          structured,
          quotedExternalId: outbound.quotedExternalId ?? undefined,
          quotedFromMe: outbound.quotedFromMe ?? undefined,
          media: message.mediaPath
            ? {
                path: await storage.localPath(message.mediaPath),
                mimetype: isVoiceNote
                  ? OGG_OPUS_MIMETYPE
                  : mimetypeOf(message.mediaName ?? message.mediaPath, message.mediaType),
                filename: message.mediaName ?? path.basename(message.mediaPath),
                ...(isVoiceNote ? { asVoiceNote: true } : {}),
              }
            : undefined,
        });
        const sentRow = await repository.markSent(companyId, messageId, externalId, deps.clock());
        sent = true;
        if (first && sentRow) await announceSent(companyId, first, sentRow);
        else await emitUpdate(companyId, messageId);
        return true;
      } catch (error) {
        if (sent) throw error;
        if (error instanceof PermanentSendError) {
          log.info({ messageId, reason: error.reason, detail: error.message }, 'send refused for good');
          await repository.markFailed(companyId, messageId, error.reason);
          isReleased = true;
          await emitUpdate(companyId, messageId);
          return false;
        }
        if (error instanceof RateLimitedSendError) {
          log.info({ messageId, detail: error.message }, 'send rate-limited; will retry');
          await repository.releaseSending(companyId, messageId);
          isReleased = true;
          await retryRateLimited(companyId, messageId, attempt, message.createdAt);
          return false;
        }
        log.warn({ err: error, messageId }, 'send failed; will retry');
        await repository.releaseSending(companyId, messageId);
        isReleased = true;
        await waitOrFail(companyId, messageId, attempt, sendErrorCodeOf(error), message.createdAt);
        return false;
      }
    } finally {
      if (!sent && !isReleased) await repository.releaseSending(companyId, messageId).catch(() => undefined);
    }
  }

  /**
   * Fills the message variables ({{name}}, {{firstName}}, {{ms}}, {{protocol}}, {{date}}, {{hour}})
   * of a text about to be sent on a ticket, on the company's clock and in its messages language.
   */
  async function fillTemplate(
    companyId: number,
    ticket: { id: number; createdAt: Date; contactName: string },
    text: string,
  ) {
    if (!text.includes('{{')) return text;
    return renderVariables(text, {
      contactName: ticket.contactName,
      ticketId: ticket.id,
      ticketCreatedAt: ticket.createdAt,
      now: deps.clock(),
      ...(await deps.companyLocale(companyId)),
    });
  }

  const fillVariables = (companyId: number, ticket: TicketRecord, text: string) =>
    fillTemplate(
      companyId,
      { id: ticket.id, createdAt: new Date(ticket.createdAt), contactName: ticket.contact.name },
      text,
    );

  /** A template filled for a ticket: its values' message variables first, then Meta's placeholders. */
  async function templateOf(
    companyId: number,
    ticket: TicketRecord,
    whatsappId: number,
    wanted: NonNullable<SendInput['template']>,
  ) {
    const values = await Promise.all(wanted.variables.map((value) => fillVariables(companyId, ticket, value)));
    const filled = await deps.sessions().fillTemplate(companyId, whatsappId, wanted, values);
    const { name, language, headerParameters, bodyParameters } = filled;
    const structured: StructuredContent = {
      kind: 'template',
      template: { name, language, headerParameters, bodyParameters },
    };
    return { text: filled.text, structured };
  }

  /** A menu's text gets the message variables its text copy (the body) gets. */
  async function withFilledMenu(companyId: number, ticket: TicketRecord, structured: StructuredContent | undefined) {
    if (structured?.kind !== 'menu') return structured;
    return {
      ...structured,
      menu: { ...structured.menu, text: await fillVariables(companyId, ticket, structured.menu.text) },
    };
  }

  /**
   * Stores the message(s) of a send (one per file, the text as the first caption), announces,
   * delivers; answers the first message as it is after its send, or nothing for the product's own
   * messages (`author.isSystem`), whose callers never read it: one read of the record less.
   */
  async function store(
    companyId: number,
    ticket: TicketRecord,
    input: SendInput,
    author: { userId: number | null; isSystem: boolean },
  ) {
    const ticketId = ticket.id;
    if (!ticket.whatsappId) throw new AppError('ERR_NO_WAPP_FOUND');
    const template = input.template ? await templateOf(companyId, ticket, ticket.whatsappId, input.template) : null;
    const uploads = template ? [] : (input.medias ?? []);
    const structured = template?.structured ?? (await withFilledMenu(companyId, ticket, input.structured)) ?? null;
    const text = (template?.text ?? input.body).trim();
    if (!text && uploads.length === 0) throw new AppError('ERR_VALIDATION', { fields: { body: 'Required' } });
    for (const media of uploads) {
      if (media.data.length > MESSAGE_MEDIA_MAX_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
      if (!isAcceptedMimetype(media.mimetype)) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
    }
    const isVoiceNote = input.isVoiceNote === true && uploads.length === 1;
    const medias = uploads.map((media) => toStoredMedia(media, isVoiceNote, deps.clock()));
    // A template's text is the customer's copy of it, filled already and never signed.
    let body = template ? template.text : await fillVariables(companyId, ticket, input.body);
    if (input.signMessage && !template && text && author.userId) {
      const name = await repository.userName(companyId, author.userId);
      if (name) body = `*${name}:*\n${body}`;
    }
    let quotedMsgId: number | null = null;
    if (input.quotedMsgId) {
      // Only what this thread shows: quoting reveals the message (and its media link) to the
      // agent and sends WhatsApp a quote, so another chat's message must never get through.
      const quoted = await repository.findQuotable(companyId, input.quotedMsgId, ticket);
      if (!quoted) throw new AppError('ERR_QUOTED_MSG_NOT_IN_THREAD', { fields: { quotedMsg: 'Unknown message' } });
      quotedMsgId = quoted.id;
    }

    const common = {
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      fromMe: true,
      read: true,
      ack: 0,
      userId: author.userId,
      isSystem: author.isSystem,
      quotedMsgId,
      structuredContent: structured,
    };
    const rows: Parameters<MessagesRepository['insertOutbound']>[2] = [];
    // Each file is one WhatsApp message; the text goes as the caption of the first.
    for (const [index, media] of medias.entries()) {
      const mediaPath = await storage.save(companyId, { extension: safeExtension(media.name), data: media.data });
      rows.push({
        ...common,
        body: index === 0 ? body : '',
        mediaType: mediaTypeOf(media.mimetype),
        mediaPath,
        mediaName: media.name,
      });
    }
    if (rows.length === 0) rows.push({ ...common, body });
    const last = rows[rows.length - 1];
    let ids: number[];
    try {
      ids = await repository.insertOutbound(
        companyId,
        ticketId,
        rows,
        lastMessageOf({
          body: rows[0].body ?? '',
          mediaName: last.mediaName,
          mediaType: last.mediaType,
        }),
        deps.clock(),
      );
    } catch (error) {
      // Nothing half-written: the files saved for rows that were not stored go too.
      await removeFiles(rows.flatMap((row) => (row.mediaPath ? [row.mediaPath] : [])));
      // The ticket (or its connection) was deleted by someone else between the checks and the write.
      if (isForeignKeyViolation(error)) throw new AppError('ERR_CREATING_MESSAGE');
      throw error;
    }

    if (!(await publish(companyId, ticketId, ids)) || author.isSystem) return undefined;
    const [first] = await repository.findMessages(companyId, ids);
    return first;
  }

  async function removeFiles(paths: string[]) {
    for (const file of paths) {
      await storage.remove(file).catch((error) => log.warn({ err: error, file }, 'unstored message file not removed'));
    }
  }

  /**
   * Announces stored outbound messages and sends them (each send announces its update); false
   * when the ticket is gone. The messages and their ticket are read once, after the commit, for
   * both: callers that answer the message read it as it is after its send. Callers tell their own
   * work of these sends (a campaign's report, a schedule) when it answers: `onOutboundSettled`'s
   * listeners hear only of later attempts.
   */
  async function publish(companyId: number, ticketId: number, ids: number[]) {
    const updatedTicket = await repository.findTicket(companyId, ticketId);
    if (!updatedTicket) return false;
    const stored = await repository.findStored(companyId, ids);
    for (const message of stored) {
      // Its quote as this read found it: one deleted since the reply was written goes out emptied.
      const hidden = await deps.hiddenViews.hiddenOf(companyId, repository.emptiedOf(message));
      realtime.messageCreated(
        companyId,
        { message: message.record, ticket: updatedTicket, contact: updatedTicket.contact },
        hidden,
      );
    }
    realtime.ticketTouched(companyId, updatedTicket);
    for (const message of stored) {
      await deliver(companyId, message.record.id, 0, { stored: message, ticket: updatedTicket });
    }
    return true;
  }

  return {
    /**
     * One page of a ticket's messages (docs/decisions/tickets.md "Thread"): by `before` (a message
     * id, constant cost) or `pageNumber`; `earlierTicketId` pages an earlier ticket of the same
     * contact and connection inside this ticket's thread. When the paged ticket has no older
     * messages, `previousTicket` names the one before it.
     */
    async listPage(session: RequestSession, ticketId: number, query: MessagesPageQuery) {
      const { companyId } = session;
      const ticket = await requireTicket(session, ticketId);
      let paged: { id: number; contactId: number; whatsappId: number | null } = ticket;
      if (query.earlierTicketId) {
        const earlier = await repository.findTicketRow(companyId, query.earlierTicketId);
        const sameThread =
          earlier &&
          earlier.id < ticket.id &&
          earlier.contactId === ticket.contactId &&
          earlier.whatsappId === ticket.whatsappId;
        if (!sameThread) throw new AppError('ERR_NO_TICKET_FOUND');
        paged = earlier;
      }
      // A deleted message's original only for the profiles the company lets read it (server-side).
      const hideDeleted = !canReadDeletedMessages(await deps.deletedVisibleTo(companyId), session.profile);
      const page = await repository.listPage(companyId, paged.id, query, { hideDeleted });
      const [previousTicket, serviceWindow] = await Promise.all([
        page.hasMore ? null : repository.previousTicket(companyId, paged),
        serviceWindowOf(companyId, ticket),
      ]);
      return { ...page, ticket, previousTicket, serviceWindow };
    },

    /**
     * An attendant's message: stored, announced, sent. Message variables ({{name}}, {{protocol}}…)
     * are filled in here, so quick messages and any API client get them.
     */
    async send(session: Pick<RequestSession, 'companyId' | 'userId'>, ticketId: number, input: SendInput) {
      const ticket = await requireTicket(session, ticketId);
      // spec: a pending ticket is answered only after Accept, a closed one after Reopen. The
      // product's own messages (sendAutomatic) are not bound by this: the bot talks on pending tickets.
      if (ticket.status !== 'open') throw new AppError('ERR_TICKET_NOT_OPEN');
      // Refused before anything is stored or sent: outside the window only a template may go.
      const { whatsappId } = ticket;
      if (
        !input.template &&
        whatsappId &&
        (await isServiceWindowClosed(session.companyId, whatsappId, ticket.contactId))
      ) {
        throw new AppError('ERR_OUTSIDE_SERVICE_WINDOW');
      }
      const sent = await store(session.companyId, ticket, input, { userId: session.userId, isSystem: false });
      // Stored, then gone with its ticket (deleted meanwhile): the sender is told, not answered with nothing.
      if (!sent) throw new AppError('ERR_CREATING_MESSAGE');
      return sent;
    },

    /**
     * A message the product writes on its own (bot menus, greetings, notices): no access check,
     * flagged `isSystem`, attributed to the attendant it speaks for when there is one. `extra`
     * carries files, or a menu's structure (`body` is then its text copy, see automatic-menus.ts).
     */
    async sendAutomatic(
      companyId: number,
      ticketId: number,
      body: string,
      userId: number | null = null,
      extra?: Pick<SendInput, 'medias' | 'isVoiceNote' | 'structured'>,
    ) {
      const ticket = await repository.findTicket(companyId, ticketId);
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
      await store(companyId, ticket, { body, ...extra }, { userId, isSystem: true });
    },

    /**
     * spec: only fromMe messages; deleted for everyone through the session when it was sent, on
     * every channel that can (the Cloud API cannot: ERR_CHANNEL_CANNOT_DELETE).
     */
    remove: (session: RequestSession, messageId: number) => changes.remove(attendant(session), messageId),

    /** `PUT /messages/{id}`: the attendant's own text message, within the edit window. */
    edit: (session: RequestSession, messageId: number, body: string) =>
      changes.edit(attendant(session), messageId, body),

    /** `POST /messages/{id}/reactions`: the company's reaction, set by this attendant. */
    react: (session: RequestSession, messageId: number, emoji: string) =>
      changes.react(attendant(session), messageId, emoji),

    /** The external API's edit and reaction, on its own connection's messages. */
    changes,

    /** Whether the attendant may open the message's ticket (the routes' guard: before the body is read). */
    async canReach(session: RequestSession, messageId: number) {
      const row = await repository.findMessageRow(session.companyId, messageId);
      return row !== null && (await access.canAccess(session, row.ticketId));
    },

    /**
     * For work whose own record must commit with the message (a schedule's claim): stores one
     * outbound message inside `tx`, ack 0. After the commit, `publish` announces and sends it;
     * should the process stop in between, the message waits like any unsent one and goes out
     * when its connection is next up (flushPending).
     */
    async stageOutbound(
      tx: Database,
      companyId: number,
      ticketId: number,
      message: {
        body: string;
        contactId: number;
        whatsappId: number;
        userId: number | null;
        media?: { path: string; name: string; mimetype: string } | null;
        /** A filled Cloud API template (`body` is its text): sent as the template, whatever the window. */
        structured?: StructuredContent | null;
      },
    ) {
      const row = {
        contactId: message.contactId,
        whatsappId: message.whatsappId,
        fromMe: true,
        read: true,
        ack: 0,
        userId: message.userId,
        isSystem: false,
        body: message.body,
        structuredContent: message.structured ?? null,
        ...(message.media
          ? {
              mediaType: mediaTypeOf(message.media.mimetype),
              mediaPath: message.media.path,
              mediaName: message.media.name,
            }
          : {}),
      };
      const lastMessage = lastMessageOf({ body: row.body, mediaName: row.mediaName, mediaType: row.mediaType });
      const [id] = await repository.insertOutbound(companyId, ticketId, [row], lastMessage, deps.clock(), tx);
      return id;
    },

    publish,

    fillTemplate,

    /** The retry job: one more attempt for a message still waiting. */
    retrySend: (payload: { companyId: number; messageId: number; attempt: number }) =>
      deliver(payload.companyId, payload.messageId, payload.attempt).then(() => undefined),

    /**
     * A session came back: send what waited for it, oldest first, however many (pages of 500).
     * Should the session drop again meanwhile, the rest waits for the next connect.
     */
    async flushPending(companyId: number, whatsappId: number) {
      let afterId = 0;
      for (;;) {
        const ids = await repository.pendingOutbound(companyId, whatsappId, afterId);
        for (const id of ids) {
          if (!deps.sessions().connectedSession(whatsappId)) return;
          // Attempt 0 again: the session is up, a failure now starts a fresh retry series.
          await deliver(companyId, id, 0);
          afterId = id;
        }
        if (ids.length < 500) return;
      }
    },

    /**
     * The bound on waiting (the `messages.expire-unsent` job): messages still unsent
     * `waitForConnectionSeconds` after they were written are marked failed, and said so live and
     * to webhooks (message.ack with the failure).
     */
    async expireUnsent() {
      const before = new Date(deps.clock().getTime() - retry.waitForConnectionSeconds * 1000);
      for (;;) {
        const expired = await repository.expireUnsent(before, 'ERR_WAPP_NOT_INITIALIZED', EXPIRE_BATCH);
        for (const row of expired) await emitUpdate(row.companyId, row.id);
        if (expired.length > 0) log.info({ count: expired.length }, 'unsent messages past the wait marked failed');
        if (expired.length < EXPIRE_BATCH) return;
      }
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
