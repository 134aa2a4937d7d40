import { z } from 'zod';
import { timestampSchema } from '../common/route-contract.ts';

/** The keys of a browser's push subscription are base64url (RFC 8291: a P-256 point and 16 bytes). */
const base64UrlSchema = (max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(8, 'Invalid key')
    .max(max, 'Invalid key')
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Invalid key');

/**
 * `POST /push/subscriptions`: what `PushSubscription.toJSON()` gives in the browser, plus a name the
 * user recognises the device by. The endpoint must be https (the push services are) or, where the
 * server allows private addresses, http.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: 'Required' })
    .trim()
    .max(2048, 'Too Long!')
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Invalid URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64UrlSchema(200), auth: base64UrlSchema(64) }),
  deviceName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(100, 'Too Long!'),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** One of the user's devices that receive push notifications. */
export const pushSubscriptionRecordSchema = z.object({
  id: z.number(),
  deviceName: z.string(),
  /** The browser's endpoint: the app compares it with its own to tell "this device". */
  endpoint: z.string(),
  createdAt: timestampSchema,
  lastPushAt: timestampSchema.nullable(),
});
export type PushSubscriptionRecord = z.input<typeof pushSubscriptionRecordSchema>;

/** `GET /push/vapid-public-key`: the server's VAPID public key (base64url), the applicationServerKey. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives in a push message (encrypted on the way, RFC 8291). */
export const pushPayloadSchema = z.object({
  kind: z.enum(['ticket', 'chat']),
  title: z.string(),
  body: z.string(),
  /** Where a click leads, inside the app (`/tickets/{uuid}`, `/chats/{uuid}`). */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per ticket or chat). */
  tag: z.string(),
  /** The ticket's uuid, for a ticket's notice. (The worker shows nothing while a focused window is at `url`.) */
  ticketUuid: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
