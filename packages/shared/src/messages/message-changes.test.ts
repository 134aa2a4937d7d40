import { describe, expect, it } from 'vitest';
import { canReadDeletedMessages } from './deleted-messages.ts';
import { editMessageSchema, isSingleEmoji, reactToMessageSchema } from './message.schema.ts';

describe('one emoji', () => {
  it.each([
    ['👍', true],
    ['👍🏽', true], // skin tone
    ['👨‍👩‍👧', true], // a family joined by zero-width joiners
    ['🇧🇷', true], // a flag (two regional indicators)
    ['❤️', true], // with its presentation selector
    ['1️⃣', true], // a keycap
    ['', false],
    ['ok', false],
    ['a', false],
    ['👍👍', false],
    ['👍 ', false],
    ['1', false],
  ])('%s → %s', (value, expected) => {
    expect(isSingleEmoji(value)).toBe(expected);
  });

  it('a reaction is one emoji, or empty to remove it', () => {
    expect(reactToMessageSchema.safeParse({ emoji: '' }).success).toBe(true);
    expect(reactToMessageSchema.safeParse({ emoji: '🎉' }).success).toBe(true);
    expect(reactToMessageSchema.safeParse({ emoji: '🎉'.repeat(20) }).success).toBe(false);
    expect(reactToMessageSchema.safeParse({}).success).toBe(false);
  });
});

describe('an edit', () => {
  it('needs some text, within the length of a message', () => {
    expect(editMessageSchema.safeParse({ body: 'novo texto' }).success).toBe(true);
    expect(editMessageSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(editMessageSchema.safeParse({ body: 'x'.repeat(65_537) }).success).toBe(false);
  });
});

describe('who reads a deleted original', () => {
  it.each([
    ['adminsAndSupervisors', 'admin', true],
    ['adminsAndSupervisors', 'supervisor', true],
    ['adminsAndSupervisors', 'user', false],
    ['everyone', 'user', true],
    ['nobody', 'admin', false],
    ['unknown', 'user', false],
  ] as const)('%s, %s → %s', (setting, profile, expected) => {
    expect(canReadDeletedMessages(setting, profile)).toBe(expected);
  });
});
