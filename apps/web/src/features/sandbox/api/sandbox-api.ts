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
  outbox: (whatsappId: number, after: number | undefined, to?: string) =>
    http.call(sandboxRoutes.outbox, { params: { whatsappId }, query: { after, to }, silent: true }),
  readReceipts: (whatsappId: number, after: number | undefined) =>
    http.call(sandboxRoutes.readReceipts, { params: { whatsappId }, query: { after }, silent: true }),
  customers: (whatsappId: number) => http.call(sandboxRoutes.customers, { params: { whatsappId }, silent: true }),
  /** The customer edits their message `id` (the id `inbound` answered). Silent: the edit dialog shows failures. */
  edit: (whatsappId: number, body: { from: string; id: string; body: string }) =>
    http.call(sandboxRoutes.edit, { params: { whatsappId }, body, silent: true }),
  /** The customer deletes their message `id` for everyone. */
  revoke: (whatsappId: number, body: { from: string; id: string }) =>
    http.call(sandboxRoutes.revoke, { params: { whatsappId }, body }),
  /** The customer reacts to a message of their chat; an empty emoji removes the reaction. */
  react: (whatsappId: number, body: { from: string; id: string; emoji: string }) =>
    http.call(sandboxRoutes.react, { params: { whatsappId }, body }),
  // Polled with the outbox: failures are shown by the page.
  reactions: (whatsappId: number) =>
    http.call(sandboxRoutes.reactions, { params: { whatsappId }, query: {}, silent: true }),
  ack: (whatsappId: number, id: string, ack: number) =>
    http.call(sandboxRoutes.ack, { params: { whatsappId }, body: { id, ack } }),
};
