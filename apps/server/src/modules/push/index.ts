import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { createProcessCache } from '../../platform/cache/process-cache.ts';
import type { Platform } from '../../platform/context.ts';
import type { DomainEvent } from '../../platform/realtime/domain-events.ts';
import type { ChatMessageSent } from '../chats/index.ts';
import type { SettingsReader } from '../settings/index.ts';
import { isAlertedOfMessage, isAlertedOfMove } from './push.audience.ts';
import { createPushDelivery } from './push.delivery.ts';
import { type PushEventPayload, pushDeliverJob, pushEventJob } from './push.jobs.ts';
import { createPushRepository } from './push.repository.ts';
import { registerPushRoutes } from './push.routes.ts';
import { createPushService } from './push.service.ts';
import { chatNotification, ticketNotification } from './push.texts.ts';

/**
 * Push notifications (Web Push with VAPID; docs/decisions/installable-app-and-push.md): the user's
 * devices, and the events that notify them. An event is seen by the one process that made it (the
 * in-process domain events), becomes one `push.event` job, and that job one `push.deliver` job per
 * device: pushed once however many processes run, retried per device.
 */
export function createPushModule(platform: Platform, deps: { settings: SettingsReader }) {
  const repository = createPushRepository(platform.db);
  const allowPrivateUrls = platform.config.integrationsAllowPrivateUrls;
  const configured = platform.config.push.vapidKeys;
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const serverKeys = () => {
    keys ??= configured
      ? Promise.resolve(configured)
      : repository
          .serverKeys(() => webpush.generateVAPIDKeys())
          .catch((error) => {
            keys = null;
            throw error;
          });
    return keys;
  };
  /**
   * Whether a company has any device, kept per process: most inbound messages belong to companies
   * without one, and they then cost no job. A change is told to every process (the node bus).
   */
  const devices = createProcessCache<{ companyId: number; hasDevices: boolean }>({
    news: 'push-devices-changed',
    ttlMs: 60_000,
    size: 5_000,
    groupOf: (kept) => kept.companyId,
    bus: platform.bus,
    log: platform.log,
  });
  const hasDevices = async (companyId: number) =>
    (
      await devices.get(companyId, async () => ({
        companyId,
        hasDevices: await repository.companyHasDevices(companyId),
      }))
    )?.hasDevices ?? true;
  const service = createPushService({
    repository,
    allowPrivateUrls,
    vapidPublicKey: async () => (await serverKeys()).publicKey,
    devicesChanged: (companyId) => devices.forget(companyId),
  });

  platform.jobs.handle(
    pushDeliverJob,
    createPushDelivery({
      repository,
      allowPrivateUrls,
      vapid: async () => ({ ...(await serverKeys()), subject: platform.config.push.subject }),
      clock: platform.clock,
      log: platform.log,
    }),
  );

  const showPreview = async (companyId: number) =>
    (await deps.settings.read(companyId, ['pushShowPreview'])).pushShowPreview !== 'disabled';

  /** Who gets what for one event: one notification per device of each user concerned. */
  async function fanOut(event: PushEventPayload) {
    const { companyId } = event;
    const deliveries: { subscriptionId: number; notification: ReturnType<typeof ticketNotification> }[] = [];
    const preview = await showPreview(companyId);
    if (event.kind === 'message') {
      const found = await repository.messageWithTicket(companyId, event.messageId);
      if (!found || found.fromMe) return;
      for (const user of await repository.subscribedUsers(companyId)) {
        if (!isAlertedOfMessage(found, user)) continue;
        const notification = ticketNotification(
          {
            kind: 'message',
            ticketUuid: found.ticketUuid,
            contactName: found.contactName,
            text: found.body,
            isMedia: found.mediaType !== null && found.mediaType !== 'chat',
          },
          user.language,
          preview,
        );
        for (const subscriptionId of user.subscriptionIds) deliveries.push({ subscriptionId, notification });
      }
    } else if (event.kind === 'ticket') {
      const ticket = await repository.ticket(companyId, event.ticketId);
      if (!ticket) return;
      for (const user of await repository.subscribedUsers(companyId)) {
        const kind = isAlertedOfMove(event.current, event.previous, event.actorUserId, user);
        if (!kind) continue;
        const notification = ticketNotification(
          {
            kind,
            ticketUuid: ticket.ticketUuid,
            contactName: ticket.contactName,
            text: ticket.lastMessage,
            isMedia: false,
          },
          user.language,
          preview,
        );
        for (const subscriptionId of user.subscriptionIds) deliveries.push({ subscriptionId, notification });
      }
    } else {
      for (const user of await repository.subscribedUsers(companyId, event.userIds)) {
        const notification = chatNotification(
          { uuid: event.chatUuid, title: event.chatTitle, senderName: event.senderName, message: event.message },
          user.language,
          preview,
        );
        for (const subscriptionId of user.subscriptionIds) deliveries.push({ subscriptionId, notification });
      }
    }
    for (const delivery of deliveries) {
      await platform.jobs.send(pushDeliverJob, { companyId, ...delivery }, { retryLimit: 4 });
    }
  }
  platform.jobs.handle(pushEventJob, fanOut);

  /** Stored as a job before the request that caused it is answered (the domain events' `settled`). */
  const queue = async (event: PushEventPayload) => {
    try {
      if (!(await hasDevices(event.companyId))) return;
      await platform.jobs.send(pushEventJob, event);
    } catch (error) {
      platform.log.error({ err: error }, 'push event could not be queued');
    }
  };

  platform.realtime.domain.subscribe((event: DomainEvent) => {
    if (event.type === 'message.created') {
      // Only customer messages notify; the attendant's own are not news.
      if (event.message.fromMe) return;
      return queue({ kind: 'message', companyId: event.companyId, messageId: event.message.id });
    }
    if (event.type === 'ticket.changed' && event.previous) {
      const { ticket, previous } = event;
      const moved =
        ticket.userId !== previous.userId || ticket.queueId !== previous.queueId || ticket.status !== previous.status;
      if (!moved || ticket.status === 'closed') return;
      return queue({
        kind: 'ticket',
        companyId: event.companyId,
        ticketId: ticket.id,
        current: { status: ticket.status, queueId: ticket.queueId, userId: ticket.userId },
        previous,
        actorUserId: event.actorUserId ?? null,
      });
    }
  });

  return {
    service,
    register: (app: FastifyInstance) => registerPushRoutes(app, service),
    /** The chats module tells of a sent message; its other participants are notified. */
    chatMessageSent(companyId: number, sent: ChatMessageSent) {
      if (sent.recipientIds.length === 0) return;
      void queue({
        kind: 'chat',
        companyId,
        chatUuid: sent.chat.uuid,
        chatTitle: sent.chat.title,
        senderName: sent.senderName,
        message: sent.message,
        userIds: sent.recipientIds,
      });
    },
  };
}
