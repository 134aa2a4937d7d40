import { csvFileSchema, defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  campaignFieldsSchema,
  campaignListQuerySchema,
  campaignRecordSchema,
  campaignReportSchema,
  campaignSettingsBodySchema,
  campaignSettingsRecordSchema,
  campaignsPageSchema,
} from './campaign.schema.ts';
import {
  campaignIdParamsSchema,
  contactListFieldsSchema,
  contactListFromTagsSchema,
  contactListItemFieldsSchema,
  contactListItemQuerySchema,
  contactListItemRecordSchema,
  contactListItemsPageSchema,
  contactListRecordSchema,
  contactListsPageSchema,
  contactListsQuerySchema,
  contactListUploadAnswerSchema,
  contactListUploadSchema,
  fileListFieldsSchema,
  fileListRecordSchema,
  fileListsPageSchema,
} from './contact-list.schema.ts';

const params = campaignIdParamsSchema;

/**
 * The campaign tool's routes (spec: Campaigns, Contact lists, Files): admins only, behind the
 * plan's `useCampaigns`.
 */
export const contactListRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/contact-lists',
    query: contactListsQuerySchema,
    response: contactListsPageSchema,
  }),
  /** Every list of the company, for the campaign dialog's picker. */
  all: defineRoute({ method: 'GET', path: '/api/contact-lists/list', response: contactListRecordSchema.array() }),
  find: defineRoute({ method: 'GET', path: '/api/contact-lists/:id', params, response: contactListRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/contact-lists',
    body: contactListFieldsSchema,
    response: contactListRecordSchema,
    status: 201,
  }),
  /** Beyond the spec: a new list of the contacts whose tickets carry any of the tags. */
  fromTags: defineRoute({
    method: 'POST',
    path: '/api/contact-lists/from-tags',
    body: contactListFieldsSchema.merge(contactListFromTagsSchema),
    response: contactListRecordSchema,
    status: 201,
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/api/contact-lists/:id',
    params,
    body: contactListFieldsSchema,
    response: contactListRecordSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/contact-lists/:id',
    params,
    response: noContentSchema,
    status: 204,
  }),
  /**
   * JSON `{rows}` or a multipart sheet `file`: no body schema, since the handler reads the body
   * itself once the list is known to be the company's.
   */
  upload: defineRoute({
    method: 'POST',
    path: '/api/contact-lists/:id/upload',
    params,
    jsonBody: contactListUploadSchema,
    response: contactListUploadAnswerSchema,
  }),
};

export const contactListItemRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/contact-list-items',
    query: contactListItemQuerySchema,
    response: contactListItemsPageSchema,
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/contact-list-items/:id',
    params,
    response: contactListItemRecordSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/contact-list-items',
    body: contactListItemFieldsSchema,
    response: contactListItemRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/contact-list-items/:id',
    params,
    body: contactListItemFieldsSchema,
    response: contactListItemRecordSchema,
  }),
  /** Also needs the `contacts-page:deleteContact` permission. */
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/contact-list-items/:id',
    params,
    response: noContentSchema,
    status: 204,
  }),
};

export const campaignRoutes = {
  settings: defineRoute({ method: 'GET', path: '/api/campaign-settings', response: campaignSettingsRecordSchema }),
  /** spec: `{settings}`, each key optional; the answer is every setting after the save. */
  saveSettings: defineRoute({
    method: 'POST',
    path: '/api/campaign-settings',
    body: campaignSettingsBodySchema,
    response: campaignSettingsRecordSchema,
  }),
  page: defineRoute({
    method: 'GET',
    path: '/api/campaigns',
    query: campaignListQuerySchema,
    response: campaignsPageSchema,
  }),
  find: defineRoute({ method: 'GET', path: '/api/campaigns/:id', params, response: campaignRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/campaigns',
    body: campaignFieldsSchema,
    response: campaignRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/campaigns/:id',
    params,
    body: campaignFieldsSchema,
    response: campaignRecordSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/campaigns/:id', params, response: noContentSchema, status: 204 }),
  cancel: defineRoute({ method: 'POST', path: '/api/campaigns/:id/cancel', params, response: campaignRecordSchema }),
  restart: defineRoute({ method: 'POST', path: '/api/campaigns/:id/restart', params, response: campaignRecordSchema }),
  /** spec: multipart `file`; the text goes as its caption. */
  attachMedia: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/media-upload',
    params,
    response: campaignRecordSchema,
  }),
  removeMedia: defineRoute({
    method: 'DELETE',
    path: '/api/campaigns/:id/media-upload',
    params,
    response: campaignRecordSchema,
  }),
  report: defineRoute({ method: 'GET', path: '/api/campaigns/:id/report', params, response: campaignReportSchema }),
  /** One line per contact of the campaign, with what became of its message. */
  shippingsCsv: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/shippings.csv',
    params,
    response: csvFileSchema,
  }),
};

/** The Files page's lists of files (spec: Files). */
export const fileListRoutes = {
  page: defineRoute({
    method: 'GET',
    path: '/api/files',
    query: contactListsQuerySchema,
    response: fileListsPageSchema,
  }),
  find: defineRoute({ method: 'GET', path: '/api/files/:id', params, response: fileListRecordSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/files',
    body: fileListFieldsSchema,
    response: fileListRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/files/:id',
    params,
    body: fileListFieldsSchema,
    response: fileListRecordSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/files/:id', params, response: noContentSchema, status: 204 }),
  /** spec: multipart with `files` and the option's `name` (a new option) or `id` (an existing one). */
  upload: defineRoute({ method: 'POST', path: '/api/files/uploadList/:id', params, response: fileListRecordSchema }),
};
