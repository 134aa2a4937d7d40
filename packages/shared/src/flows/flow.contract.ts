import { z } from 'zod';
import { defineRoute, noContentSchema } from '../common/route-contract.ts';
import {
  flowContentAnswerSchema,
  flowCreateSchema,
  flowDuplicateSchema,
  flowExportFileSchema,
  flowIdParamsSchema,
  flowImportSchema,
  flowListQuerySchema,
  flowRecordSchema,
  flowSaveSchema,
  flowsPageSchema,
  flowTestSchema,
  flowUpdateSchema,
  flowUploadAnswerSchema,
} from './flow.schema.ts';
import {
  flowCampaignFieldsSchema,
  flowCampaignRecordSchema,
  flowCampaignUpdateSchema,
} from './flow-campaign.schema.ts';
import { flowIssueSchema } from './flow-graph.ts';

const params = flowIdParamsSchema;
/** A saved or imported flow, with the problems that do not block it. */
const flowSavedSchema = z.object({ flow: flowRecordSchema, warnings: z.array(flowIssueSchema) });

/** The spec's `/flowbuilder` routes (flows and their media) and `/flowcampaign` (trigger phrases). */
export const flowRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/flowbuilder', query: flowListQuerySchema, response: flowsPageSchema }),
  create: defineRoute({
    method: 'POST',
    path: '/api/flowbuilder',
    body: flowCreateSchema,
    response: flowRecordSchema,
    status: 201,
  }),
  /** Renames a flow or switches it on or off. */
  update: defineRoute({ method: 'PUT', path: '/api/flowbuilder', body: flowUpdateSchema, response: flowRecordSchema }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/flowbuilder/:id',
    params,
    response: noContentSchema,
    status: 204,
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/api/flowbuilder/duplicate',
    body: flowDuplicateSchema,
    response: flowRecordSchema,
    status: 201,
  }),
  content: defineRoute({
    method: 'GET',
    path: '/api/flowbuilder/flow/:id',
    params,
    response: flowContentAnswerSchema,
  }),
  save: defineRoute({ method: 'POST', path: '/api/flowbuilder/flow', body: flowSaveSchema, response: flowSavedSchema }),
  /** The editor's test panel: (re)starts the flow for a sandbox customer's ticket. */
  test: defineRoute({
    method: 'POST',
    path: '/api/flowbuilder/:id/test',
    params,
    body: flowTestSchema,
    response: z.object({ started: z.boolean(), ticketId: z.number() }),
  }),
  /** The test panel closed: the test's throwaway customer and its tickets are removed. */
  endTest: defineRoute({
    method: 'POST',
    path: '/api/flowbuilder/:id/test/end',
    params,
    body: flowTestSchema,
    response: z.object({ removedTickets: z.number(), isContactRemoved: z.boolean() }),
  }),
  /** A JSON file (sent as an attachment) with the flow's media inline. */
  exportFile: defineRoute({
    method: 'GET',
    path: '/api/flowbuilder/:id/export',
    params,
    response: flowExportFileSchema,
  }),
  importFile: defineRoute({
    method: 'POST',
    path: '/api/flowbuilder/import',
    body: flowImportSchema,
    response: flowSavedSchema,
    status: 201,
  }),
  /** Uploads (multipart `medias`): the file's type is read from its bytes. */
  uploadImage: defineRoute({ method: 'POST', path: '/api/flowbuilder/img', response: flowUploadAnswerSchema }),
  uploadAudio: defineRoute({ method: 'POST', path: '/api/flowbuilder/audio', response: flowUploadAnswerSchema }),
  uploadVideo: defineRoute({ method: 'POST', path: '/api/flowbuilder/video', response: flowUploadAnswerSchema }),
  /** The content dialog's cards at once: the stored names, in order. */
  uploadContent: defineRoute({ method: 'POST', path: '/api/flowbuilder/content', response: z.array(z.string()) }),

  campaigns: defineRoute({
    method: 'GET',
    path: '/api/flowcampaign',
    response: z.object({ flows: z.array(flowCampaignRecordSchema) }),
  }),
  findCampaign: defineRoute({
    method: 'GET',
    path: '/api/flowcampaign/:id',
    params,
    response: flowCampaignRecordSchema,
  }),
  createCampaign: defineRoute({
    method: 'POST',
    path: '/api/flowcampaign',
    body: flowCampaignFieldsSchema,
    response: flowCampaignRecordSchema,
    status: 201,
  }),
  updateCampaign: defineRoute({
    method: 'PUT',
    path: '/api/flowcampaign',
    body: flowCampaignUpdateSchema,
    response: flowCampaignRecordSchema,
  }),
  removeCampaign: defineRoute({
    method: 'DELETE',
    path: '/api/flowcampaign/:id',
    params,
    response: noContentSchema,
    status: 204,
  }),
};
