import { sandboxRoutes } from '@wacrm/shared/sandbox/sandbox.routes';
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
  scan: (whatsappId: number) => http.call(sandboxRoutes.scan, { params: { whatsappId } }),
  disconnect: (whatsappId: number) => http.call(sandboxRoutes.disconnect, { params: { whatsappId } }),
  inbound: (whatsappId: number, body: SandboxInboundBody) =>
    http.call(sandboxRoutes.inbound, { params: { whatsappId }, body }),
  // Polled: failures are shown by the page, not toasted every 1.5 s.
  outbox: (whatsappId: number, after: number | undefined) =>
    http.call(sandboxRoutes.outbox, { params: { whatsappId }, query: { after }, silent: true }),
  readReceipts: (whatsappId: number, after: number | undefined) =>
    http.call(sandboxRoutes.readReceipts, { params: { whatsappId }, query: { after }, silent: true }),
  customers: (whatsappId: number) => http.call(sandboxRoutes.customers, { params: { whatsappId }, silent: true }),
  ack: (whatsappId: number, id: string, ack: number) =>
    http.call(sandboxRoutes.ack, { params: { whatsappId }, body: { id, ack } }),
};
