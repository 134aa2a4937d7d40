import { describe, expect, it } from 'vitest';
import { readWebhookBody } from './webhook-payload.ts';

/** One `messages` change as Meta sends it, holding `messages`. */
const body = (messages: unknown[]) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550001111', phone_number_id: 'PN1' },
            contacts: [{ profile: { name: 'Ana' }, wa_id: '5511988880001' }],
            messages,
          },
        },
      ],
    },
  ],
});

const base = { from: '5511988880001', id: 'wamid.NEW', timestamp: '1749416383' };

describe('readWebhookBody: changes to earlier messages', () => {
  it.each([
    [
      'a reaction',
      { ...base, type: 'reaction', reaction: { message_id: 'wamid.OLD', emoji: '👍' } },
      [{ kind: 'reaction', externalId: 'wamid.OLD', emoji: '👍', fromMe: false }],
    ],
    [
      'a removed reaction (Meta leaves the emoji out)',
      { ...base, type: 'reaction', reaction: { message_id: 'wamid.OLD' } },
      [{ kind: 'reaction', externalId: 'wamid.OLD', emoji: '', fromMe: false }],
    ],
    [
      'a revoke (coexistence numbers)',
      { ...base, type: 'revoke', revoke: { original_message_id: 'wamid.OLD' } },
      [{ kind: 'delete', externalId: 'wamid.OLD' }],
    ],
    ['a reaction without its target', { ...base, type: 'reaction', reaction: { emoji: '👍' } }, []],
    ['a text message', { ...base, type: 'text', text: { body: 'oi' } }, []],
  ])('%s', (_name, message, updates) => {
    const [change] = readWebhookBody(body([message]));
    expect(change.updates).toEqual(updates);
    // None of them is a message of its own, except the text.
    expect(change.messages.length).toBe(message.type === 'text' ? 1 : 0);
  });
});
