import { describe, expect, it } from 'vitest';
import { ticketPreviewOf } from './ticket-preview.ts';

describe('ticketPreviewOf', () => {
  it('drops the signature and formatting markers', () => {
    expect(ticketPreviewOf('*Admin:*\nBoa noite, _Carla_! ~x~')).toBe('Admin: Boa noite, Carla! x');
  });

  it('keeps a lone asterisk and media placeholders as they are', () => {
    expect(ticketPreviewOf('2 * 3 = 6')).toBe('2 * 3 = 6');
    expect(ticketPreviewOf('[image]')).toBe('[image]');
  });

  it('puts several lines on one', () => {
    expect(ticketPreviewOf('  one\n\ntwo  ')).toBe('one two');
  });
});
