import { createHmac, timingSafeEqual } from 'node:crypto';
import { sendJson, startHttpFake } from './http-fake.ts';

/**
 * A receiver of signed webhooks (n8n's Webhook node or any endpoint): it verifies the signature
 * the way a receiver should, and answers a reply text. `failFirst` answers 503 that many times.
 */
export async function startFakeWebhook(secret: string, options: { failFirst?: number; reply?: string } = {}) {
  let failures = options.failFirst ?? 0;
  const verified: { ticket: { id: number }; message: { body: string } }[] = [];
  const fake = await startHttpFake((request, response) => {
    const timestamp = String(request.headers['x-wacrm-timestamp'] ?? '');
    const signature = String(request.headers['x-wacrm-signature'] ?? '');
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.text}`).digest('hex')}`;
    const valid =
      signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!valid) return sendJson(response, 401, { error: 'bad signature' });
    if (failures > 0) {
      failures--;
      return sendJson(response, 503, { error: 'busy' });
    }
    const event = JSON.parse(request.text);
    verified.push(event);
    // n8n's "Respond to Webhook" answers an array of items.
    return sendJson(response, 200, [{ reply: options.reply ?? `Pedido recebido: ${event.message.body}` }]);
  });
  return { ...fake, verified };
}
