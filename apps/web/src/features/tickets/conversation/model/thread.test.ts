import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import {
  ackState,
  buildThreadItems,
  isMediaMissing,
  mergeMessages,
  parseLocationBody,
  parseVcard,
  quickReplyQuery,
  replaceMessage,
  truncateLabel,
} from './thread.ts';

const message = (id: number, createdAt: string, overrides: Partial<MessageRecord> = {}): MessageRecord => ({
  id,
  ticketId: 10,
  contactId: 1,
  whatsappId: 1,
  body: `m${id}`,
  fromMe: false,
  read: true,
  ack: 0,
  failed: false,
  sendError: null,
  mediaType: null,
  mediaUrl: null,
  mediaName: null,
  quotedMsgId: null,
  quotedMsg: null,
  participant: null,
  participantName: null,
  isDeleted: false,
  isEdited: false,
  editHistory: [],
  reactions: [],
  userId: null,
  isSystem: false,
  contact: null,
  createdAt,
  updatedAt: createdAt,
  ...overrides,
});

// Local-time noon keeps the day the same in every time zone the tests run in.
const day = (d: number, hour = 12) => new Date(2026, 2, d, hour).toISOString();

describe('mergeMessages', () => {
  it('puts an older page before the loaded one and keeps one entry per id', () => {
    const loaded = [message(3, day(2)), message(4, day(2, 13))];
    const older = [message(1, day(1)), message(2, day(1, 13)), message(3, day(2))];
    expect(mergeMessages(loaded, older).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('appends a live message', () => {
    expect(mergeMessages([message(1, day(1))], [message(2, day(1, 14))]).map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('replaceMessage', () => {
  it('replaces in place and ignores unknown ids', () => {
    const list = [message(1, day(1)), message(2, day(1))];
    expect(replaceMessage(list, message(2, day(1), { ack: 3 }))[1].ack).toBe(3);
    expect(replaceMessage(list, message(9, day(1)))).toBe(list);
  });
});

describe('buildThreadItems', () => {
  it('puts a date divider before each day', () => {
    const items = buildThreadItems([message(1, day(1)), message(2, day(1, 15)), message(3, day(2))], 10);
    expect(items.map((item) => (item.kind === 'date' ? item.label : item.kind))).toEqual([
      '01/03/2026',
      'message',
      'message',
      '02/03/2026',
      'message',
    ]);
  });

  it('names the earlier ticket where its messages begin', () => {
    const items = buildThreadItems([message(1, day(1), { ticketId: 7 }), message(2, day(1, 15))], 10);
    expect(
      items.map((item) => (item.kind === 'ticket' ? `ticket ${item.ticketId} ${item.isCurrent}` : item.kind)),
    ).toEqual(['ticket 7 false', 'date', 'message', 'ticket 10 true', 'date', 'message']);
  });
});

describe('helpers', () => {
  it('parses a location body', () => {
    expect(parseLocationBody('data:image/png;base64,x|https://maps.google.com/?q=1,2|Av. Paulista, 1000')).toEqual({
      image: 'data:image/png;base64,x',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Av. Paulista, 1000',
    });
    expect(parseLocationBody('img|https://maps.example')).toEqual({
      image: 'img',
      link: 'https://maps.example',
      description: '',
    });
  });

  it('reads a vcard', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:João Silva\nitem1.TEL;waid=5511:+55 11 99999-0000\nEND:VCARD';
    expect(parseVcard(card)).toEqual({ name: 'João Silva', numbers: ['+55 11 99999-0000'] });
  });

  it('cuts quick-reply labels at 35 characters', () => {
    expect(truncateLabel('a'.repeat(35))).toBe('a'.repeat(35));
    expect(truncateLabel('a'.repeat(36))).toBe(`${'a'.repeat(35)}…`);
  });

  it('opens quick replies on a slash plus one character', () => {
    expect(quickReplyQuery('/')).toBeNull();
    expect(quickReplyQuery('/ ')).toBeNull();
    expect(quickReplyQuery('hello /x')).toBeNull();
    expect(quickReplyQuery('/Ola')).toBe('ola');
  });

  it('maps acks to icons', () => {
    expect([0, 1, 2, 3, 4, 5].map((ack) => ackState({ ack, failed: false }))).toEqual([
      'pending',
      'sent',
      'delivered',
      'read',
      'read',
      'read',
    ]);
    expect(ackState({ ack: 0, failed: true })).toBe('failed');
  });
});

describe('isMediaMissing', () => {
  it('marks a file message whose file could not be downloaded, and nothing else', () => {
    const at = day(1);
    expect(isMediaMissing(message(1, at, { mediaType: 'image' }))).toBe(true);
    expect(isMediaMissing(message(2, at, { mediaType: 'application' }))).toBe(true);
    expect(isMediaMissing(message(3, at, { mediaType: 'audio', mediaUrl: '/public/company-1/a.ogg' }))).toBe(false);
    expect(isMediaMissing(message(4, at, { mediaType: 'locationMessage' }))).toBe(false);
    expect(isMediaMissing(message(5, at))).toBe(false);
  });
});
