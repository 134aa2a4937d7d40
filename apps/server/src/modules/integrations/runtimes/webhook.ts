import { createHmac } from 'node:crypto';
import { assertOutboundUrlAllowed } from '../../../platform/http/outbound-url.ts';
import type { queueIntegrations } from '../integrations.tables.ts';
import { type BotResult, type BotTurn, failureOf, jsonOf, RetryableBotError } from './types.ts';

type IntegrationRow = typeof queueIntegrations.$inferSelect;

export const SIGNATURE_HEADER = 'x-wacrm-signature';
export const TIMESTAMP_HEADER = 'x-wacrm-timestamp';

/** `sha256=` + hex HMAC-SHA256 of `{timestamp}.{body}` with the integration's secret. */
export function signatureOf(secret: string, timestamp: string, body: string) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The reply text in a receiver's answer: `{ reply }`, `{ text }`, `{ output }`, or the first of an array (n8n). */
function replyOf(answer: unknown): { text: string | null; handover: boolean } {
  const item = Array.isArray(answer) ? answer[0] : answer;
  if (!item || typeof item !== 'object') return { text: null, handover: false };
  const record = item as Record<string, unknown>;
  const text = [record.reply, record.text, record.output].find((value) => typeof value === 'string' && value.trim());
  return { text: (text as string | undefined) ?? null, handover: record.handover === true };
}

/**
 * n8n and webhook integrations: the message and its ticket posted as JSON to the URL, signed.
 * A reply text in the answer goes to the customer; `handover: true` gives the ticket to humans.
 */
export async function runWebhook(
  integration: IntegrationRow,
  turn: BotTurn,
  options: { allowPrivateUrls: boolean; timeoutMs: number; clock: () => Date },
): Promise<BotResult> {
  const url = await assertOutboundUrlAllowed(integration.urlN8N ?? '', {
    allowPrivate: options.allowPrivateUrls,
    field: 'urlN8N',
  });
  const body = JSON.stringify({
    event: 'message.received',
    integration: { id: integration.id, type: integration.type, name: integration.name },
    companyId: turn.companyId,
    ticket: turn.ticket,
    contact: turn.contact,
    message: turn.message,
  });
  const timestamp = String(Math.floor(options.clock().getTime() / 1000));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signatureOf(integration.webhookSecret ?? '', timestamp, body),
      },
      body,
      // A redirect could lead to an address the check above refused.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new RetryableBotError('webhook unreachable', { cause: error });
  }
  if (!response.ok) throw failureOf('webhook', response);
  const { text, handover } = replyOf(await jsonOf(response));
  return {
    replies: text ? [{ kind: 'text', text }] : [],
    handover: handover ? { queueId: null, note: 'The integration handed the conversation to an attendant' } : null,
  };
}
