import { describe, expect, it } from 'vitest';
import {
  applyCompanyReactions,
  canCustomerEdit,
  editOwnMessage,
  revokeOwnMessage,
  setCustomerReaction,
} from './customer-actions.ts';
import { emptyChatState, putMessage, type SandboxMessage } from './sandbox-chat.ts';

const ANA = '5511999990001';
const line = (id: string, direction: 'in' | 'out', overrides: Partial<SandboxMessage> = {}): SandboxMessage => ({
  id,
  direction,
  body: `text ${id}`,
  media: null,
  quotedId: null,
  time: '2026-12-03T12:00:00.000Z',
  ack: 1,
  deleted: false,
  ...overrides,
});
const chat = putMessage(putMessage(emptyChatState, ANA, line('IN1', 'in')), ANA, line('OUT1', 'out'));

describe("the customer's edits, deletes and reactions", () => {
  it('edits and deletes a message of the chat, and leaves an unknown id alone', () => {
    const edited = editOwnMessage(chat, ANA, 'IN1', 'new text');
    expect(edited.messages[ANA][0]).toMatchObject({ body: 'new text', edited: true });
    expect(revokeOwnMessage(edited, ANA, 'IN1').messages[ANA][0].deleted).toBe(true);
    expect(editOwnMessage(chat, ANA, 'NOPE', 'x')).toBe(chat);
  });

  it('sets, replaces and removes the reaction', () => {
    let state = setCustomerReaction(chat, ANA, 'OUT1', '👍');
    state = setCustomerReaction(state, ANA, 'OUT1', '❤️');
    expect(state.messages[ANA][1].reaction).toBe('❤️');
    expect(setCustomerReaction(state, ANA, 'OUT1', '').messages[ANA][1].reaction).toBe('');
  });

  it('edits only its own living text', () => {
    expect(canCustomerEdit(line('A', 'in'))).toBe(true);
    expect(canCustomerEdit(line('A', 'out'))).toBe(false);
    expect(canCustomerEdit(line('A', 'in', { deleted: true }))).toBe(false);
    expect(canCustomerEdit(line('A', 'in', { media: { filename: 'a.png', mimetype: 'image/png', url: null } }))).toBe(
      false,
    );
  });
});

describe("the company's reactions", () => {
  it('puts each on its message and clears those no longer listed', () => {
    const time = '2026-12-03T12:01:00.000Z';
    const reacted = applyCompanyReactions(chat, [{ id: 'IN1', chatId: `+${ANA}`, emoji: '🙏', time }]);
    expect(reacted.messages[ANA][0].companyReaction).toBe('🙏');
    expect(reacted.messages[ANA][1].companyReaction ?? '').toBe('');
    const cleared = applyCompanyReactions(reacted, []);
    expect(cleared.messages[ANA][0].companyReaction).toBe('');
  });

  it('keeps the same state when nothing changed', () => {
    const once = applyCompanyReactions(chat, []);
    expect(applyCompanyReactions(once, [])).toBe(once);
  });
});
