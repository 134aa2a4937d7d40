import { describe, expect, it } from 'vitest';
import { maskTime } from './time-mask.ts';

describe('maskTime', () => {
  it.each([
    ['0830', '08:30'],
    ['08:30', '08:30'],
    ['8', '8'],
    ['083', '08:3'],
    ['12:345', '12:34'],
    ['ab', ''],
  ])('%s → %s', (input, expected) => {
    expect(maskTime(input)).toBe(expected);
  });
});
