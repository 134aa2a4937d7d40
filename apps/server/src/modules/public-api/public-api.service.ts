import { createHash } from 'node:crypto';
import {
  type ExternalMessage,
  type ExternalSendAnswer,
  externalStatusOf,
  MESSAGE_MEDIA_MAX_BYTES,
} from '@wacrm/shared';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/local-storage.ts';
import { assertCompanyAccess } from '../auth/index.ts';
import { displayName, isAcceptedMimetype, safeExtension } from '../channels/index.ts';
import type { ContactsRealtime, ContactsRepository } from '../contacts/index.ts';
import type { MessageActor, MessagesService, UploadedMedia } from '../messages/index.ts';
import { toContactRecord } from '../messages/index.ts';
import type { PlanRules } from '../plans/index.ts';
import type { TicketsRepository, TicketsService } from '../tickets/index.ts';
import type { ContactRow, PublicApiRepository, TokenConnection } from './public-api.repository.ts';

export interface ExternalSend {
  number: string;
  body: string;
  medias: UploadedMedia[];
}

/** How long an `Idempotency-Key` is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const RATE_WINDOW_MS = 60_000;

/**
 * The external messages API (docs/decisions/public-api-and-webhooks.md): a connection's token
 * sends to a number through that connection's normal outbound path, as the messages module
 * sends an attendant's message: stored first, announced, sent now or when the connection is back.
 */
export function createPublicApiService(deps: {
  db: Database;
  repository: PublicApiRepository;
  contacts: Pick<ContactsRepository, 'findOrCreateByNumber'>;
  messages: Pick<MessagesService, 'stageOutbound' | 'publish' | 'changes'>;
  tickets: Pick<TicketsRepository, 'lockContact' | 'findActive' | 'insert'>;
  /** Refuses a number the connection's session says is not on WhatsApp (ERR_WAPP_INVALID_CONTACT). */
  assertOnWhatsApp: TicketsService['assertOnWhatsApp'];
  contactsRealtime: Pick<ContactsRealtime, 'contactChanged'>;
  planRules: Pick<PlanRules, 'allows'>;
  storage: FileStorage;
  limitPerMinute: number;
  clock: () => Date;
  /** Resolves once what the announced events cause (webhook deliveries) is stored. */
  eventsStored: () => Promise<void>;
}) {
  const { db, repository } = deps;

  async function view(connection: TokenConnection, ids: number[]): Promise<ExternalMessage[]> {
    const rows = await repository.externalMessages(connection.companyId, connection.id, ids);
    return rows.map((row) => ({
      id: row.id,
      ticketId: row.ticketId,
      contactId: row.contactId ?? 0,
      number: row.number ?? '',
      ack: row.ack,
      status: externalStatusOf(row),
      sendError: row.sendError,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The API acts as no attendant, on its own connection's messages only. */
  const actorOf = (connection: TokenConnection): MessageActor => ({
    companyId: connection.companyId,
    userId: null,
    mayReach: async (message) => message.whatsappId === connection.id,
  });

  async function answer(connection: TokenConnection, messageIds: number[]): Promise<ExternalSendAnswer> {
    const [first] = await view(connection, messageIds);
    if (!first) throw new AppError('ERR_NOT_FOUND');
    return { ...first, messageIds, queued: first.status === 'queued' };
  }

  function hashOf(input: ExternalSend) {
    const hash = createHash('sha256').update(`${input.number}\n${input.body}\n`);
    for (const media of input.medias) {
      hash.update(`${media.filename}\n${media.mimetype}\n`).update(createHash('sha256').update(media.data).digest());
    }
    return hash.digest('hex');
  }

  return {
    /**
     * Who is calling: the connection of the Bearer token, its company allowed in and its plan
     * with the external API; then one hit of the per-token rate limit.
     */
    async authenticate(token: string | null): Promise<TokenConnection> {
      const connection = token ? await repository.connectionByToken(token) : null;
      if (!connection) throw new AppError('ERR_INVALID_API_TOKEN');
      assertCompanyAccess({ isSuper: false, companyStatus: connection.companyStatus, dueDate: connection.dueDate });
      if (!(await deps.planRules.allows(connection.companyId, 'useExternalApi'))) {
        throw new AppError('ERR_PLAN_FEATURE_DISABLED', { details: { feature: 'useExternalApi' } });
      }
      const now = Date.now();
      const windowStart = new Date(now - (now % RATE_WINDOW_MS));
      const hits = await repository.hit(connection.id, windowStart);
      if (hits > deps.limitPerMinute) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + RATE_WINDOW_MS - now) / 1000));
        throw new AppError('ERR_RATE_LIMITED', { details: { retryAfterSeconds } });
      }
      return connection;
    },

    async send(connection: TokenConnection, input: ExternalSend, idempotencyKey: string | null) {
      for (const media of input.medias) {
        if (media.data.length > MESSAGE_MEDIA_MAX_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
        if (!isAcceptedMimetype(media.mimetype)) {
          throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', { fields: { medias: 'File type not accepted' } });
        }
      }
      if (!input.body.trim() && input.medias.length === 0) {
        throw new AppError('ERR_VALIDATION', { fields: { body: 'Required' } });
      }
      const { companyId } = connection;
      const requestHash = hashOf(input);
      const replay = async () => {
        const stored = idempotencyKey ? await repository.findRequest(db, connection.id, idempotencyKey) : null;
        if (!stored) return null;
        if (stored.requestHash !== requestHash) throw new AppError('ERR_IDEMPOTENCY_KEY_MISMATCH');
        return stored.answer ? { ...(await answer(connection, stored.answer.messageIds)), replayed: true } : null;
      };
      if (idempotencyKey) {
        await repository.forgetRequestsBefore(connection.id, new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_MS));
        const earlier = await replay();
        if (earlier) return earlier;
      }

      // As the new-ticket dialog does: a number the session says is not on WhatsApp is refused
      // before anything is stored. A connection that cannot tell now (down) queues the message.
      await deps.assertOnWhatsApp(connection.id, { number: input.number, isGroup: false });

      const files: { path: string; name: string; mimetype: string }[] = [];
      for (const media of input.medias) {
        const name = displayName(media.filename);
        const path = await deps.storage.save(companyId, { extension: safeExtension(name), data: media.data });
        files.push({ path, name, mimetype: media.mimetype });
      }

      type Outcome = { ticketId: number; messageIds: number[]; createdContact: ContactRow | null } | null;
      let outcome: Outcome;
      try {
        outcome = await db.transaction(async (tx): Promise<Outcome> => {
          // The key is claimed first: a concurrent request with the same key waits on it here,
          // then finds it taken and answers the first request's messages.
          if (
            idempotencyKey &&
            !(await repository.claimRequest(tx, companyId, connection.id, idempotencyKey, requestHash))
          ) {
            return null;
          }
          const { contact, created } = await deps.contacts.findOrCreateByNumber(tx, companyId, {
            number: input.number,
            name: input.number,
            whatsappId: connection.id,
          });
          await deps.tickets.lockContact(tx, companyId, contact.id);
          const active = await deps.tickets.findActive(tx, companyId, contact.id, connection.id);
          // docs/decisions/public-api-and-webhooks.md: the contact's ticket on this connection that is
          // not closed, as it is; else a new pending ticket without an attendant, in the
          // connection's queue when it has exactly one.
          const ticketId =
            active?.id ??
            (
              await deps.tickets.insert(tx, {
                companyId,
                contactId: contact.id,
                whatsappId: connection.id,
                userId: null,
                queueId: await repository.onlyQueueOf(tx, connection.id),
                status: 'pending',
                isGroup: false,
              })
            ).id;
          const messageIds: number[] = [];
          const stage = (body: string, media: (typeof files)[number] | null) =>
            deps.messages.stageOutbound(tx, companyId, ticketId, {
              body,
              contactId: contact.id,
              whatsappId: connection.id,
              userId: null,
              media,
            });
          if (files.length === 0) messageIds.push(await stage(input.body, null));
          // Each file is one WhatsApp message; the text is the caption of the first.
          for (const [index, file] of files.entries())
            messageIds.push(await stage(index === 0 ? input.body : '', file));
          if (idempotencyKey) {
            await repository.settleRequest(tx, connection.id, idempotencyKey, {
              messageIds,
              ticketId,
              contactId: contact.id,
            });
          }
          return { ticketId, messageIds, createdContact: created ? contact : null };
        });
      } catch (error) {
        await Promise.all(files.map((file) => deps.storage.remove(file.path).catch(() => undefined)));
        throw error;
      }
      if (!outcome) {
        await Promise.all(files.map((file) => deps.storage.remove(file.path).catch(() => undefined)));
        const earlier = await replay();
        if (!earlier) throw new AppError('ERR_IDEMPOTENCY_KEY_MISMATCH');
        return earlier;
      }
      if (outcome.createdContact) {
        deps.contactsRealtime.contactChanged(companyId, 'create', toContactRecord(outcome.createdContact));
      }
      await deps.messages.publish(companyId, outcome.ticketId, outcome.messageIds);
      // The answer comes after the events' webhook deliveries are stored: an acknowledged send's
      // message.created reaches the endpoints even if this process dies right after answering.
      await deps.eventsStored();
      return { ...(await answer(connection, outcome.messageIds)), replayed: false };
    },

    /** The API's own text message, within WhatsApp's edit window (the messages module's rules). */
    async edit(connection: TokenConnection, messageId: number, body: string) {
      const message = await deps.messages.changes.edit(actorOf(connection), messageId, body);
      await deps.eventsStored();
      return message;
    },

    /** The company's reaction to a message of this connection; an empty emoji removes it. */
    async react(connection: TokenConnection, messageId: number, emoji: string) {
      const message = await deps.messages.changes.react(actorOf(connection), messageId, emoji);
      await deps.eventsStored();
      return message;
    },

    async status(connection: TokenConnection, messageId: number) {
      const [message] = await view(connection, [messageId]);
      if (!message) throw new AppError('ERR_NOT_FOUND');
      return message;
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
