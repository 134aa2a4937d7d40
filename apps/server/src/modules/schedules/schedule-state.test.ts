import { describe, expect, it } from 'vitest';
import { scheduleStateOf } from './schedule-state.ts';

const claimedAt = new Date('2026-03-05T12:00:00Z');
const handedAt = new Date('2026-03-05T14:30:00Z');
const message = { handedOver: false, sentAt: null, failed: false, sendError: null };

describe('the state a schedule shows', () => {
  it.each([
    ['pending before its time', { status: 'pending', message: null }, { status: 'pending', sentAt: null }],
    [
      'error when nothing could be stored, with its code',
      { status: 'error', errorCode: 'ERR_NO_DEF_WAPP_FOUND', message: null },
      { status: 'error', sentAt: null, errorCode: 'ERR_NO_DEF_WAPP_FOUND' },
    ],
    ['waiting while its message is queued', { status: 'sent', message }, { status: 'waiting', sentAt: null }],
    [
      'sent at the hand-over, not the claim',
      { status: 'sent', message: { ...message, handedOver: true, sentAt: handedAt } },
      { status: 'sent', sentAt: handedAt },
    ],
    [
      'sent at the claim for a message from before the hand-over time was kept',
      { status: 'sent', message: { ...message, handedOver: true } },
      { status: 'sent', sentAt: claimedAt },
    ],
    [
      'error with the message’s code once it gave up',
      { status: 'sent', message: { ...message, failed: true, sendError: 'ERR_WAPP_NOT_INITIALIZED' } },
      { status: 'error', sentAt: null, errorCode: 'ERR_WAPP_NOT_INITIALIZED' },
    ],
    [
      'sent as claimed when its message is gone',
      { status: 'sent', message: null },
      { status: 'sent', sentAt: claimedAt },
    ],
  ])('%s', (_, input, expected) => {
    expect(scheduleStateOf({ errorCode: null, claimedAt, ...input })).toMatchObject({ errorCode: null, ...expected });
  });
});
