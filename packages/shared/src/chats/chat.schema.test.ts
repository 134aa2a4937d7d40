import { describe, expect, it } from 'vitest';
import { chatFieldsSchema, chatMessageFieldsSchema, ticketLinksOf } from './chat.schema.ts';

describe('chat schemas', () => {
  it('needs a title and at least one user', () => {
    const result = chatFieldsSchema.safeParse({ title: '  ', users: [] });
    expect(result.success).toBe(false);
    expect(chatFieldsSchema.parse({ title: ' Team ', users: [2, { id: 3, name: 'x' }] })).toEqual({
      title: 'Team',
      users: [2, 3],
    });
  });

  it('refuses blank and over-long messages', () => {
    expect(chatMessageFieldsSchema.safeParse({ message: ' \n ' }).success).toBe(false);
    expect(chatMessageFieldsSchema.safeParse({ message: 'a'.repeat(4001) }).success).toBe(false);
    expect(chatMessageFieldsSchema.parse({ message: ' hi\n' })).toEqual({ message: ' hi\n' });
  });
});

describe('ticketLinksOf', () => {
  it('finds each linked ticket once', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(ticketLinksOf(`see http://x/tickets/${uuid} and /tickets/${uuid.toUpperCase()} /tickets/nope`)).toEqual([
      uuid,
    ]);
  });
});
