import {
  CONTACT_LIST_FILE_MAX_BYTES,
  campaignFieldsSchema,
  campaignIdParamsSchema,
  campaignListQuerySchema,
  campaignSettingsBodySchema,
  contactListFieldsSchema,
  contactListFromTagsSchema,
  contactListItemFieldsSchema,
  contactListItemQuerySchema,
  contactListsQuerySchema,
  contactListUploadFileDocSchema,
  contactListUploadSchema,
  FILE_OPTION_MAX_BYTES,
  fileListFieldsSchema,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { requireAdmin, requirePermission } from '../../platform/http/guards.ts';
import { findUnstorableText } from '../../platform/http/validation.ts';
import type { CampaignsService } from './campaigns.service.ts';
import type { ContactListsService } from './contact-lists.service.ts';
import { readContactSheetFile } from './contact-sheet-file.ts';
import type { FileListsService } from './file-lists.service.ts';

/**
 * The campaign tool's routes: admins only, and every one needs the plan's `useCampaigns` (or the
 * company setting `campaignsEnabled`); both are checked before the input.
 */
export function registerCampaignsRoutes(
  app: FastifyInstance,
  lists: ContactListsService,
  campaigns: CampaignsService,
  files: FileListsService,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const gated = { preHandler: requireAdmin, config: { planFeature: 'useCampaigns' as const } };
  const byId = { ...gated, schema: { params: campaignIdParamsSchema } };
  const company = (request: { session: { companyId: number } }) => request.session.companyId;

  // --- contact lists ---
  api.get('/api/contact-lists', { ...gated, schema: { querystring: contactListsQuerySchema } }, (request) =>
    lists.page(company(request), request.query),
  );
  api.get('/api/contact-lists/list', gated, (request) => lists.all(company(request)));
  api.get('/api/contact-lists/:id', byId, (request) => lists.find(company(request), request.params.id));
  api.post('/api/contact-lists', { ...gated, schema: { body: contactListFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await lists.create(company(request), request.body.name)),
  );
  api.post(
    '/api/contact-lists/from-tags',
    { ...gated, schema: { body: contactListFieldsSchema.merge(contactListFromTagsSchema) } },
    async (request, reply) =>
      reply.status(201).send(await lists.fromTags(company(request), request.body.name, request.body.tagIds)),
  );
  api.put(
    '/api/contact-lists/:id',
    { ...gated, schema: { params: campaignIdParamsSchema, body: contactListFieldsSchema } },
    (request) => lists.rename(company(request), request.params.id, request.body.name),
  );
  api.delete('/api/contact-lists/:id', byId, async (request, reply) => {
    await lists.remove(company(request), request.params.id);
    return reply.status(204).send();
  });
  // spec: "multipart file", an .xlsx or .csv read here; or `{rows}`, batches the web app read from
  // the sheet itself. The body is read by the handler, after the list is known to be the company's.
  api.post(
    '/api/contact-lists/:id/upload',
    {
      ...gated,
      schema: { params: campaignIdParamsSchema },
      config: {
        ...gated.config,
        docs: { requestBody: { json: contactListUploadSchema, multipart: contactListUploadFileDocSchema } },
      },
    },
    async (request) => {
      const { id } = request.params;
      await lists.ensureExists(company(request), id);
      if (!request.isMultipart()) return lists.upload(company(request), id, readUploadRows(request.body));
      const file = await readSheetFile(request);
      return lists.uploadSheet(company(request), id, await readContactSheetFile(file.data, file.filename));
    },
  );

  // --- contact list items ---
  api.get('/api/contact-list-items', { ...gated, schema: { querystring: contactListItemQuerySchema } }, (request) =>
    lists.itemsPage(company(request), request.query),
  );
  api.get('/api/contact-list-items/:id', byId, (request) => lists.findItem(company(request), request.params.id));
  api.post(
    '/api/contact-list-items',
    { ...gated, schema: { body: contactListItemFieldsSchema } },
    async (request, reply) => reply.status(201).send(await lists.createItem(company(request), request.body)),
  );
  api.put(
    '/api/contact-list-items/:id',
    { ...gated, schema: { params: campaignIdParamsSchema, body: contactListItemFieldsSchema } },
    (request) => lists.updateItem(company(request), request.params.id, request.body),
  );
  api.delete(
    '/api/contact-list-items/:id',
    { ...byId, preHandler: [requireAdmin, requirePermission('contacts-page:deleteContact')] },
    async (request, reply) => {
      await lists.removeItem(company(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // --- settings ---
  api.get('/api/campaign-settings', gated, (request) => campaigns.settings(company(request)));
  api.post('/api/campaign-settings', { ...gated, schema: { body: campaignSettingsBodySchema } }, (request) =>
    campaigns.saveSettings(company(request), request.body.settings),
  );

  // --- campaigns ---
  api.get('/api/campaigns', { ...gated, schema: { querystring: campaignListQuerySchema } }, (request) =>
    campaigns.page(company(request), request.query),
  );
  api.get('/api/campaigns/:id', byId, (request) => campaigns.find(company(request), request.params.id));
  api.post('/api/campaigns', { ...gated, schema: { body: campaignFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await campaigns.create(company(request), request.body)),
  );
  api.put(
    '/api/campaigns/:id',
    { ...gated, schema: { params: campaignIdParamsSchema, body: campaignFieldsSchema } },
    (request) => campaigns.update(company(request), request.params.id, request.body),
  );
  api.delete('/api/campaigns/:id', byId, async (request, reply) => {
    await campaigns.remove(company(request), request.params.id);
    return reply.status(204).send();
  });
  api.post('/api/campaigns/:id/cancel', byId, (request) => campaigns.cancel(company(request), request.params.id));
  api.post('/api/campaigns/:id/restart', byId, (request) => campaigns.restart(company(request), request.params.id));
  // spec: multipart `file`; the text goes as its caption.
  api.post('/api/campaigns/:id/media-upload', byId, async (request) => {
    const file = await readOption(request);
    return campaigns.attachMedia(company(request), request.params.id, file.data, file.filename);
  });
  api.delete('/api/campaigns/:id/media-upload', byId, (request) =>
    campaigns.removeMedia(company(request), request.params.id),
  );
  api.get('/api/campaigns/:id/report', byId, (request) => campaigns.report(company(request), request.params.id));
  api.get('/api/campaigns/:id/shippings.csv', byId, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="campaign-${request.params.id}.csv"`)
      .send(await campaigns.csv(company(request), request.params.id)),
  );

  // --- file lists (spec: Files page) ---
  api.get('/api/files', { ...gated, schema: { querystring: contactListsQuerySchema } }, (request) =>
    files.page(company(request), request.query),
  );
  api.get('/api/files/:id', byId, (request) => files.record(company(request), request.params.id));
  api.post('/api/files', { ...gated, schema: { body: fileListFieldsSchema } }, async (request, reply) =>
    reply.status(201).send(await files.create(company(request), request.body)),
  );
  api.put(
    '/api/files/:id',
    { ...gated, schema: { params: campaignIdParamsSchema, body: fileListFieldsSchema } },
    (request) => files.update(company(request), request.params.id, request.body),
  );
  api.delete('/api/files/:id', byId, async (request, reply) => {
    await files.remove(company(request), request.params.id);
    return reply.status(204).send();
  });
  // spec: multipart with `files` and the option's `name` (a new option) or `id` (an existing one).
  api.post('/api/files/uploadList/:id', byId, async (request) =>
    files.upload(company(request), request.params.id, await readOption(request)),
  );
}

const tooLarge = () => new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: FILE_OPTION_MAX_BYTES } });

async function readOption(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { files: 'Required' } });
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  let filename = 'file';
  try {
    for await (const part of request.parts({ limits: { fileSize: FILE_OPTION_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        data = await part.toBuffer();
        filename = part.filename;
        if (part.file.truncated) throw tooLarge();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 200);
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  if (!data) throw new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { files: 'Required' } });
  const optionId = Number(fields.id);
  return {
    data,
    filename,
    name: fields.name,
    optionId: Number.isInteger(optionId) && optionId > 0 ? optionId : undefined,
  };
}

/** The JSON form of a contact-list upload, checked as a route schema would (the route reads its body itself). */
function readUploadRows(body: unknown) {
  const unstorable = findUnstorableText(body);
  if (unstorable) {
    throw new AppError('ERR_VALIDATION', {
      fields: { [unstorable.join('.') || 'rows']: 'Contains characters that cannot be stored' },
    });
  }
  const parsed = contactListUploadSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data.rows;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'rows'] ??= issue.message;
  throw new AppError('ERR_VALIDATION', { fields });
}

/**
 * The one file of a multipart contact-list upload, under `file`. The reader stops at the size
 * limit; other fields and files under other names are read past and ignored.
 */
async function readSheetFile(request: FastifyRequest) {
  const missing = () => new AppError('ERR_UPLOAD_MISSING_FILE', { fields: { file: 'Required' } });
  const tooLargeSheet = () =>
    new AppError('ERR_PAYLOAD_TOO_LARGE', { details: { maxBytes: CONTACT_LIST_FILE_MAX_BYTES } });
  let file: { data: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CONTACT_LIST_FILE_MAX_BYTES, files: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw tooLargeSheet();
      file = { data, filename: part.filename };
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLargeSheet();
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw new AppError('ERR_VALIDATION', { fields: { file: 'Send one file' } });
    }
    throw error;
  }
  if (!file || file.data.length === 0) throw missing();
  return file;
}
