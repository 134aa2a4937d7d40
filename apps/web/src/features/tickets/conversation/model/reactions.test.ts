import type { MessageReaction } from '@wacrm/shared/messages/message.schema';
import { describe, expect, it } from 'vitest';
import { groupReactions, nextReaction, ourReaction } from './reactions.ts';

const at = '2026-12-03T12:00:00.000Z';
const fallbacks = { contactName: 'Maria', companyName: 'You' };

describe('reaction chips', () => {
  it('groups by emoji in the order each first appeared, naming who reacted', () => {
    const reactions: MessageReaction[] = [
      { emoji: '👍', fromMe: false, contactId: 1, name: 'Ana', createdAt: at },
      { emoji: '❤️', fromMe: true, userId: 7, name: 'Bia', createdAt: at },
      { emoji: '👍', fromMe: false, contactId: 2, name: 'Caio', createdAt: at },
    ];
    expect(groupReactions(reactions, fallbacks)).toEqual([
      { emoji: '👍', count: 2, names: ['Ana', 'Caio'], hasOurs: false },
      { emoji: '❤️', count: 1, names: ['Bia'], hasOurs: true },
    ]);
  });

  it('names an unnamed customer by the ticket contact and the phone by the company', () => {
    const reactions: MessageReaction[] = [
      { emoji: '😂', fromMe: false, name: null, createdAt: at },
      { emoji: '😂', fromMe: true, userId: null, createdAt: at },
    ];
    expect(groupReactions(reactions, fallbacks)[0].names).toEqual(['Maria', 'You']);
  });

  it('ignores an empty emoji (a removal that was not cleaned up)', () => {
    expect(groupReactions([{ emoji: '', fromMe: false, createdAt: at }], fallbacks)).toEqual([]);
  });
});

describe('the company reaction', () => {
  it('is the one reaction from our side', () => {
    expect(ourReaction([{ emoji: '👍', fromMe: false, createdAt: at }])).toBe('');
    expect(
      ourReaction([
        { emoji: '👍', fromMe: false, createdAt: at },
        { emoji: '🙏', fromMe: true, createdAt: at },
      ]),
    ).toBe('🙏');
  });

  it('is removed by picking it again and replaced by another', () => {
    expect(nextReaction('👍', '👍')).toBe('');
    expect(nextReaction('👍', '❤️')).toBe('❤️');
    expect(nextReaction('', '❤️')).toBe('❤️');
  });
});
