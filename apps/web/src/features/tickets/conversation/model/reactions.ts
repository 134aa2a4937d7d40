import type { MessageReaction } from '@wacrm/shared/messages/message.schema';

/** One chip under a message: an emoji, how many reacted with it and who. */
export interface ReactionGroup {
  emoji: string;
  count: number;
  /** Who reacted, in the order they did, for the chip's tooltip. */
  names: string[];
  /** The company's own reaction is in it: clicking the chip removes it. */
  hasOurs: boolean;
}

interface NameFallbacks {
  /** For a customer's reaction whose contact has no name (the ticket's contact). */
  contactName: string;
  /** For the company's reaction sent from the phone itself, with no attendant. */
  companyName: string;
}

/**
 * Groups a message's reactions by emoji, in the order each emoji first appeared (the server
 * lists them oldest first). WhatsApp keeps one reaction per account, so a changed reaction has
 * already replaced the old one and a removed one is gone: nothing to reconcile here.
 */
export function groupReactions(reactions: readonly MessageReaction[], fallbacks: NameFallbacks): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const reaction of reactions) {
    if (!reaction.emoji) continue;
    const name = reaction.name?.trim() || (reaction.fromMe ? fallbacks.companyName : fallbacks.contactName);
    const group = groups.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, names: [], hasOurs: false };
    group.count += 1;
    group.names.push(name);
    group.hasOurs ||= reaction.fromMe;
    groups.set(reaction.emoji, group);
  }
  return [...groups.values()];
}

/** The company's current reaction to a message (one per WhatsApp account), or '' when none. */
export function ourReaction(reactions: readonly MessageReaction[]): string {
  return reactions.find((reaction) => reaction.fromMe)?.emoji ?? '';
}

/** What picking `emoji` sends: the same emoji again removes the reaction (''), another replaces it. */
export function nextReaction(current: string, emoji: string): string {
  return current === emoji ? '' : emoji;
}
