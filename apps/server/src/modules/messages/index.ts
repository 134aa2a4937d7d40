import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
import { expireUnsentJob, sendRetryJob } from './messages.jobs.ts';
import { createMessagesRealtime } from './messages.realtime.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessageSessions, type SendRetryOptions } from './messages.service.ts';
import { createTicketAccess } from './ticket-access.ts';

/**
 * Messages of a ticket: the thread page, sending (stored first, then sent, retried by a job)
 * and delete-for-everyone. The live sessions are bound late (`useSessions`).
 */
export interface MessagesOptions {
  /** How the send retry job spaces its attempts (tests shorten it). */
  retry?: Partial<SendRetryOptions>;
}

export function createMessagesModule(
  platform: Platform,
  deps: { settings: Pick<SettingsReader, 'locale'> },
  options: MessagesOptions = {},
) {
  let sessions: MessageSessions | null = null;
  const noSessions: MessageSessions = {
    connectedSession: () => null,
    reach: async () => null,
    deliverElsewhere: async () => false,
  };
  const repository = createMessagesRepository(platform.db, platform.storage);
  const realtime = createMessagesRealtime(platform.realtime);
  const access = createTicketAccess(platform.db);
  const service = createMessagesService({
    repository,
    realtime,
    storage: platform.storage,
    access,
    sessions: () => sessions ?? noSessions,
    jobs: platform.jobs,
    log: platform.log,
    retry: options.retry,
    clock: platform.clock,
    companyLocale: (companyId) => deps.settings.locale(companyId),
  });
  platform.jobs.handle(sendRetryJob, service.retrySend);
  platform.jobs.handle(expireUnsentJob, () => service.expireUnsent());
  return {
    repository,
    realtime,
    access,
    service,
    /**
     * Calls `listener` after an outbound message is handed to the provider (its first ack) or is
     * finally marked failed: the moments a schedule or a campaign shipment built on it changes state.
     * Told in-process, after the commit, by the same event that tells the browsers.
     */
    onOutboundSettled(listener: (companyId: number, messageId: number) => Promise<void>) {
      platform.realtime.domain.subscribe((event) => {
        if (event.type !== 'message.updated') return;
        const { message } = event;
        if (!message.fromMe || !(message.failed || message.ack === 1)) return;
        return listener(event.companyId, message.id).catch((error) =>
          platform.log.error({ err: error, messageId: message.id }, 'listener of a settled outbound message failed'),
        );
      });
    },
    useSessions(control: MessageSessions) {
      sessions = control;
    },
    register: (app: FastifyInstance) => registerMessagesRoutes(app, service),
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
