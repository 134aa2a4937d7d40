import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { AuditLog } from '../audit/index.ts';
import type { ChannelSession } from '../channels/index.ts';
import { createContactsRealtime } from './contacts.realtime.ts';
import { createContactsRepository } from './contacts.repository.ts';

export { type ContactsRepository, createContactsRepository } from './contacts.repository.ts';

import { registerContactsRoutes } from './contacts.routes.ts';
import { createContactsService } from './contacts.service.ts';

export { type ContactsRealtime, createContactsRealtime } from './contacts.realtime.ts';

/** Contacts: list and search, CRUD, spreadsheet upload, phone address book import, CSV export. */
export function createContactsModule(
  platform: Platform,
  deps: { sessions: { reach(whatsappId: number): Promise<ChannelSession | null> }; audit: AuditLog },
) {
  const events = createContactsRealtime(platform.realtime);
  const repository = createContactsRepository(platform.db);
  const service = createContactsService({
    db: platform.db,
    events,
    reachSession: (whatsappId) => deps.sessions.reach(whatsappId),
    audit: deps.audit,
  });
  return {
    service,
    events,
    repository,
    register: (app: FastifyInstance) => registerContactsRoutes(app, service, repository),
  };
}

export type ContactsModule = ReturnType<typeof createContactsModule>;
