import { describe, expect, it } from 'vitest';
import {
  formatUtcOffset,
  isSameClock,
  moveClockInput,
  nameOfTimeZone,
  placeOfTimeZone,
  toCompanyTimeText,
  utcOffsetMinutes,
} from './time-zone.ts';

const july = new Date('2026-07-01T12:00:00Z');
const january = new Date('2026-01-15T12:00:00Z');

describe('time zones named for a time field', () => {
  it('names the place as its people write it, the IANA city otherwise, and nothing for UTC', () => {
    expect(placeOfTimeZone('America/Sao_Paulo')).toBe('São Paulo');
    expect(placeOfTimeZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(placeOfTimeZone('Europe/Berlin')).toBe('Berlin');
    expect(placeOfTimeZone('UTC')).toBeNull();
  });

  it('gives the offset at the moment asked, daylight saving included, with a true minus sign', () => {
    expect(utcOffsetMinutes('America/Sao_Paulo', july)).toBe(-180);
    expect(utcOffsetMinutes('Europe/Lisbon', july)).toBe(60);
    expect(utcOffsetMinutes('Europe/Lisbon', january)).toBe(0);
    expect(utcOffsetMinutes('America/Santiago', january)).toBe(-180);
    expect(utcOffsetMinutes('America/Santiago', july)).toBe(-240);
    expect(formatUtcOffset(-180)).toBe('\u221203:00');
    expect(formatUtcOffset(330)).toBe('+05:30');
    expect(formatUtcOffset(0)).toBe('+00:00');
    expect(nameOfTimeZone('America/Sao_Paulo', july)).toEqual({ place: 'São Paulo', offset: '\u221203:00' });
  });

  it('tells clocks apart by the hour they show, not by their names', () => {
    expect(isSameClock('America/Sao_Paulo', 'America/Bahia', july)).toBe(true);
    expect(isSameClock('America/Sao_Paulo', 'UTC', july)).toBe(false);
    // Lisbon runs on UTC in winter only.
    expect(isSameClock('Europe/Lisbon', 'UTC', january)).toBe(true);
    expect(isSameClock('Europe/Lisbon', 'UTC', july)).toBe(false);
  });
});

describe('field values on the company clock', () => {
  it("writes a field's value as the API's company time (spec: 'YYYY-MM-DD HH:mm:ss')", () => {
    expect(toCompanyTimeText('2026-12-01T10:44')).toBe('2026-12-01 10:44:00');
  });

  // issue 45: 10:44 typed on São Paulo's clock is 13:44 on a UTC clock, not 10:44.
  it('moves a value to another clock keeping the instant', () => {
    expect(moveClockInput('2026-12-01T10:44', 'America/Sao_Paulo', 'UTC')).toBe('2026-12-01T13:44');
    expect(moveClockInput('2026-12-01T23:30', 'UTC', 'America/Sao_Paulo')).toBe('2026-12-01T20:30');
    expect(moveClockInput('', 'UTC', 'America/Sao_Paulo')).toBe('');
  });
});
