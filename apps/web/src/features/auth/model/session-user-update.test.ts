import { describe, expect, it } from 'vitest';
import { buildSessionUser } from './session-user-fixtures.ts';
import { applyUserEventToSession } from './session-user-update.ts';

const session = buildSessionUser();

/** What the users service emits after an admin saves a user (a UserRecord). */
const savedUser = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  companyId: 3,
  name: 'Bruno',
  email: 'bruno@example.com',
  profile: 'user' as const,
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  whatsapp: null,
  queues: [{ id: 1, name: 'Sales', color: '#22c55e' }],
  online: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

describe('applyUserEventToSession', () => {
  it("takes an admin's edit of this user: allTicket, queues, default connection", () => {
    const queues = [
      { id: 1, name: 'Sales', color: '#22c55e' },
      { id: 2, name: 'Support', color: '#0ea5e9' },
    ];
    const next = applyUserEventToSession(session, {
      action: 'update',
      user: savedUser({ allTicket: 'enabled', queues, whatsappId: 4 }),
    });
    expect(next).toEqual({ ...session, allTicket: 'enabled', queues, whatsappId: 4 });
    expect(session.allTicket).toBe('desabled');
  });

  it('takes a new profile, name and email', () => {
    const next = applyUserEventToSession(session, {
      action: 'update',
      user: savedUser({ profile: 'admin', name: 'Bruno Lima', email: 'lima@example.com' }),
    });
    expect(next).toMatchObject({ profile: 'admin', name: 'Bruno Lima', email: 'lima@example.com' });
  });

  it('answers the same object when nothing of the session changed', () => {
    // A presence heartbeat carries only id, name, email, profile and online.
    const heartbeat = { id: 7, name: 'Bruno', email: 'bruno@example.com', profile: 'user' as const, online: false };
    expect(applyUserEventToSession(session, { action: 'update', user: heartbeat })).toBe(session);
    expect(applyUserEventToSession(session, { action: 'update', user: savedUser() })).toBe(session);
  });

  it("ignores other users' events, creations and deletions", () => {
    const other = savedUser({ id: 8, allTicket: 'enabled' });
    expect(applyUserEventToSession(session, { action: 'update', user: other })).toBe(session);
    expect(applyUserEventToSession(session, { action: 'create', user: savedUser({ allTicket: 'enabled' }) })).toBe(
      session,
    );
    expect(applyUserEventToSession(session, { action: 'delete', userId: 7 })).toBe(session);
  });

  it('keeps what a malformed payload gets wrong', () => {
    const next = applyUserEventToSession(session, {
      action: 'update',
      user: savedUser({ allTicket: 'sometimes', queues: 'all', whatsappId: '4' }),
    });
    expect(next).toBe(session);
  });
});
