import type { CompanyUsage } from '@wacrm/shared/companies/company.schema';
import type { ConnectionFields, ConnectionRecord, ConnectionUpdate } from '@wacrm/shared/connections/connection.schema';
import { http } from '../../../lib/api.ts';
import type { ConnectionSummary } from '../model/connection-list.ts';

export const connectionsKeys = {
  all: ['connections'] as const,
  list: (companyId: number) => ['connections', companyId] as const,
  detail: (id: number) => ['connections', 'detail', id] as const,
  usage: (companyId: number) => ['connections', 'usage', companyId] as const,
  pickers: (name: string) => ['connections', 'pickers', name] as const,
  sandboxEnabled: ['connections', 'sandbox-enabled'] as const,
};

/** An item of the queue, prompt and integration pickers. */
export interface PickerOption {
  id: number;
  name: string;
  color?: string;
}

export const connectionsApi = {
  // spec: session=0 asks for the list without QR codes and session data.
  list: () => http.get<ConnectionSummary[]>('/api/whatsapp', { query: { session: 0 } }),
  find: (id: number) => http.get<ConnectionRecord>(`/api/whatsapp/${id}`, { query: { session: 0 } }),
  create: (fields: ConnectionFields) => http.post<ConnectionRecord>('/api/whatsapp', fields, { silent: true }),
  update: (id: number, fields: ConnectionUpdate) =>
    http.put<ConnectionRecord>(`/api/whatsapp/${id}`, fields, { silent: true }),
  remove: (id: number) => http.delete(`/api/whatsapp/${id}`),
  startSession: (id: number) => http.post(`/api/whatsappsession/${id}`),
  renewQr: (id: number) => http.put(`/api/whatsappsession/${id}`),
  disconnectSession: (id: number) => http.delete(`/api/whatsappsession/${id}`),
  usage: () => http.get<CompanyUsage>('/api/companies/usage', { silent: true }),
  // Silent: the general tab shows the failure under its queue field.
  queues: () => http.get<PickerOption[]>('/api/queue', { silent: true }),
  /** Whether this server accepts sandbox connections (SANDBOX_ENABLED). */
  isSandboxEnabled: async () =>
    (await http.get<{ providers: string[] }>('/api/whatsapp/providers', { silent: true })).providers.includes(
      'sandbox',
    ),
};
