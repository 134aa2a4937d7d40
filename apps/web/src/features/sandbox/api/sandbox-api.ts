import type {
  SandboxCustomerRecord,
  SandboxOutboxEntry,
  SandboxReadReceipt,
} from '@wacrm/shared/sandbox/sandbox.schema';
import { http } from '../../../lib/api.ts';

export interface SandboxInboundBody {
  from: string;
  name?: string;
  body?: string;
  media?: { filename: string; mimetype: string; base64: string };
  quotedId?: string;
}

/** The sandbox's HTTP API (docs/sandbox.md): the simulated phone and its customers. */
export const sandboxApi = {
  scan: (whatsappId: number) => http.post<{ status: string }>(`/api/sandbox/${whatsappId}/scan`),
  disconnect: (whatsappId: number) => http.post<{ status: string }>(`/api/sandbox/${whatsappId}/disconnect`),
  inbound: (whatsappId: number, body: SandboxInboundBody) =>
    http.post<{ id: string }>(`/api/sandbox/${whatsappId}/inbound`, body),
  // Polled: failures are shown by the page, not toasted every 1.5 s.
  outbox: (whatsappId: number, after: number | undefined) =>
    http.get<SandboxOutboxEntry[]>(`/api/sandbox/${whatsappId}/outbox`, { query: { after }, silent: true }),
  readReceipts: (whatsappId: number, after: number | undefined) =>
    http.get<SandboxReadReceipt[]>(`/api/sandbox/${whatsappId}/read-receipts`, { query: { after }, silent: true }),
  customers: (whatsappId: number) =>
    http.get<SandboxCustomerRecord[]>(`/api/sandbox/${whatsappId}/customers`, { silent: true }),
  ack: (whatsappId: number, id: string, ack: number) => http.post(`/api/sandbox/${whatsappId}/ack`, { id, ack }),
};
