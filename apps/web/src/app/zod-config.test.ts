import './zod-config.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod configuration', () => {
  it('is jitless once zod loads after it', () => {
    expect(z.config().jitless).toBe(true);
  });
});
