import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { ChannelsModule, SessionInboundHandlers } from '../channels/index.ts';
import { createContactsRepository } from '../contacts/index.ts';
import type { DeadLettersRepository } from '../dead-letters/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import { createInboundPipeline } from './inbound-pipeline.ts';
import { createIntakeRepository } from './intake/intake.repository.ts';
import { createIntake } from './intake/intake.service.ts';
import { type InboundFaults, keepInbound } from './intake/keep-inbound.ts';
import { createMessageReactionsRepository } from './message-reactions.repository.ts';
import { createHiddenViews, createMessageUpdates } from './message-updates.ts';
import { expireUnsentJob, sendRetryJob } from './messages.jobs.ts';
import { createMessagesRealtime } from './messages.realtime.ts';
import { createMessagesRepository } from './messages.repository.ts';
import { registerMessagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessageSessions, type SendRetryOptions } from './messages.service.ts';
import { createProfilePictures } from './profile-pictures.ts';
import { createTicketAccess } from './ticket-access.ts';

export { type MenuChoices, menuContent } from './automatic-menus.ts';
export { automaticTexts } from './automatic-texts.ts';
export type { CustomerMessageEvent, InboundHandler, InboundTurn, InboundVerdict } from './inbound-pipeline.ts';
export type { MessageActor, MessageChanges } from './message-changes.ts';
export { toContactRecord } from './messages.repository.ts';
export type { MessagesService, UploadedMedia } from './messages.service.ts';

export interface MessagesOptions {
  /** How the send retry job spaces its attempts (tests shorten it). */
  retry?: Partial<SendRetryOptions>;
  /** Tests only: make storing inbound messages fail (issue 23, "acknowledged means stored"). */
  inboundFaults?: InboundFaults;
}

/**
 * The conversation core. Inbound: intake stores what the channels receive once (contact and
 * ticket found or opened) and hands each stored message to the inbound pipeline. Outbound: the
 * thread page, sending (stored first, then sent through the channels, retried by a job) and
 * delete-for-everyone; every reply to a customer goes out through this module.
 */
export function createMessagesModule(
  platform: Platform,
  deps: {
    channels: Pick<
      ChannelsModule,
      'manager' | 'router' | 'directSession' | 'hasServiceWindow' | 'templates' | 'capabilitiesOf'
    >;
    deadLetters: Pick<DeadLettersRepository, 'insert'>;
    settings: Pick<SettingsReader, 'locale' | 'read'>;
  },
  options: MessagesOptions = {},
) {
  const { manager, router } = deps.channels;
  const sessions: MessageSessions = {
    connectedSession: (id) => manager.connectedSession(id),
    directSession: (id) => deps.channels.directSession(id),
    hasServiceWindow: (companyId, id) => deps.channels.hasServiceWindow(companyId, id),
    fillTemplate: (companyId, whatsappId, template, values) =>
      deps.channels.templates.fill(companyId, whatsappId, template, values),
    reach: (id) => router.reach(id),
    capabilities: (companyId, whatsappId) => deps.channels.capabilitiesOf(companyId, whatsappId),
    deliverElsewhere: (whatsappId, payload) => router.tellElsewhere(whatsappId, 'messages.deliver', payload),
  };
  const repository = createMessagesRepository(platform.db, platform.storage);
  const realtime = createMessagesRealtime(platform.realtime);
  const access = createTicketAccess(platform.db);
  const intakeRepository = createIntakeRepository(platform.db);
  const deletedVisibleTo = async (companyId: number) =>
    (await deps.settings.read(companyId, ['deletedMessagesVisibleTo'])).deletedMessagesVisibleTo;
  const hiddenViews = createHiddenViews({ records: repository, deletedVisibleTo });
  const announce = createMessageUpdates({
    db: platform.db,
    records: repository,
    realtime,
    ticketState: (companyId, ticketId) => intakeRepository.ticketState(companyId, ticketId),
    hiddenViews,
  });
  const service = createMessagesService({
    repository,
    realtime,
    storage: platform.storage,
    access,
    sessions: () => sessions,
    jobs: platform.jobs,
    log: platform.log,
    retry: options.retry,
    clock: platform.clock,
    companyLocale: (companyId) => deps.settings.locale(companyId),
    deletedVisibleTo,
    reactions: createMessageReactionsRepository(platform.db),
    announce,
    hiddenViews,
  });
  platform.jobs.handle(sendRetryJob, service.retrySend);
  platform.jobs.handle(expireUnsentJob, () => service.expireUnsent());
  // A send runs in the process holding the connection's lease.
  router.define('messages.deliver', (payload: { companyId: number; messageId: number; attempt: number }) =>
    service.retrySend(payload),
  );
  manager.onConnected((ref) => {
    service
      .flushPending(ref.companyId, ref.id)
      .catch((error) => platform.log.error({ err: error, whatsappId: ref.id }, 'flush of pending sends failed'));
  });

  const pipeline = createInboundPipeline();
  const profilePictures = createProfilePictures({
    contacts: createContactsRepository(platform.db),
    connectedSession: (whatsappId) => manager.connectedSession(whatsappId),
    onUpdated: async (companyId, contactId) => {
      const contact = await repository.findContact(companyId, contactId);
      if (contact) realtime.contactChanged(companyId, 'update', contact);
    },
    log: platform.log,
  });
  const stored = createIntake({
    db: platform.db,
    repository: intakeRepository,
    records: repository,
    realtime,
    storage: platform.storage,
    log: platform.log,
    profilePictures,
    pipeline,
    companyLocale: (companyId) => deps.settings.locale(companyId),
    deletedVisibleTo,
    clock: platform.clock,
  });
  const intake: SessionInboundHandlers = {
    ...stored,
    onMessage: keepInbound({
      store: stored.onMessage,
      deadLetters: deps.deadLetters,
      // The sandbox's sender (an HTTP client) is told and sends again; WhatsApp is not.
      redelivers: (provider) => provider === 'sandbox',
      log: platform.log,
      faults: options.inboundFaults,
    }),
  };

  return {
    repository,
    realtime,
    access,
    service,
    /** What the channels hand every message, edit, ack and call their sessions receive. */
    intake,
    /** The ordered handlers a stored customer message, rating or declined call is offered to. */
    inbound: { declare: pipeline.declare },
    /**
     * Calls `listener` after an outbound message is handed to the provider (its first ack) or is
     * finally marked failed: the moments a schedule or a campaign shipment built on it changes state.
     * Told in-process, after the commit, by the same event that tells the browsers. Not told: the
     * product's own messages (bots, flows, greetings: `isSystem`), built on no such work, and a
     * send made inside `publish`, whose caller tells its own work when `publish` answers. Each
     * listener would only look those up, to find nothing or to say again what was said.
     */
    onOutboundSettled(listener: (companyId: number, messageId: number) => Promise<void>) {
      platform.realtime.domain.subscribe((event) => {
        // A person's edit, delete or reaction settles nothing.
        if (event.type !== 'message.updated' || event.change || event.sentInPublish) return;
        const { message } = event;
        if (!message.fromMe || message.isSystem || !(message.failed || message.ack === 1)) return;
        return listener(event.companyId, message.id).catch((error) =>
          platform.log.error({ err: error, messageId: message.id }, 'listener of a settled outbound message failed'),
        );
      });
    },
    register: (app: FastifyInstance) => registerMessagesRoutes(app, service),
  };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
