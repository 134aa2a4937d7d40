import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  pushSubscriptionBodySchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionRecordSchema,
  vapidPublicKeySchema,
} from './push.schema.ts';

const byId = { params: pushSubscriptionIdParamsSchema };

/** Push notifications: the server's public key and the caller's own devices (docs/decisions/installable-app-and-push.md). */
export const pushRoutes = {
  vapidPublicKey: defineRoute({ method: 'GET', path: '/api/push/vapid-public-key', response: vapidPublicKeySchema }),
  list: defineRoute({
    method: 'GET',
    path: '/api/push/subscriptions',
    response: z.array(pushSubscriptionRecordSchema),
  }),
  /** The same endpoint again updates its keys and name (a browser re-subscribing) instead of adding a device. */
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: pushSubscriptionBodySchema,
    response: pushSubscriptionRecordSchema,
    status: 201,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/push/subscriptions/:id',
    ...byId,
    response: pushSubscriptionRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    ...byId,
    response: noContentSchema,
    status: 204,
  }),
};
