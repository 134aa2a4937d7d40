import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Webhook-Signature: sha256=<hex>` of HMAC-SHA256(secret, timestamp + "." + body). Signing the
 * timestamp with the body lets a receiver refuse old replays; the body is signed byte for byte.
 */
export function signWebhook(secret: string, timestamp: number, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does (the tests' receiver uses it; the docs show it). */
export function verifyWebhook(secret: string, timestamp: string, body: string, signature: string) {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
