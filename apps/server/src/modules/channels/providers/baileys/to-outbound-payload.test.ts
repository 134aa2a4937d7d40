import { describe, expect, it } from 'vitest';
import type { OutboundMessage } from '../../channel-adapter.ts';
import {
  type OutboundPayload,
  toEditPayload,
  toJid,
  toMessageKey,
  toOutboundPayload,
  toReactionPayload,
} from './to-outbound-payload.ts';

const to = { chatId: '5511988887777', isGroup: false };
const JID = '5511988887777@s.whatsapp.net';

const cases: [string, OutboundMessage, OutboundPayload][] = [
  ['text', { ...to, body: 'Olá, Maria' }, { jid: JID, content: { text: 'Olá, Maria' }, options: {} }],
  [
    'text to a group',
    { chatId: '120363025246125486', isGroup: true, body: 'bom dia' },
    { jid: '120363025246125486@g.us', content: { text: 'bom dia' }, options: {} },
  ],
  [
    'quoted reply to the customer’s message',
    { ...to, body: 'sim', quotedExternalId: 'Q1', quotedFromMe: false },
    {
      jid: JID,
      content: { text: 'sim' },
      options: { quoted: { key: { remoteJid: JID, id: 'Q1', fromMe: false }, message: { conversation: '' } } },
    },
  ],
  [
    'quoted reply to our own message',
    { ...to, body: 'como eu disse', quotedExternalId: 'Q2', quotedFromMe: true },
    {
      jid: JID,
      content: { text: 'como eu disse' },
      options: { quoted: { key: { remoteJid: JID, id: 'Q2', fromMe: true }, message: { conversation: '' } } },
    },
  ],
  [
    'image with caption',
    { ...to, body: 'segue', media: { path: '/data/public/company1/a.jpg', mimetype: 'image/jpeg', filename: 'a.jpg' } },
    {
      jid: JID,
      content: { image: { url: '/data/public/company1/a.jpg' }, mimetype: 'image/jpeg', caption: 'segue' },
      options: {},
    },
  ],
  [
    'image without caption',
    { ...to, body: '', media: { path: '/f/a.png', mimetype: 'image/png', filename: 'a.png' } },
    { jid: JID, content: { image: { url: '/f/a.png' }, mimetype: 'image/png' }, options: {} },
  ],
  [
    'video with caption',
    { ...to, body: 'vídeo', media: { path: '/f/v.mp4', mimetype: 'video/mp4', filename: 'v.mp4' } },
    { jid: JID, content: { video: { url: '/f/v.mp4' }, mimetype: 'video/mp4', caption: 'vídeo' }, options: {} },
  ],
  [
    'audio file',
    { ...to, body: '', media: { path: '/f/s.mp3', mimetype: 'audio/mpeg', filename: 's.mp3' } },
    { jid: JID, content: { audio: { url: '/f/s.mp3' }, mimetype: 'audio/mpeg', ptt: false }, options: {} },
  ],
  [
    'voice note: push-to-talk, ogg/opus',
    { ...to, body: '', media: { path: '/f/n.ogg', mimetype: 'audio/ogg', filename: 'n.ogg', asVoiceNote: true } },
    { jid: JID, content: { audio: { url: '/f/n.ogg' }, mimetype: 'audio/ogg; codecs=opus', ptt: true }, options: {} },
  ],
  [
    'document keeps its file name and caption',
    { ...to, body: 'o boleto', media: { path: '/f/x1.pdf', mimetype: 'application/pdf', filename: 'boleto.pdf' } },
    {
      jid: JID,
      content: {
        document: { url: '/f/x1.pdf' },
        mimetype: 'application/pdf',
        fileName: 'boleto.pdf',
        caption: 'o boleto',
      },
      options: {},
    },
  ],
  [
    'svg goes as a document (WhatsApp does not render it as an image)',
    { ...to, body: '', media: { path: '/f/l.svg', mimetype: 'image/svg+xml', filename: 'logo.svg' } },
    {
      jid: JID,
      content: { document: { url: '/f/l.svg' }, mimetype: 'image/svg+xml', fileName: 'logo.svg' },
      options: {},
    },
  ],
  [
    'media with a quoted reply',
    {
      ...to,
      body: '',
      quotedExternalId: 'Q3',
      media: { path: '/f/z.zip', mimetype: 'application/zip', filename: 'z.zip' },
    },
    {
      jid: JID,
      content: { document: { url: '/f/z.zip' }, mimetype: 'application/zip', fileName: 'z.zip' },
      options: { quoted: { key: { remoteJid: JID, id: 'Q3', fromMe: false }, message: { conversation: '' } } },
    },
  ],
];

describe('toOutboundPayload', () => {
  it.each(cases)('%s', (_name, message, expected) => {
    expect(toOutboundPayload(message)).toEqual(expected);
  });
});

describe('toJid', () => {
  it.each([
    ['5511988887777', false, '5511988887777@s.whatsapp.net'],
    ['+55 (11) 98888-7777', false, '5511988887777@s.whatsapp.net'],
    ['120363025246125486', true, '120363025246125486@g.us'],
    ['5511999990000-1612345678', true, '5511999990000-1612345678@g.us'],
    ['5511988887777@s.whatsapp.net', false, '5511988887777@s.whatsapp.net'],
  ] as const)('%s (group %s) → %s', (chatId, isGroup, jid) => {
    expect(toJid(chatId, isGroup)).toBe(jid);
  });
});

describe('toMessageKey', () => {
  it('builds the key of a message to delete for everyone', () => {
    expect(toMessageKey({ chatId: '5511988887777', isGroup: false, externalId: 'M1', fromMe: true })).toEqual({
      remoteJid: JID,
      id: 'M1',
      fromMe: true,
    });
  });
});

describe('edits and reactions', () => {
  const ours = { chatId: '5511988887777', isGroup: false, externalId: 'M1', fromMe: true };
  it('an edit sends the new text naming our message', () => {
    expect(toEditPayload(ours, 'corrigido')).toEqual({
      jid: JID,
      content: { text: 'corrigido', edit: { remoteJid: JID, id: 'M1', fromMe: true } },
    });
  });

  it("a reaction names its target; in a group, a member's message names its author", () => {
    expect(toReactionPayload({ ...ours, fromMe: false }, '👍')).toEqual({
      jid: JID,
      content: { react: { text: '👍', key: { remoteJid: JID, id: 'M1', fromMe: false } } },
    });
    const group = {
      chatId: '120363025246125486',
      isGroup: true,
      externalId: 'G1',
      fromMe: false,
      participant: '5511977776666',
    };
    expect(toReactionPayload(group, '').content).toEqual({
      react: {
        text: '',
        key: {
          remoteJid: '120363025246125486@g.us',
          id: 'G1',
          fromMe: false,
          participant: '5511977776666@s.whatsapp.net',
        },
      },
    });
  });
});
