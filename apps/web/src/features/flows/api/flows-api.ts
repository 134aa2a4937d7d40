import type { FlowCampaignFields, FlowConnection, FlowNodeShape } from '@wacrm/shared';
import type { RouteInput } from '@wacrm/shared/common/route-contract';
import { connectionRoutes } from '@wacrm/shared/connections/connection.routes';
import { flowRoutes } from '@wacrm/shared/flows/flow.routes';
import { queueRoutes } from '@wacrm/shared/queues/queue.routes';
import { sandboxRoutes } from '@wacrm/shared/sandbox/sandbox.routes';
import type { SandboxInbound } from '@wacrm/shared/sandbox/sandbox.schema';
import { http } from '../../../lib/api.ts';

export const flowsKeys = {
  all: ['flows'] as const,
  list: (search: string) => ['flows', 'list', search] as const,
  content: (id: number) => ['flows', 'content', id] as const,
  campaigns: ['flow-campaigns'] as const,
};

/** The spec's `/flowbuilder` and `/flowcampaign` calls. */
export const flowsApi = {
  list: (searchParam: string, pageNumber: number) => http.call(flowRoutes.list, { query: { searchParam, pageNumber } }),
  create: (name: string) => http.call(flowRoutes.create, { body: { name }, silent: true }),
  update: (flowId: number, patch: { name?: string; active?: boolean }) =>
    http.call(flowRoutes.update, { body: { flowId, ...patch }, silent: true }),
  remove: (id: number) => http.call(flowRoutes.remove, { params: { id } }),
  duplicate: (flowId: number, name: string) => http.call(flowRoutes.duplicate, { body: { flowId, name } }),
  content: (id: number) => http.call(flowRoutes.content, { params: { id } }),
  /** Silent: the editor shows the field-level errors on the nodes. */
  save: (idFlow: number, nodes: FlowNodeShape[], connections: FlowConnection[]) =>
    http.call(flowRoutes.save, { body: { idFlow, nodes, connections }, silent: true }),
  exportFlow: (id: number) => http.call(flowRoutes.exportFile, { params: { id } }),
  importFlow: (file: RouteInput<typeof flowRoutes.importFile>['body']) =>
    http.call(flowRoutes.importFile, { body: file }),
  /** One media file (the type is checked from its bytes by the server); answers the stored name. */
  upload: (kind: 'img' | 'audio' | 'video', file: File) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('body', file.name);
    form.append('medias', file);
    const uploadRoutes = { img: flowRoutes.uploadImage, audio: flowRoutes.uploadAudio, video: flowRoutes.uploadVideo };
    return http.call(uploadRoutes[kind], { body: form });
  },
  /** The test panel: (re)starts the flow for a sandbox customer, and cleans up after it. */
  startTest: (flowId: number, test: { whatsappId: number; number: string }) =>
    http.call(flowRoutes.test, { params: { id: flowId }, body: test }),
  endTest: (flowId: number, test: { whatsappId: number; number: string }) =>
    http.call(flowRoutes.endTest, { params: { id: flowId }, body: test }),

  campaigns: () => http.call(flowRoutes.campaigns),
  createCampaign: (fields: FlowCampaignFields) => http.call(flowRoutes.createCampaign, { body: fields, silent: true }),
  updateCampaign: (id: number, fields: FlowCampaignFields) =>
    http.call(flowRoutes.updateCampaign, { body: { id, ...fields }, silent: true }),
  removeCampaign: (id: number) => http.call(flowRoutes.removeCampaign, { params: { id } }),
  connections: () => http.call(connectionRoutes.list, { query: { session: 0 } }),
  queues: () => http.call(queueRoutes.list),

  // The flow test plays a sandbox customer through the sandbox's HTTP API (docs/sandbox.md). Flows
  // calls it itself: the sandbox feature sits above connections, which pick integrations, which pick flows.
  testCustomerWrites: (whatsappId: number, message: Pick<SandboxInbound, 'from' | 'name' | 'body'>) =>
    http.call(sandboxRoutes.inbound, { params: { whatsappId }, body: message }),
  // Polled: failures are shown by the panel, not toasted every second.
  testOutbox: (whatsappId: number) => http.call(sandboxRoutes.outbox, { params: { whatsappId }, silent: true }),
};
