import { describe, expect, it } from 'vitest';
import { addMonthsClamped, type Recurrence, renewDueDate, toIsoDayOrNull } from './recurrence.ts';

describe('renewDueDate', () => {
  it.each<[string, Recurrence, string]>([
    ['2025-03-15', 'MENSAL', '2025-04-15'],
    ['2025-03-15', 'BIMESTRAL', '2025-05-15'],
    ['2025-03-15', 'TRIMESTRAL', '2025-06-15'],
    ['2025-03-15', 'SEMESTRAL', '2025-09-15'],
    ['2025-03-15', 'ANUAL', '2026-03-15'],
    // month ends clamp to the last day of the target month
    ['2025-01-31', 'MENSAL', '2025-02-28'],
    ['2024-01-31', 'MENSAL', '2024-02-29'],
    ['2024-01-30', 'MENSAL', '2024-02-29'],
    ['2025-03-31', 'MENSAL', '2025-04-30'],
    ['2025-12-31', 'BIMESTRAL', '2026-02-28'],
    ['2025-11-30', 'TRIMESTRAL', '2026-02-28'],
    ['2025-08-31', 'SEMESTRAL', '2026-02-28'],
    ['2023-08-31', 'SEMESTRAL', '2024-02-29'],
    ['2024-02-29', 'ANUAL', '2025-02-28'],
    ['2027-02-28', 'ANUAL', '2028-02-28'],
    // crossing the year
    ['2025-12-15', 'MENSAL', '2026-01-15'],
    ['2025-11-01', 'TRIMESTRAL', '2026-02-01'],
    ['2025-07-31', 'SEMESTRAL', '2026-01-31'],
  ])('%s + %s = %s', (from, recurrence, expected) => {
    expect(renewDueDate(from, recurrence, '2000-01-01')).toBe(expected);
  });

  it('renews from today when the company has no due date', () => {
    expect(renewDueDate(null, 'MENSAL', '2025-05-31')).toBe('2025-06-30');
  });

  it('counts from the current due date, even a past one', () => {
    expect(renewDueDate('2020-01-10', 'ANUAL', '2025-06-01')).toBe('2021-01-10');
  });
});

describe('addMonthsClamped', () => {
  it('keeps the day when the target month has it', () => {
    expect(addMonthsClamped('2024-02-29', 12 * 4)).toBe('2028-02-29');
    expect(addMonthsClamped('2024-01-31', 2)).toBe('2024-03-31');
  });
});

describe('toIsoDayOrNull', () => {
  it.each([
    ['2025-02-28', '2025-02-28'],
    ['2024-02-29', '2024-02-29'],
    ['2025-02-29', null],
    ['2025-13-01', null],
    ['not a date', null],
    ['', null],
    [null, null],
    [undefined, null],
    [20250101, null],
    ['2025-06-01T10:00:00.000Z', '2025-06-01'],
  ])('%s → %s', (input, expected) => {
    expect(toIsoDayOrNull(input)).toBe(expected);
  });
});
