import { proto, type WAMessage, type WAMessageUpdate } from 'baileys';
import { describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../channel-adapter.ts';
import {
  mediaToDownload,
  receiptToAck,
  statusToAck,
  toInboundMessage,
  toInboundMessageUpdate,
  toInboundMessageUpdateFromMessage,
  toInboundReaction,
} from './to-inbound-message.ts';

/**
 * Fixtures shaped like what Baileys 7 emits in `messages.upsert` (written from its types and from
 * logged payloads): one-to-one chats by phone number or by LID, groups with participants.
 */
/** What protobufjs decodes 64-bit fields into (a Long of the `long` package): only its shape matters. */
function long(value: number) {
  return { low: value | 0, high: Math.floor(value / 2 ** 32), unsigned: true, toNumber: () => value } as never;
}

const NOW = new Date('2025-01-01T00:00:00Z');
const CUSTOMER = '5511988887777@s.whatsapp.net';
const GROUP = '120363025246125486@g.us';
const TS = 1_736_000_000;

function received(message: proto.IMessage, overrides: Partial<WAMessage> = {}): WAMessage {
  return {
    key: { remoteJid: CUSTOMER, fromMe: false, id: '3EB0A1B2C3D4E5F6' },
    messageTimestamp: TS,
    pushName: 'Maria',
    message,
    ...overrides,
  };
}

function inGroup(message: proto.IMessage): WAMessage {
  return received(message, {
    key: {
      remoteJid: GROUP,
      fromMe: false,
      id: 'ABCDEF0123',
      participant: '5511977776666@s.whatsapp.net',
    },
    pushName: 'João',
  });
}

const base = {
  externalId: '3EB0A1B2C3D4E5F6',
  chatId: '5511988887777',
  isGroup: false,
  fromMe: false,
  pushName: 'Maria',
  timestamp: new Date(TS * 1000),
};

const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511955554444:+55 11 95555-4444\nEND:VCARD';

const cases: [string, WAMessage, Partial<InboundMessage> | null][] = [
  ['plain text (conversation)', received({ conversation: 'Olá!' }), { ...base, body: 'Olá!' }],
  [
    'text with link preview (extendedTextMessage)',
    received({ extendedTextMessage: { text: 'veja https://example.com', matchedText: 'https://example.com' } }),
    { ...base, body: 'veja https://example.com' },
  ],
  [
    'quoted reply',
    received({
      extendedTextMessage: {
        text: 'sim',
        contextInfo: { stanzaId: 'QUOTED123', participant: CUSTOMER, quotedMessage: { conversation: 'pode?' } },
      },
    }),
    { ...base, body: 'sim', quotedExternalId: 'QUOTED123' },
  ],
  [
    'image with caption',
    received({ imageMessage: { mimetype: 'image/jpeg', caption: 'foto', url: 'https://mmg.whatsapp.net/x' } }),
    { ...base, body: 'foto', mediaType: 'image' },
  ],
  [
    'sticker as image',
    received({ stickerMessage: { mimetype: 'image/webp' } }),
    { ...base, body: '', mediaType: 'image' },
  ],
  [
    'voice note (ptt)',
    received({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4 } }),
    { ...base, body: '', mediaType: 'audio' },
  ],
  [
    'audio file (not ptt)',
    received({ audioMessage: { mimetype: 'audio/mpeg', ptt: false } }),
    { ...base, body: '', mediaType: 'audio' },
  ],
  [
    'video with caption',
    received({ videoMessage: { mimetype: 'video/mp4', caption: 'olha' } }),
    { ...base, body: 'olha', mediaType: 'video' },
  ],
  [
    'document: body is the file name',
    received({ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf' } }),
    { ...base, body: 'boleto.pdf', mediaType: 'application' },
  ],
  [
    'document with caption (documentWithCaptionMessage wrapper)',
    received({
      documentWithCaptionMessage: {
        message: { documentMessage: { mimetype: 'application/pdf', fileName: 'nf.pdf', caption: 'segue a nota' } },
      },
    }),
    { ...base, body: 'segue a nota', mediaType: 'application' },
  ],
  [
    'location: image|link|description',
    received({
      locationMessage: {
        degreesLatitude: -23.5505,
        degreesLongitude: -46.6333,
        name: 'Loja',
        address: 'Av. Paulista, 1000',
        jpegThumbnail: thumbnail,
      },
    }),
    {
      ...base,
      mediaType: 'locationMessage',
      body: `data:image/jpeg;base64,${thumbnail.toString('base64')}|https://maps.google.com/maps?q=-23.5505,-46.6333|Loja - Av. Paulista, 1000`,
    },
  ],
  [
    'location without thumbnail or name',
    received({ locationMessage: { degreesLatitude: 1.5, degreesLongitude: 2 } }),
    { ...base, mediaType: 'locationMessage', body: '|https://maps.google.com/maps?q=1.5,2|' },
  ],
  [
    'live location',
    received({ liveLocationMessage: { degreesLatitude: 1, degreesLongitude: 2, caption: 'indo' } }),
    { ...base, mediaType: 'locationMessage', body: '|https://maps.google.com/maps?q=1,2|indo' },
  ],
  [
    'contact card',
    received({ contactMessage: { displayName: 'Ana', vcard } }),
    { ...base, mediaType: 'vcard', body: vcard },
  ],
  [
    'several contact cards',
    received({ contactsArrayMessage: { displayName: '2 contatos', contacts: [{ vcard }, { vcard }] } }),
    { ...base, mediaType: 'vcard', body: `${vcard}\n${vcard}` },
  ],
  [
    'button answer',
    received({ buttonsResponseMessage: { selectedButtonId: '1', selectedDisplayText: 'Financeiro' } }),
    { ...base, body: 'Financeiro' },
  ],
  [
    'list answer',
    received({ listResponseMessage: { title: 'Suporte', singleSelectReply: { selectedRowId: 'r1' } } }),
    { ...base, body: 'Suporte' },
  ],
  [
    'disappearing (ephemeral) text',
    received({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some' } } } }),
    { ...base, body: 'some' },
  ],
  [
    'view once image',
    received({ viewOnceMessageV2: { message: { imageMessage: { mimetype: 'image/jpeg' } } } }),
    { ...base, body: '', mediaType: 'image' },
  ],
  [
    'group message: group id, participant and their name',
    inGroup({ conversation: 'bom dia' }),
    {
      externalId: 'ABCDEF0123',
      chatId: '120363025246125486',
      isGroup: true,
      participant: '5511977776666',
      participantName: 'João',
      fromMe: false,
      body: 'bom dia',
      timestamp: new Date(TS * 1000),
    },
  ],
  [
    'sent from the company phone (fromMe): the push name is not the customer',
    received(
      { conversation: 'já envio' },
      { key: { remoteJid: CUSTOMER, fromMe: true, id: 'OWN1' }, pushName: 'Loja' },
    ),
    {
      externalId: 'OWN1',
      chatId: '5511988887777',
      isGroup: false,
      fromMe: true,
      body: 'já envio',
      timestamp: new Date(TS * 1000),
    },
  ],
  [
    'addressed by LID with the phone number beside it',
    received(
      { conversation: 'oi' },
      {
        key: {
          remoteJid: '123456789012345@lid',
          remoteJidAlt: CUSTOMER,
          addressingMode: 'lid',
          fromMe: false,
          id: '3EB0A1B2C3D4E5F6',
        },
      },
    ),
    { ...base, body: 'oi' },
  ],
  [
    'group participant by LID with the phone number beside it',
    received(
      { conversation: 'oi' },
      {
        key: {
          remoteJid: GROUP,
          participant: '99887766@lid',
          participantAlt: '5511977776666@s.whatsapp.net',
          fromMe: false,
          id: 'G1',
        },
        pushName: 'João',
      },
    ),
    {
      externalId: 'G1',
      chatId: '120363025246125486',
      isGroup: true,
      participant: '5511977776666',
      participantName: 'João',
      fromMe: false,
      body: 'oi',
    },
  ],
  [
    'timestamp as a protobuf Long',
    received({ conversation: 'x' }, { messageTimestamp: long(TS) }),
    { ...base, body: 'x', timestamp: new Date(TS * 1000) },
  ],
  [
    'missing timestamp falls back to now',
    received({ conversation: 'x' }, { messageTimestamp: null }),
    { ...base, body: 'x', timestamp: NOW },
  ],
  // Ignored
  [
    'edit arrives as a protocol message: handled as an update, not a new message',
    received({
      protocolMessage: {
        type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
        key: { id: 'OLD' },
        editedMessage: { conversation: 'novo' },
      },
    }),
    null,
  ],
  [
    'revoke protocol message',
    received({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'OLD' } } }),
    null,
  ],
  ['reaction', received({ reactionMessage: { key: { id: 'X' }, text: '👍' } }), null],
  ['poll', received({ pollCreationMessage: { name: 'Qual?', options: [{ optionName: 'A' }] } }), null],
  [
    'status broadcast',
    received({ conversation: 'story' }, { key: { remoteJid: 'status@broadcast', id: 'S1', fromMe: false } }),
    null,
  ],
  [
    'newsletter',
    received({ conversation: 'news' }, { key: { remoteJid: '1203630@newsletter', id: 'N1', fromMe: false } }),
    null,
  ],
  ['group notification without content (stub)', received({}, { message: null, messageStubType: 27 }), null],
  ['sender key distribution only', received({ senderKeyDistributionMessage: { groupId: GROUP } }), null],
  ['no id', received({ conversation: 'x' }, { key: { remoteJid: CUSTOMER, fromMe: false } }), null],
];

describe('toInboundMessage', () => {
  it.each(cases)('%s', (_name, message, expected) => {
    const result = toInboundMessage(message, { now: NOW });
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatchObject(expected);
  });

  it('never carries media itself: downloading is a separate step', () => {
    const result = toInboundMessage(received({ imageMessage: { mimetype: 'image/png' } }), { now: NOW });
    expect(result?.media).toBeUndefined();
  });

  it('leaves out fields that do not apply', () => {
    const result = toInboundMessage(received({ conversation: 'oi' }), { now: NOW });
    expect(result).toEqual({ ...base, body: 'oi' });
  });
});

describe('mediaToDownload', () => {
  it.each([
    ['image', { imageMessage: { mimetype: 'image/png', fileLength: 1234 } }, { mimetype: 'image/png', size: 1234 }],
    ['voice note', { audioMessage: { ptt: true } }, { mimetype: 'audio/ogg; codecs=opus' }],
    [
      'document keeps its name',
      { documentMessage: { mimetype: 'application/pdf', fileName: 'a.pdf', fileLength: long(10) } },
      { mimetype: 'application/pdf', filename: 'a.pdf', size: 10 },
    ],
    ['sticker', { stickerMessage: {} }, { mimetype: 'image/webp' }],
    ['text has none', { conversation: 'x' }, null],
    ['location has none', { locationMessage: { degreesLatitude: 1, degreesLongitude: 1 } }, null],
  ] as [string, proto.IMessage, unknown][])('%s', (_name, content, expected) => {
    expect(mediaToDownload(received(content))).toEqual(expected);
  });
});

describe('message updates', () => {
  const key = { remoteJid: CUSTOMER, fromMe: false, id: 'TARGET' };
  const updates: [string, WAMessageUpdate, unknown][] = [
    [
      'edit as Baileys emits it in messages.update',
      { key, update: { message: { editedMessage: { message: { conversation: 'corrigido' } } } } },
      { kind: 'edit', externalId: 'TARGET', body: 'corrigido' },
    ],
    [
      'edit of an extended text',
      { key, update: { message: { editedMessage: { message: { extendedTextMessage: { text: 'novo texto' } } } } } },
      { kind: 'edit', externalId: 'TARGET', body: 'novo texto' },
    ],
    [
      'edit of a caption',
      { key, update: { message: { editedMessage: { message: { imageMessage: { caption: 'legenda nova' } } } } } },
      { kind: 'edit', externalId: 'TARGET', body: 'legenda nova' },
    ],
    [
      'edit wrapped as a protocol message',
      {
        key,
        update: {
          message: {
            protocolMessage: {
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              key: { id: 'OTHER' },
              editedMessage: { conversation: 'x' },
            },
          },
        },
      },
      { kind: 'edit', externalId: 'OTHER', body: 'x' },
    ],
    [
      'revoke (delete for everyone)',
      { key, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } },
      { kind: 'delete', externalId: 'TARGET' },
    ],
    ['status change is not an update', { key, update: { status: proto.WebMessageInfo.Status.READ } }, null],
    [
      'status broadcast ignored',
      { key: { ...key, remoteJid: 'status@broadcast' }, update: { messageStubType: 1 } },
      null,
    ],
  ];

  it.each(updates)('%s', (_name, entry, expected) => {
    expect(toInboundMessageUpdate(entry)).toEqual(expected);
  });

  it('reads edits and revokes from raw upserted protocol messages too', () => {
    expect(
      toInboundMessageUpdateFromMessage(
        received({
          editedMessage: {
            message: {
              protocolMessage: {
                type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
                key: { id: 'OLD' },
                editedMessage: { extendedTextMessage: { text: 'editado' } },
              },
            },
          },
        }),
      ),
    ).toEqual({ kind: 'edit', externalId: 'OLD', body: 'editado' });
    expect(
      toInboundMessageUpdateFromMessage(
        received({ protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'OLD' } } }),
      ),
    ).toEqual({ kind: 'delete', externalId: 'OLD' });
    expect(toInboundMessageUpdateFromMessage(received({ conversation: 'x' }))).toBeNull();
  });
});

describe('acks', () => {
  const S = proto.WebMessageInfo.Status;
  it.each([
    [S.ERROR, null],
    [S.PENDING, null],
    [S.SERVER_ACK, 1],
    [S.DELIVERY_ACK, 2],
    [S.READ, 3],
    [S.PLAYED, 4],
    [undefined, null],
  ])('status %s → ack %s', (status, ack) => {
    expect(statusToAck(status)).toBe(ack);
  });

  it.each([
    [{ userJid: CUSTOMER, receiptTimestamp: TS }, 2],
    [{ userJid: CUSTOMER, receiptTimestamp: TS, readTimestamp: long(TS + 5) }, 3],
    [{ userJid: CUSTOMER, readTimestamp: TS, playedTimestamp: TS + 9 }, 4],
    [{ userJid: CUSTOMER }, null],
  ] as [proto.IUserReceipt, number | null][])('receipt %o → ack %s', (receipt, ack) => {
    expect(receiptToAck(receipt)).toBe(ack);
  });
});

describe('toInboundReaction', () => {
  it.each([
    [
      "a customer's reaction names its target",
      received({ reactionMessage: { key: { remoteJid: CUSTOMER, id: 'M1' }, text: '👍' } }),
      { kind: 'reaction', externalId: 'M1', emoji: '👍', fromMe: false },
    ],
    [
      'an empty text removes it',
      received({ reactionMessage: { key: { remoteJid: CUSTOMER, id: 'M1' }, text: '' } }),
      { kind: 'reaction', externalId: 'M1', emoji: '', fromMe: false },
    ],
    [
      "the company's phone reacted (or echoes ours)",
      received(
        { reactionMessage: { key: { remoteJid: CUSTOMER, id: 'M1' }, text: '❤️' } },
        { key: { remoteJid: CUSTOMER, fromMe: true, id: 'R9' } },
      ),
      { kind: 'reaction', externalId: 'M1', emoji: '❤️', fromMe: true },
    ],
    [
      'a group member, by number',
      inGroup({ reactionMessage: { key: { remoteJid: GROUP, id: 'G1' }, text: '😂' } }),
      { kind: 'reaction', externalId: 'G1', emoji: '😂', fromMe: false, participant: '5511977776666' },
    ],
    ['not a reaction', received({ conversation: 'oi' }), null],
    ['a reaction without its target', received({ reactionMessage: { text: '👍' } }), null],
    [
      'a status broadcast',
      received(
        { reactionMessage: { key: { id: 'M1' }, text: '👍' } },
        { key: { remoteJid: 'status@broadcast', fromMe: false, id: 'S1' } },
      ),
      null,
    ],
  ] as const)('%s', (_name, message, expected) => {
    expect(toInboundReaction(message as WAMessage)).toEqual(expected);
  });
});
