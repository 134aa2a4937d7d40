import { describe, expect, it } from 'vitest';
import { decideTicketChange, type TicketState } from './ticket-transitions.ts';

const ticket = (overrides: Partial<TicketState> = {}): TicketState => ({
  status: 'open',
  userId: 7,
  queueId: 3,
  whatsappId: 1,
  priority: 'normal',
  useIntegration: true,
  integrationId: 4,
  promptId: 5,
  ...overrides,
});
const actor = { userId: 9 };

describe('decideTicketChange', () => {
  it('accept: pending → open, assigned to the caller', () => {
    expect(decideTicketChange(ticket({ status: 'pending', userId: null }), { status: 'open' }, actor)).toMatchObject({
      ok: true,
      kind: 'accept',
      patch: { status: 'open', userId: 9, queueId: 3 },
    });
  });

  it('return: open → pending with no user, queue kept', () => {
    const decision = decideTicketChange(ticket(), { status: 'pending' }, actor);
    expect(decision).toMatchObject({ kind: 'return', patch: { status: 'pending', userId: null, queueId: 3 } });
    expect(decideTicketChange(ticket(), { userId: null }, actor)).toMatchObject({ kind: 'return' });
  });

  it('close: keeps user and queue, clears integration and prompt, stamps closedAt', () => {
    expect(decideTicketChange(ticket(), { status: 'closed' }, actor)).toMatchObject({
      kind: 'close',
      patch: {
        status: 'closed',
        userId: 7,
        queueId: 3,
        useIntegration: false,
        integrationId: null,
        promptId: null,
        closedAt: 'now',
      },
    });
    // The client sends the current user and queue; a pending ticket closed by someone gets them.
    expect(
      decideTicketChange(
        ticket({ status: 'pending', userId: null }),
        { status: 'closed', userId: 9, queueId: 3 },
        actor,
      ),
    ).toMatchObject({ kind: 'close', patch: { userId: 9, queueId: 3 } });
    expect(decideTicketChange(ticket({ status: 'pending', userId: null }), { status: 'closed' }, actor)).toMatchObject({
      patch: { userId: 9 },
    });
  });

  it('reopen: closed → open with the caller, queue kept, closedAt cleared', () => {
    expect(decideTicketChange(ticket({ status: 'closed' }), { status: 'open' }, actor)).toMatchObject({
      kind: 'reopen',
      patch: { status: 'open', userId: 9, queueId: 3, closedAt: null },
    });
  });

  it('transfer: a queue without a user → pending, user cleared; to a user keeps the status', () => {
    expect(decideTicketChange(ticket(), { queueId: 8 }, actor)).toMatchObject({
      kind: 'transfer',
      patch: { status: 'pending', queueId: 8, userId: null },
    });
    expect(decideTicketChange(ticket(), { queueId: 8, userId: null }, actor)).toMatchObject({
      kind: 'transfer',
      patch: { status: 'pending', queueId: 8, userId: null },
    });
    expect(decideTicketChange(ticket(), { queueId: 8, userId: 11 }, actor)).toMatchObject({
      kind: 'transfer',
      patch: { status: 'open', queueId: 8, userId: 11 },
    });
    expect(decideTicketChange(ticket(), { userId: 11 }, actor)).toMatchObject({
      kind: 'transfer',
      patch: { status: 'open', queueId: 3, userId: 11 },
    });
    expect(decideTicketChange(ticket({ status: 'pending', userId: null }), { userId: 11 }, actor)).toMatchObject({
      kind: 'transfer',
      patch: { status: 'pending', userId: 11 },
    });
  });

  it('a closed ticket only reopens', () => {
    expect(decideTicketChange(ticket({ status: 'closed' }), { queueId: 8 }, actor)).toMatchObject({
      ok: false,
      error: 'ERR_VALIDATION',
    });
    expect(decideTicketChange(ticket({ status: 'closed' }), { status: 'pending' }, actor)).toMatchObject({ ok: false });
    expect(decideTicketChange(ticket({ status: 'closed' }), { status: 'closed' }, actor)).toMatchObject({
      ok: true,
      unchanged: true,
    });
  });

  it('plain field updates and no-ops', () => {
    expect(decideTicketChange(ticket(), { whatsappId: 2, useIntegration: false }, actor)).toMatchObject({
      kind: 'update',
      patch: { whatsappId: 2, useIntegration: false },
      unchanged: false,
    });
    expect(decideTicketChange(ticket(), { status: 'open' }, actor)).toMatchObject({ kind: 'update', unchanged: true });
  });
});
