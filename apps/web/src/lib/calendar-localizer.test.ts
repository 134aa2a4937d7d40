import { describe, expect, it } from 'vitest';
import { calendarCulture, dayFirstRange } from './calendar-localizer.ts';

describe('the schedules agenda range', () => {
  it('writes its dates day first in English too, like every other date on screen', () => {
    const range = { start: new Date(2026, 11, 1), end: new Date(2026, 11, 31) };
    for (const language of ['en', 'pt', 'es']) {
      expect(dayFirstRange(range, calendarCulture(language)), language).toBe('01/12/2026 – 31/12/2026');
    }
  });
});
