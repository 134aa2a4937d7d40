import type { PushPayload } from '@wacrm/shared';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import type { PushRepository } from './push.repository.ts';

/** A push service that does not answer within this is retried later. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a notification for a device that is off (a stale one is no use). */
const TTL_SECONDS = 4 * 3600;

export class PushServiceError extends Error {}

/**
 * One notification to one device. `web-push` encrypts the payload (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292); the request itself goes out here, through the same address check as
 * the integrations (the library speaks only https, and a name may resolve elsewhere by now).
 * 404 and 410 mean the subscription is gone: it is removed. Anything else throws, so the job retries.
 */
export function createPushDelivery(deps: {
  repository: PushRepository;
  allowPrivateUrls: boolean;
  vapid: () => Promise<{ publicKey: string; privateKey: string; subject: string }>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  return async function deliver(payload: { companyId: number; subscriptionId: number; notification: PushPayload }) {
    const { companyId, subscriptionId } = payload;
    const subscription = await deps.repository.forDelivery(companyId, subscriptionId);
    if (!subscription) return;
    const url = await assertOutboundUrlAllowed(subscription.endpoint, { allowPrivate: deps.allowPrivateUrls }).catch(
      () => null,
    );
    if (!url) {
      deps.log.warn({ subscriptionId }, 'push endpoint refused by the address check: subscription removed');
      await deps.repository.remove(companyId, subscriptionId);
      return;
    }
    const vapid = await deps.vapid();
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload.notification),
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        // One notification per ticket or chat waits at the push service; a newer one replaces it.
        topic: payload.notification.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      },
    );
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body as Buffer) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await deps.repository.remove(companyId, subscriptionId);
      return;
    }
    if (!response.ok) throw new PushServiceError(`push service answered ${response.status}`);
    await deps.repository.delivered(companyId, subscriptionId, deps.clock());
  };
}
