import type { SandboxOutboxEntry } from '@wacrm/shared/sandbox/sandbox.schema';
import { describe, expect, it } from 'vitest';
import {
  addCustomer,
  applyReceipts,
  emptyChatState,
  markSeen,
  mergeCustomers,
  mergeOutbox,
  putMessage,
  refreshOutbox,
  removeCustomer,
  setAck,
  unreadCount,
} from './sandbox-chat.ts';

const entry = (seq: number, to: string, overrides: Partial<SandboxOutboxEntry> = {}): SandboxOutboxEntry => ({
  seq,
  id: `SB${seq}`,
  to,
  isGroup: false,
  body: `hello ${seq}`,
  media: null,
  quotedId: null,
  ack: 1,
  deleted: false,
  edited: false,
  time: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('sandbox chat state', () => {
  it('keys customers by digits and renames an existing one', () => {
    let state = addCustomer(emptyChatState, { number: '+55 (11) 99999-0001', name: 'Ana' });
    state = addCustomer(state, { number: '5511999990001', name: 'Ana Maria' });
    expect(state.customers).toEqual([{ number: '5511999990001', name: 'Ana Maria' }]);
  });

  it('merges outbox entries into their chats, adds unknown numbers and advances the sequence', () => {
    const start = addCustomer(emptyChatState, { number: '5511999990001', name: 'Ana' });
    const state = mergeOutbox(start, [entry(1, '5511999990001'), entry(2, '5511888880002')]);
    expect(state.lastSeq).toBe(2);
    expect(state.customers.map((item) => item.number)).toEqual(['5511999990001', '5511888880002']);
    expect(state.messages['5511999990001'].map((item) => item.body)).toEqual(['hello 1']);
  });

  it('does not duplicate an entry seen twice and keeps the highest ack', () => {
    let state = mergeOutbox(emptyChatState, [entry(1, '5511999990001')]);
    state = setAck(state, '5511999990001', 'SB1', 3);
    state = mergeOutbox(state, [entry(1, '5511999990001', { ack: 2 })]);
    expect(state.messages['5511999990001']).toHaveLength(1);
    expect(state.messages['5511999990001'][0].ack).toBe(3);
  });

  it('counts company messages since the chat was last open; opening it clears the badge', () => {
    const ana = '5511999990001';
    let state = mergeOutbox(emptyChatState, [entry(1, ana), entry(2, ana)]);
    expect(unreadCount(state.messages[ana], state.seenOut[ana])).toBe(2);
    state = markSeen(state, ana);
    expect(unreadCount(state.messages[ana], state.seenOut[ana])).toBe(0);
    expect(markSeen(state, ana)).toBe(state);
    state = mergeOutbox(state, [entry(3, ana), entry(4, ana, { deleted: true })]);
    expect(unreadCount(state.messages[ana], state.seenOut[ana])).toBe(1);
    // The customer's own lines never count.
    state = putMessage(state, ana, { ...state.messages[ana][0], id: 'IN1', direction: 'in' });
    expect(unreadCount(state.messages[ana], state.seenOut[ana])).toBe(1);
    expect(removeCustomer(state, ana).seenOut).toEqual({});
  });

  it('removes a customer with their messages', () => {
    const state = removeCustomer(mergeOutbox(emptyChatState, [entry(1, '5511999990001')]), '5511999990001');
    expect(state.customers).toEqual([]);
    expect(state.messages).toEqual({});
  });

  it('keeps the voice-note mark of what the company sent', () => {
    const media = {
      filename: 'voice-note-1.ogg',
      mimetype: 'audio/ogg; codecs=opus',
      url: '/public/x',
      voiceNote: true,
    };
    const state = mergeOutbox(emptyChatState, [entry(1, '5511999990001', { media })]);
    expect(state.messages['5511999990001'][0].media?.voiceNote).toBe(true);
  });

  it("marks the customer's messages read when the company's receipts arrive, and advances their sequence", () => {
    const message = {
      id: 'IN1',
      direction: 'in' as const,
      body: 'hi',
      media: null,
      quotedId: null,
      time: '2026-01-01T10:00:00.000Z',
      ack: 0,
      deleted: false,
    };
    let state = putMessage(
      addCustomer(emptyChatState, { number: '5511999990001', name: 'Ana' }),
      '5511999990001',
      message,
    );
    state = putMessage(state, '5511999990001', { ...message, id: 'IN2' });
    state = applyReceipts(state, [
      { seq: 4, id: 'IN1', chatId: '5511999990001', time: '2026-01-01T10:01:00.000Z' },
      { seq: 5, id: 'UNKNOWN', chatId: '5511888880002', time: '2026-01-01T10:01:00.000Z' },
    ]);
    expect(state.messages['5511999990001'].map((item) => item.isReadByCompany ?? false)).toEqual([true, false]);
    expect(state.lastReceiptSeq).toBe(5);
  });

  it("merges the server's customers: new ones added, a number-only name replaced, a chosen name kept", () => {
    let state = addCustomer(emptyChatState, { number: '5511999990001', name: 'Ana (aqui)' });
    state = mergeOutbox(state, [entry(1, '5511999990002')]);
    state = mergeCustomers(state, [
      { number: '5511999990001', name: 'Ana', isGroup: false },
      { number: '5511999990002', name: 'Bruno', isGroup: false },
      { number: '+55 11 99999-0003', name: 'Carla', isGroup: false },
      { number: '120363000000000001@g.us', name: 'Família', isGroup: true },
    ]);
    expect(state.customers).toEqual([
      { number: '5511999990001', name: 'Ana (aqui)' },
      { number: '5511999990002', name: 'Bruno' },
      { number: '5511999990003', name: 'Carla' },
      { number: '120363000000000001@g.us', name: 'Família' },
    ]);
    expect(mergeCustomers(state, [{ number: '5511999990003', name: 'Carla', isGroup: false }])).toEqual(state);
  });

  it("re-reads a chat's outbox with edits and deletes, without moving the sequence past other chats", () => {
    const seen = mergeOutbox(emptyChatState, [entry(1, '5511999990001')]);
    const refreshed = refreshOutbox(seen, [
      entry(1, '5511999990001', { body: 'fixed', edited: true }),
      entry(3, '5511999990001'),
    ]);
    expect(refreshed.messages['5511999990001'].map((item) => [item.body, item.edited])).toEqual([
      ['fixed', true],
      ['hello 3', false],
    ]);
    expect(refreshed.lastSeq).toBe(1);
  });
});
