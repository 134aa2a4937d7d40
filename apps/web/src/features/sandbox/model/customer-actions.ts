import type { SandboxReaction } from '@wacrm/shared/sandbox/sandbox.schema';
import { type SandboxChatState, type SandboxMessage, toDigits } from './sandbox-chat.ts';

/** Changes one message of a customer's chat; a message this browser does not have is left alone. */
function changeMessage(
  state: SandboxChatState,
  number: string,
  id: string,
  change: Partial<SandboxMessage>,
): SandboxChatState {
  const list = state.messages[number];
  if (!list?.some((item) => item.id === id)) return state;
  return {
    ...state,
    messages: { ...state.messages, [number]: list.map((item) => (item.id === id ? { ...item, ...change } : item)) },
  };
}

/** The customer edited their message: the phone shows the new text, marked edited. */
export const editOwnMessage = (state: SandboxChatState, number: string, id: string, body: string) =>
  changeMessage(state, number, id, { body, edited: true });

/** The customer deleted their message for everyone. */
export const revokeOwnMessage = (state: SandboxChatState, number: string, id: string) =>
  changeMessage(state, number, id, { deleted: true });

/** The customer reacted to a message of their chat; '' removes the reaction. */
export const setCustomerReaction = (state: SandboxChatState, number: string, id: string, emoji: string) =>
  changeMessage(state, number, id, { reaction: emoji });

/** Only the customer's own text messages can be edited, as on WhatsApp. */
export const canCustomerEdit = (message: SandboxMessage) =>
  message.direction === 'in' && !message.deleted && !message.media && message.body.trim().length > 0;

/**
 * Puts the company's current reactions (the server's whole list for the connection) on the
 * messages they are for; a message missing from the list has none any more.
 */
export function applyCompanyReactions(
  state: SandboxChatState,
  reactions: readonly SandboxReaction[],
): SandboxChatState {
  const byMessage = new Map(
    reactions.map((reaction) => {
      const number = reaction.chatId.includes('@') ? reaction.chatId : toDigits(reaction.chatId);
      return [`${number} ${reaction.id}`, reaction.emoji] as const;
    }),
  );
  let isChanged = false;
  const messages: SandboxChatState['messages'] = {};
  for (const [number, list] of Object.entries(state.messages)) {
    messages[number] = list.map((item) => {
      const emoji = byMessage.get(`${number} ${item.id}`) ?? '';
      if ((item.companyReaction ?? '') === emoji) return item;
      isChanged = true;
      return { ...item, companyReaction: emoji };
    });
  }
  // Unchanged state keeps its identity: the poll runs every 1.5 s and should not re-render the page.
  return isChanged ? { ...state, messages } : state;
}
