import '../../public/zod-jitless.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod configuration (public/zod-jitless.js, loaded by index.html before the app)', () => {
  it('is jitless once zod loads after it', () => {
    expect(z.config().jitless).toBe(true);
  });
});
