import { Readable } from 'node:stream';
import {
  CONTACTS_CSV_FILENAME,
  contactFieldsSchema,
  contactIdParamsSchema,
  contactListQuerySchema,
  contactOptionsQuerySchema,
  contactUploadSchema,
} from '@wacrm/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requirePermission } from '../../platform/http/guards.ts';
import type { ContactsRepository } from './contacts.repository.ts';
import type { ContactsService } from './contacts.service.ts';
import { exportContactsCsv } from './contacts-export.ts';

const importBody = z
  .object({ whatsappId: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .nullish()
  .transform((body) => body ?? {});

/** Every user of the company reads and edits contacts; deleting one needs the admin permission. */
export function registerContactsRoutes(
  app: FastifyInstance,
  contacts: ContactsService,
  repository: ContactsRepository,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/contacts', { schema: { querystring: contactListQuerySchema } }, (request) =>
    contacts.list(request.session.companyId, request.query),
  );

  api.get('/api/contacts/list', { schema: { querystring: contactOptionsQuerySchema } }, (request) =>
    contacts.options(request.session.companyId, request.query.searchParam),
  );

  // spec: semicolons, contatos.csv; streamed so a large company never sits in memory.
  api.get('/api/contacts/export.csv', (request, reply) => {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CONTACTS_CSV_FILENAME}"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(exportContactsCsv(repository, request.session.companyId)));
  });

  api.post('/api/contacts/upload', { schema: { body: contactUploadSchema } }, (request) =>
    contacts.upload(request.session.companyId, request.body),
  );

  api.post('/api/contacts/import', { schema: { body: importBody } }, (request) =>
    contacts.importFromPhone(request.session.companyId, request.body.whatsappId),
  );

  api.get('/api/contacts/:id', { schema: { params: contactIdParamsSchema } }, (request) =>
    contacts.find(request.session.companyId, request.params.id),
  );

  api.post('/api/contacts', { schema: { body: contactFieldsSchema } }, (request) =>
    contacts.create(request.session.companyId, request.body),
  );

  api.put('/api/contacts/:id', { schema: { params: contactIdParamsSchema, body: contactFieldsSchema } }, (request) =>
    contacts.update(request.session.companyId, request.params.id, request.body),
  );

  api.delete(
    '/api/contacts/:id',
    { preHandler: requirePermission('contacts-page:deleteContact'), schema: { params: contactIdParamsSchema } },
    (request) => contacts.remove(request.session.companyId, request.params.id),
  );

  api.delete('/api/contacts', { preHandler: requireAdmin }, (request) => contacts.removeAll(request.session.companyId));
}
