import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  it('formats a date-only string as that calendar day', () => expect(formatDate('2026-03-05')).toBe('05/03/2026'));
  it('formats a local timestamp', () => expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31/12/2025'));
  it('answers empty text for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
