import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import { connectionRoutes } from '@wacrm/shared/connections/connection.routes';
import type { ConnectionFields, ConnectionUpdate } from '@wacrm/shared/connections/connection.schema';
import { http } from '../../../lib/api.ts';
import type { ConnectionSummary } from '../model/connection-list.ts';

export const connectionsKeys = {
  all: ['connections'] as const,
  list: (companyId: number) => ['connections', companyId] as const,
  detail: (id: number) => ['connections', 'detail', id] as const,
  usage: (companyId: number) => ['connections', 'usage', companyId] as const,
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
  list: (): Promise<ConnectionSummary[]> => http.call(connectionRoutes.list, { query: { session: 0 } }),
  find: (id: number) => http.call(connectionRoutes.find, { params: { id }, query: { session: 0 } }),
  create: (body: ConnectionFields) => http.call(connectionRoutes.create, { body, silent: true }),
  update: (id: number, body: ConnectionUpdate) =>
    http.call(connectionRoutes.update, { params: { id }, body, silent: true }),
  remove: (id: number) => http.call(connectionRoutes.remove, { params: { id } }),
  startSession: (id: number) => http.call(connectionRoutes.startSession, { params: { id } }),
  renewQr: (id: number) => http.call(connectionRoutes.renewQr, { params: { id } }),
  disconnectSession: (id: number) => http.call(connectionRoutes.disconnectSession, { params: { id } }),
  usage: () => http.call(companyRoutes.usage, { silent: true }),
  /** Whether this server accepts sandbox connections (SANDBOX_ENABLED). */
  isSandboxEnabled: async () =>
    (await http.call(connectionRoutes.providers, { silent: true })).providers.includes('sandbox'),
};
