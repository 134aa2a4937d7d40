import { describe, expect, it } from 'vitest';
import { formatLastUpdate, sessionActionsFor } from './session-actions.ts';

describe('sessionActionsFor', () => {
  it.each([
    ['qrcode', ['showQr']],
    ['DISCONNECTED', ['retry', 'newQr']],
    ['CONNECTED', ['disconnect']],
    ['PAIRING', ['disconnect']],
    ['TIMEOUT', ['disconnect']],
    ['OPENING', ['connecting']],
    ['SOMETHING', []],
  ])('%s offers %j', (status, actions) => {
    expect(sessionActionsFor(status)).toEqual(actions);
  });

  it('offers no new QR to a Cloud API connection, only a new check of its credentials', () => {
    expect(sessionActionsFor('DISCONNECTED', 'cloudapi')).toEqual(['retry']);
    expect(sessionActionsFor('CONNECTED', 'cloudapi')).toEqual(['disconnect']);
  });
});

describe('formatLastUpdate', () => {
  it('reads dd/MM/yy HH:mm in local time', () => {
    expect(formatLastUpdate(new Date(2026, 2, 5, 9, 7).toISOString())).toBe('05/03/26 09:07');
  });

  it('is empty for a missing or broken date', () => {
    expect(formatLastUpdate(null)).toBe('');
    expect(formatLastUpdate('not a date')).toBe('');
  });
});
