import {
  CONTACT_LIST_FILE_MAX_BYTES,
  campaignRoutes,
  contactListItemRoutes,
  contactListRoutes,
  contactListUploadFileDocSchema,
  contactListUploadSchema,
  FILE_OPTION_MAX_BYTES,
  fileListRoutes,
} from '@wacrm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import { registerContractRoute as route } from '../../platform/http/contract-routes.ts';
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
  const gated = { preHandler: requireAdmin, config: { planFeature: 'useCampaigns' as const } };
  const company = (request: { session: { companyId: number } }) => request.session.companyId;

  // --- contact lists ---
  route(app, contactListRoutes.page, (request) => lists.page(company(request), request.query), gated);
  route(app, contactListRoutes.all, (request) => lists.all(company(request)), gated);
  route(app, contactListRoutes.find, (request) => lists.find(company(request), request.params.id), gated);
  route(app, contactListRoutes.create, (request) => lists.create(company(request), request.body.name), gated);
  route(
    app,
    contactListRoutes.fromTags,
    (request) => lists.fromTags(company(request), request.body.name, request.body.tagIds),
    gated,
  );
  route(
    app,
    contactListRoutes.rename,
    (request) => lists.rename(company(request), request.params.id, request.body.name),
    gated,
  );
  route(app, contactListRoutes.remove, (request) => lists.remove(company(request), request.params.id), gated);
  // spec: "multipart file", an .xlsx or .csv read here; or `{rows}`, batches the web app read from
  // the sheet itself. The body is read by the handler, after the list is known to be the company's.
  route(
    app,
    contactListRoutes.upload,
    async (request) => {
      const { id } = request.params;
      await lists.ensureExists(company(request), id);
      if (!request.isMultipart()) return lists.upload(company(request), id, readUploadRows(request.body));
      const file = await readSheetFile(request);
      return lists.uploadSheet(company(request), id, await readContactSheetFile(file.data, file.filename));
    },
    {
      ...gated,
      config: {
        ...gated.config,
        docs: { requestBody: { json: contactListUploadSchema, multipart: contactListUploadFileDocSchema } },
      },
    },
  );

  // --- contact list items ---
  route(app, contactListItemRoutes.page, (request) => lists.itemsPage(company(request), request.query), gated);
  route(app, contactListItemRoutes.find, (request) => lists.findItem(company(request), request.params.id), gated);
  route(app, contactListItemRoutes.create, (request) => lists.createItem(company(request), request.body), gated);
  route(
    app,
    contactListItemRoutes.update,
    (request) => lists.updateItem(company(request), request.params.id, request.body),
    gated,
  );
  route(app, contactListItemRoutes.remove, (request) => lists.removeItem(company(request), request.params.id), {
    ...gated,
    preHandler: [requireAdmin, requirePermission('contacts-page:deleteContact')],
  });

  // --- settings ---
  route(app, campaignRoutes.settings, (request) => campaigns.settings(company(request)), gated);
  route(
    app,
    campaignRoutes.saveSettings,
    (request) => campaigns.saveSettings(company(request), request.body.settings),
    gated,
  );

  // --- campaigns ---
  route(app, campaignRoutes.page, (request) => campaigns.page(company(request), request.query), gated);
  route(app, campaignRoutes.find, (request) => campaigns.find(company(request), request.params.id), gated);
  route(
    app,
    campaignRoutes.create,
    (request) => campaigns.create(request.session, company(request), request.body),
    gated,
  );
  route(
    app,
    campaignRoutes.update,
    (request) => campaigns.update(request.session, company(request), request.params.id, request.body),
    gated,
  );
  route(app, campaignRoutes.remove, (request) => campaigns.remove(company(request), request.params.id), gated);
  route(
    app,
    campaignRoutes.cancel,
    (request) => campaigns.cancel(request.session, company(request), request.params.id),
    gated,
  );
  route(
    app,
    campaignRoutes.restart,
    (request) => campaigns.restart(request.session, company(request), request.params.id),
    gated,
  );
  // spec: multipart `file`; the text goes as its caption.
  route(
    app,
    campaignRoutes.attachMedia,
    async (request) => {
      const file = await readOption(request);
      return campaigns.attachMedia(company(request), request.params.id, file.data, file.filename);
    },
    gated,
  );
  route(
    app,
    campaignRoutes.removeMedia,
    (request) => campaigns.removeMedia(company(request), request.params.id),
    gated,
  );
  route(app, campaignRoutes.report, (request) => campaigns.report(company(request), request.params.id), gated);
  // CSV text: the handler sends it with its headers.
  route(
    app,
    campaignRoutes.shippingsCsv,
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${request.params.id}.csv"`)
        .send(await campaigns.csv(company(request), request.params.id)),
    gated,
  );

  // --- file lists (spec: Files page) ---
  route(app, fileListRoutes.page, (request) => files.page(company(request), request.query), gated);
  route(app, fileListRoutes.find, (request) => files.record(company(request), request.params.id), gated);
  route(app, fileListRoutes.create, (request) => files.create(company(request), request.body), gated);
  route(
    app,
    fileListRoutes.update,
    (request) => files.update(company(request), request.params.id, request.body),
    gated,
  );
  route(app, fileListRoutes.remove, (request) => files.remove(company(request), request.params.id), gated);
  // spec: multipart with `files` and the option's `name` (a new option) or `id` (an existing one).
  route(
    app,
    fileListRoutes.upload,
    async (request) => files.upload(company(request), request.params.id, await readOption(request)),
    gated,
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
