import type { TicketRecord } from '@wacrm/shared/messages/message.schema';

/** A ticket for unit tests; override what the case is about. */
export function buildTicket(overrides: Partial<TicketRecord> = {}): TicketRecord {
  const id = overrides.id ?? 1;
  return {
    id,
    uuid: `uuid-${id}`,
    companyId: 1,
    status: 'pending',
    contactId: 10 + id,
    whatsappId: 1,
    userId: null,
    queueId: 1,
    isGroup: false,
    chatbot: false,
    lastMessage: 'hello',
    unreadMessages: 1,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    contact: {
      id: 10 + id,
      companyId: 1,
      name: `Contact ${id}`,
      number: `55119999900${id}`,
      email: '',
      profilePicUrl: null,
      isGroup: false,
      extraInfo: [],
      whatsappId: 1,
      disableBot: false,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    },
    queue: { id: 1, name: 'Sales', color: '#22c55e' },
    user: null,
    whatsapp: { id: 1, name: 'Main', status: 'CONNECTED' },
    tags: [],
    closedAt: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
