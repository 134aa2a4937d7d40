import type { MessageRecord } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import {
  canEditMessage,
  canReactTo,
  editWindowEndsAt,
  hasFailedEdit,
  hasReadableOriginal,
  isTextMessage,
  messageVersions,
  splitSignature,
} from './message-actions.ts';

const sentAt = '2026-12-03T12:00:00.000Z';
const ownText = {
  fromMe: true,
  userId: 7,
  mediaType: null,
  isDeleted: false,
  isSystem: false,
  failed: false,
  ack: 1,
  createdAt: sentAt,
} satisfies Partial<MessageRecord>;
const minutesAfter = (minutes: number) => new Date(new Date(sentAt).getTime() + minutes * 60_000);

describe('edit window', () => {
  it('closes 15 minutes after sending', () => {
    expect(editWindowEndsAt({ createdAt: sentAt }).toISOString()).toBe('2026-12-03T12:15:00.000Z');
  });

  it('lets the attendant edit their own sent text until then, not a second later', () => {
    expect(canEditMessage(ownText, 7, minutesAfter(0))).toBe(true);
    expect(canEditMessage(ownText, 7, minutesAfter(14.99))).toBe(true);
    expect(canEditMessage(ownText, 7, minutesAfter(15))).toBe(false);
  });

  it('refuses what is not their own sent text', () => {
    const now = minutesAfter(1);
    expect(canEditMessage(ownText, 8, now)).toBe(false);
    expect(canEditMessage({ ...ownText, fromMe: false }, 7, now)).toBe(false);
    expect(canEditMessage({ ...ownText, mediaType: 'image' }, 7, now)).toBe(false);
    expect(canEditMessage({ ...ownText, isDeleted: true }, 7, now)).toBe(false);
    expect(canEditMessage({ ...ownText, isSystem: true }, 7, now)).toBe(false);
    expect(canEditMessage({ ...ownText, failed: true }, 7, now)).toBe(false);
    expect(canEditMessage({ ...ownText, ack: 0 }, 7, now)).toBe(false);
  });

  it('counts a text as text whether its type is empty or "chat"', () => {
    expect(isTextMessage({ mediaType: null })).toBe(true);
    expect(isTextMessage({ mediaType: 'chat' })).toBe(true);
    expect(isTextMessage({ mediaType: 'locationMessage' })).toBe(false);
  });
});

describe('reactions', () => {
  it('go on any living WhatsApp message, not on a deleted one or a call record', () => {
    expect(canReactTo({ isDeleted: false, mediaType: null })).toBe(true);
    expect(canReactTo({ isDeleted: false, mediaType: 'image' })).toBe(true);
    expect(canReactTo({ isDeleted: true, mediaType: null })).toBe(false);
    expect(canReactTo({ isDeleted: false, mediaType: 'call_log' })).toBe(false);
  });
});

describe('failed edits and deleted originals', () => {
  it('tells a failed edit from a failed send', () => {
    expect(hasFailedEdit({ failed: false, sendError: 'ERR_EDIT_WAPP_MSG' })).toBe(true);
    expect(hasFailedEdit({ failed: true, sendError: 'ERR_SENDING_WAPP_MSG' })).toBe(false);
    expect(hasFailedEdit({ failed: false, sendError: null })).toBe(false);
  });

  it('shows a deleted original only when the server still gave its text or file', () => {
    expect(hasReadableOriginal({ isDeleted: true, body: 'oops', mediaUrl: null })).toBe(true);
    expect(hasReadableOriginal({ isDeleted: true, body: '', mediaUrl: '/public/a.png' })).toBe(true);
    expect(hasReadableOriginal({ isDeleted: true, body: '', mediaUrl: null })).toBe(false);
    expect(hasReadableOriginal({ isDeleted: false, body: 'hi', mediaUrl: null })).toBe(false);
  });
});

describe('edit history', () => {
  it('dates each version by when the one before it was replaced', () => {
    const versions = messageVersions({
      body: 'third',
      createdAt: sentAt,
      editHistory: [
        { body: 'first', editedAt: '2026-12-03T12:02:00.000Z' },
        { body: 'second', editedAt: '2026-12-03T12:05:00.000Z' },
      ],
    });
    expect(versions).toEqual([
      { body: 'first', writtenAt: sentAt, isCurrent: false },
      { body: 'second', writtenAt: '2026-12-03T12:02:00.000Z', isCurrent: false },
      { body: 'third', writtenAt: '2026-12-03T12:05:00.000Z', isCurrent: true },
    ]);
  });

  it('is the text alone when never edited', () => {
    expect(messageVersions({ body: 'hi', createdAt: sentAt, editHistory: [] })).toEqual([
      { body: 'hi', writtenAt: sentAt, isCurrent: true },
    ]);
  });
});

describe('signed texts', () => {
  it('keeps the signature line apart from the text to edit', () => {
    expect(splitSignature('*Bia Souza:*\nSeu pedido sai amanhã')).toEqual({
      signature: '*Bia Souza:*\n',
      text: 'Seu pedido sai amanhã',
    });
    expect(splitSignature('*bold* start')).toEqual({ signature: '', text: '*bold* start' });
    expect(splitSignature('plain')).toEqual({ signature: '', text: 'plain' });
  });
});
