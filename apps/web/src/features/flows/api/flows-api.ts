import type {
  FlowCampaignFields,
  FlowCampaignRecord,
  FlowConnection,
  FlowIssue,
  FlowNodeShape,
  FlowRecord,
} from '@wacrm/shared';
import { connectionRoutes } from '@wacrm/shared/connections/connection.contract';
import { queueRoutes } from '@wacrm/shared/queues/queue.contract';
import type { SandboxInbound, SandboxOutboxEntry } from '@wacrm/shared/sandbox/sandbox.schema';
import { http } from '../../../lib/api.ts';

export interface FlowContentAnswer {
  flow: FlowRecord & {
    flow: { nodes: FlowNodeShape[]; connections: FlowConnection[] } | null;
    mediaUrls: Record<string, string>;
  };
}

export const flowsKeys = {
  all: ['flows'] as const,
  list: (search: string) => ['flows', 'list', search] as const,
  content: (id: number) => ['flows', 'content', id] as const,
  campaigns: ['flow-campaigns'] as const,
};

/** The spec's `/flowbuilder` and `/flowcampaign` calls. */
export const flowsApi = {
  list: (searchParam: string, pageNumber: number) =>
    http.get<{ flows: FlowRecord[]; hasMore: boolean }>('/api/flowbuilder', { query: { searchParam, pageNumber } }),
  create: (name: string) => http.post<FlowRecord>('/api/flowbuilder', { name }, { silent: true }),
  update: (flowId: number, patch: { name?: string; active?: boolean }) =>
    http.put<FlowRecord>('/api/flowbuilder', { flowId, ...patch }, { silent: true }),
  remove: (id: number) => http.delete<null>(`/api/flowbuilder/${id}`),
  duplicate: (flowId: number, name: string) => http.post<FlowRecord>('/api/flowbuilder/duplicate', { flowId, name }),
  content: (id: number) => http.get<FlowContentAnswer>(`/api/flowbuilder/flow/${id}`),
  /** Silent: the editor shows the field-level errors on the nodes. */
  save: (idFlow: number, nodes: FlowNodeShape[], connections: FlowConnection[]) =>
    http.post<{ flow: FlowRecord; warnings: FlowIssue[] }>(
      '/api/flowbuilder/flow',
      { idFlow, nodes, connections },
      { silent: true },
    ),
  exportFlow: (id: number) => http.get<unknown>(`/api/flowbuilder/${id}/export`),
  importFlow: (file: unknown) => http.post<{ flow: FlowRecord }>('/api/flowbuilder/import', file),
  /** One media file (the type is checked from its bytes by the server); answers the stored name. */
  upload: (kind: 'img' | 'audio' | 'video', file: File) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('body', file.name);
    form.append('medias', file);
    return http.post<{ name: string; url: string }>(`/api/flowbuilder/${kind}`, form);
  },

  campaigns: () => http.get<{ flows: FlowCampaignRecord[] }>('/api/flowcampaign'),
  createCampaign: (fields: FlowCampaignFields) =>
    http.post<FlowCampaignRecord>('/api/flowcampaign', fields, { silent: true }),
  updateCampaign: (id: number, fields: FlowCampaignFields) =>
    http.put<FlowCampaignRecord>('/api/flowcampaign', { id, ...fields }, { silent: true }),
  removeCampaign: (id: number) => http.delete<null>(`/api/flowcampaign/${id}`),
  connections: () => http.call(connectionRoutes.list, { query: { session: 0 } }),
  queues: () => http.call(queueRoutes.list),

  // The flow test plays a sandbox customer through the sandbox's HTTP API (docs/sandbox.md). Flows
  // calls it itself: the sandbox feature sits above connections, which pick integrations, which pick flows.
  testCustomerWrites: (whatsappId: number, message: Pick<SandboxInbound, 'from' | 'name' | 'body'>) =>
    http.post<{ id: string }>(`/api/sandbox/${whatsappId}/inbound`, message),
  // Polled: failures are shown by the panel, not toasted every second.
  testOutbox: (whatsappId: number) =>
    http.get<SandboxOutboxEntry[]>(`/api/sandbox/${whatsappId}/outbox`, { silent: true }),
};
