import type { PushSubscriptionBody } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import { assertOutboundUrlAllowed } from '../../platform/http/outbound-url.ts';
import type { RequestSession } from '../../platform/http/request-session.ts';
import type { PushRepository } from './push.repository.ts';

type Caller = Pick<RequestSession, 'companyId' | 'userId' | 'sid'>;

const decoded = (value: string) => Buffer.from(value.replace(/=+$/, ''), 'base64url');

/** The keys must be what RFC 8291 says, or every push to the device would fail later. */
function assertKeys(keys: PushSubscriptionBody['keys']) {
  const p256dh = decoded(keys.p256dh);
  if (p256dh.length !== 65 || p256dh[0] !== 4) {
    throw new AppError('ERR_VALIDATION', { fields: { 'keys.p256dh': 'Invalid key' } });
  }
  if (decoded(keys.auth).length !== 16)
    throw new AppError('ERR_VALIDATION', { fields: { 'keys.auth': 'Invalid key' } });
}

/** The caller's own devices; nobody sees or removes another user's. */
export function createPushService(deps: {
  repository: PushRepository;
  allowPrivateUrls: boolean;
  vapidPublicKey: () => Promise<string>;
  /** A device was added or removed (the per-process "has devices" answer is forgotten). */
  devicesChanged: (companyId: number) => void;
}) {
  const { repository } = deps;
  const notFound = () => new AppError('ERR_NOT_FOUND');
  return {
    async vapidPublicKey() {
      return { publicKey: await deps.vapidPublicKey() };
    },

    list: (caller: Caller) => repository.listOfUser(caller.companyId, caller.userId),

    async find(caller: Caller, id: number) {
      return (await repository.findOfUser(caller.companyId, caller.userId, id)) ?? throwError(notFound());
    },

    /** The endpoint is called by the server, so it is checked as the integrations' URLs are (SSRF). */
    async subscribe(caller: Caller, body: PushSubscriptionBody) {
      await assertOutboundUrlAllowed(body.endpoint, { allowPrivate: deps.allowPrivateUrls, field: 'endpoint' });
      assertKeys(body.keys);
      const saved = await repository.upsert(caller.companyId, caller.userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        deviceName: body.deviceName,
        // Signing out of this browser ends its pushes too (the row goes with the session).
        sessionId: caller.sid ?? null,
      });
      deps.devicesChanged(caller.companyId);
      return saved;
    },

    async remove(caller: Caller, id: number) {
      if (!(await repository.removeOfUser(caller.companyId, caller.userId, id))) throw notFound();
      deps.devicesChanged(caller.companyId);
    },
  };
}

function throwError(error: Error): never {
  throw error;
}

export type PushService = ReturnType<typeof createPushService>;
