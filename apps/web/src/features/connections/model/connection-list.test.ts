import { describe, expect, it } from 'vitest';
import { applyConnectionEvent, needsAttention } from './connection-list.ts';

const connection = (id: number, status: string) => ({ id, name: `c${id}`, status });

describe('needsAttention', () => {
  it('is false for an empty list or connected sessions', () => {
    expect(needsAttention([])).toBe(false);
    expect(needsAttention([connection(1, 'CONNECTED'), connection(2, 'CONNECTED')])).toBe(false);
  });

  it.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'])(
    'is true when one connection is %s',
    (status) => {
      expect(needsAttention([connection(1, 'CONNECTED'), connection(2, status)])).toBe(true);
    },
  );

  it('matches statuses exactly (qrcode is lower case in the spec)', () => {
    expect(needsAttention([connection(1, 'QRCODE')])).toBe(false);
  });
});

describe('applyConnectionEvent', () => {
  const list = [connection(1, 'CONNECTED'), connection(2, 'qrcode')];

  it('replaces an updated connection', () => {
    const next = applyConnectionEvent(list, { action: 'update', whatsapp: connection(2, 'CONNECTED') });
    expect(next.map((item) => item.status)).toEqual(['CONNECTED', 'CONNECTED']);
  });

  it('prepends a new connection', () => {
    expect(
      applyConnectionEvent(list, { action: 'update', whatsapp: connection(3, 'OPENING') }).map((c) => c.id),
    ).toEqual([3, 1, 2]);
  });

  it('removes a deleted connection and ignores other actions', () => {
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 1 }).map((c) => c.id)).toEqual([2]);
    expect(applyConnectionEvent(list, { action: 'other' })).toEqual(list);
  });
});
