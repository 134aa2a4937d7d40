import type { SandboxOutboxEntry } from '@wacrm/shared/sandbox/sandbox.schema';
import { describe, expect, it } from 'vitest';
import { addCustomer, emptyChatState, mergeOutbox, removeCustomer, setAck, unreadCount } from './sandbox-chat.ts';

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
    expect(unreadCount(state.messages['5511999990001'])).toBe(0);
  });

  it('removes a customer with their messages', () => {
    const state = removeCustomer(mergeOutbox(emptyChatState, [entry(1, '5511999990001')]), '5511999990001');
    expect(state.customers).toEqual([]);
    expect(state.messages).toEqual({});
  });
});
