import type { SessionUser } from '@wacrm/shared/auth/auth.schema';

/** A logged-in attendant (user 7 of company 3) for unit tests; override what the case is about. */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    companyId: 3,
    name: 'Bruno',
    email: 'bruno@example.com',
    profile: 'user',
    super: false,
    allTicket: 'desabled',
    whatsappId: null,
    language: 'pt',
    twoFactorSetupPending: false,
    queues: [{ id: 1, name: 'Sales', color: '#22c55e' }],
    company: { id: 3, name: 'Acme', dueDate: null, isTrial: false, billingOnly: false, settings: [] },
    ...overrides,
  };
}
