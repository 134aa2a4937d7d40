import './zod-config.ts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const scope = globalThis as { __zod_globalConfig?: object };

describe('zod configuration', () => {
  it('is jitless once zod loads after it', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('sets the flag on the object zod already holds when zod was evaluated first', async () => {
    const zodsOwn = scope.__zod_globalConfig;
    const heldByAnEarlierZod = {};
    scope.__zod_globalConfig = heldByAnEarlierZod;
    try {
      vi.resetModules();
      await import('./zod-config.ts');
      expect(heldByAnEarlierZod).toEqual({ jitless: true });
    } finally {
      scope.__zod_globalConfig = zodsOwn;
    }
  });
});
