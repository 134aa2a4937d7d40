import { describe, expect, it } from 'vitest';
import { hoursLeft, isWindowOpen, SERVICE_WINDOW_MS, withCustomerMessage } from './service-window.ts';

const now = new Date('2026-12-03T12:00:00Z');

describe('the customer service window', () => {
  it('is always open on connections without one', () => {
    expect(isWindowOpen(null, now)).toBe(true);
    expect(withCustomerMessage(null, { fromMe: false, createdAt: now.toISOString() })).toBeNull();
  });

  it('opens for 24 hours with a customer message, and never moves back with an older one', () => {
    const closed = { closesAt: null };
    expect(isWindowOpen(closed, now)).toBe(false);
    const opened = withCustomerMessage(closed, { fromMe: false, createdAt: now.toISOString() });
    expect(opened?.closesAt?.getTime()).toBe(now.getTime() + SERVICE_WINDOW_MS);
    expect(isWindowOpen(opened, now)).toBe(true);
    const older = withCustomerMessage(opened, { fromMe: false, createdAt: '2026-12-03T10:00:00Z' });
    expect(older).toBe(opened);
    expect(withCustomerMessage(closed, { fromMe: true, createdAt: now.toISOString() })).toBe(closed);
  });

  it('closes when its time has passed, and counts whole hours left', () => {
    const window = { closesAt: new Date(now.getTime() + 90 * 60_000) };
    expect(hoursLeft(window.closesAt, now)).toBe(2);
    expect(isWindowOpen(window, new Date(now.getTime() + 91 * 60_000))).toBe(false);
  });
});
