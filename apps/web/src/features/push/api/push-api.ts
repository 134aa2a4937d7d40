import { pushRoutes } from '@wacrm/shared/push/push.routes';
import type { PushSubscriptionBody } from '@wacrm/shared/push/push.schema';
import { http } from '../../../lib/api.ts';

export const pushKeys = {
  devices: (userId: number) => ['push-devices', userId] as const,
};

export const pushApi = {
  vapidPublicKey: () => http.call(pushRoutes.vapidPublicKey),
  devices: () => http.call(pushRoutes.list),
  subscribe: (body: PushSubscriptionBody) => http.call(pushRoutes.subscribe, { body }),
  remove: (id: number) => http.call(pushRoutes.remove, { params: { id } }),
};
