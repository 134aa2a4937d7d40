import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';
import { backoffSeconds, defaultWebhookRetry } from './webhooks.delivery.ts';

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of timestamp + "." + body', () => {
    const body = '{"id":"e1","type":"contact.created"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signWebhook('whsec_test', 1700000000, body)).toBe(`sha256=${expected}`);
    expect(verifyWebhook('whsec_test', '1700000000', body, `sha256=${expected}`)).toBe(true);
    expect(verifyWebhook('whsec_test', '1700000001', body, `sha256=${expected}`)).toBe(false);
    expect(verifyWebhook('whsec_test', '1700000000', `${body} `, `sha256=${expected}`)).toBe(false);
    expect(verifyWebhook('whsec_other', '1700000000', body, `sha256=${expected}`)).toBe(false);
  });
});

describe('webhook backoff', () => {
  it('doubles from 30 s up to 6 h and retries for about a day in all', () => {
    const delays = Array.from({ length: defaultWebhookRetry.maxAttempts - 1 }, (_, i) =>
      backoffSeconds(defaultWebhookRetry, i + 1),
    );
    expect(delays.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...delays)).toBe(6 * 3600);
    const hours = delays.reduce((sum, delay) => sum + delay, 0) / 3600;
    expect(hours).toBeGreaterThan(16);
    expect(hours).toBeLessThan(30);
  });
});
