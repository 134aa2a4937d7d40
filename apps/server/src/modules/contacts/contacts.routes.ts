import { Readable } from 'node:stream';
import { CONTACTS_CSV_FILENAME, contactRoutes } from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
import { requireAdmin, requirePermission } from '../../platform/http/guards.ts';
import type { ContactsRepository } from './contacts.repository.ts';
import type { ContactsService } from './contacts.service.ts';
import { exportContactsCsv } from './contacts-export.ts';

/** Every user of the company reads and edits contacts; deleting one needs the admin permission. */
export function registerContactsRoutes(
  app: FastifyInstance,
  contacts: ContactsService,
  repository: ContactsRepository,
) {
  route(app, contactRoutes.page, (request) => contacts.list(request.session.companyId, request.query));

  route(app, contactRoutes.options, (request) =>
    contacts.options(request.session.companyId, request.query.searchParam),
  );

  // spec: semicolons, contatos.csv; streamed so a large company never sits in memory.
  route(app, contactRoutes.exportCsv, async (request, reply) => {
    await contacts.recordExport(request.session);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CONTACTS_CSV_FILENAME}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(exportContactsCsv(repository, request.session.companyId)));
  });

  route(app, contactRoutes.upload, (request) => contacts.upload(request.session.companyId, request.body));

  route(app, contactRoutes.importFromPhone, (request) =>
    contacts.importFromPhone(request.session.companyId, request.body.whatsappId),
  );

  route(app, contactRoutes.find, (request) => contacts.find(request.session.companyId, request.params.id));

  route(app, contactRoutes.create, (request) => contacts.create(request.session.companyId, request.body));

  route(app, contactRoutes.update, (request) =>
    contacts.update(request.session.companyId, request.params.id, request.body),
  );

  route(app, contactRoutes.remove, (request) => contacts.remove(request.session.companyId, request.params.id), {
    preHandler: requirePermission('contacts-page:deleteContact'),
  });

  route(app, contactRoutes.removeAll, (request) => contacts.removeAll(request.session, request.session.companyId), {
    preHandler: requireAdmin,
  });
}
