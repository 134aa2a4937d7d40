import { describe, expect, it } from 'vitest';
import { describeChanges } from './audit-changes.ts';

describe('describeChanges', () => {
  it('writes each field as before → after', () => {
    expect(
      describeChanges({
        name: { before: 'Bob', after: 'Bobby' },
        queueIds: { before: [1], after: [1, 2] },
        password: { before: '[hidden]', after: '[hidden]' },
        email: { before: null, after: 'a@b.c' },
        profile: { before: 'user', after: null },
      }),
    ).toEqual([
      'name: Bob → Bobby',
      'queueIds: [1] → [1, 2]',
      'password: [hidden] → [hidden]',
      'email: a@b.c',
      'profile: user → ∅',
    ]);
  });
});
