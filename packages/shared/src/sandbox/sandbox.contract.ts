import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  sandboxAckSchema,
  sandboxCallAnswerSchema,
  sandboxCallSchema,
  sandboxCustomerActionAnswerSchema,
  sandboxCustomerRecordSchema,
  sandboxEditSchema,
  sandboxInboundSchema,
  sandboxOutboxEntrySchema,
  sandboxOutboxQuerySchema,
  sandboxParamsSchema,
  sandboxReactionSchema,
  sandboxReactionsQuerySchema,
  sandboxReactSchema,
  sandboxReadReceiptSchema,
  sandboxReceiptsQuerySchema,
  sandboxRevokeSchema,
} from './sandbox.schema.ts';

const params = sandboxParamsSchema;

/** The sandbox connection's HTTP API (docs/sandbox.md): the simulated phone and its customers. */
export const sandboxRoutes = {
  /** The phone scans the QR code: the connection comes up. */
  scan: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/scan',
    params,
    response: z.object({ status: z.literal('CONNECTED') }),
  }),
  /** The phone logs the connection out. */
  disconnect: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/disconnect',
    params,
    response: z.object({ status: z.literal('DISCONNECTED') }),
  }),
  /** A customer (or the company's own phone) writes; answers the message id. */
  inbound: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/inbound',
    params,
    body: sandboxInboundSchema,
    response: z.object({ id: z.string() }),
  }),
  /** The customer edits a message they sent; answers its id. */
  edit: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/edit',
    params,
    body: sandboxEditSchema,
    response: sandboxCustomerActionAnswerSchema,
  }),
  /** The customer deletes a message they sent, for everyone; answers its id. */
  revoke: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/revoke',
    params,
    body: sandboxRevokeSchema,
    response: sandboxCustomerActionAnswerSchema,
  }),
  /** The customer reacts to a message of their chat (an empty emoji removes it); answers its id. */
  react: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/react',
    params,
    body: sandboxReactSchema,
    response: sandboxCustomerActionAnswerSchema,
  }),
  call: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/call',
    params,
    body: sandboxCallSchema,
    response: sandboxCallAnswerSchema,
  }),
  outbox: defineRoute({
    method: 'GET',
    path: '/api/sandbox/:whatsappId/outbox',
    params,
    query: sandboxOutboxQuerySchema,
    response: z.array(sandboxOutboxEntrySchema),
  }),
  /** The company's current reactions to messages of this connection's chats (the attendants' emoji). */
  reactions: defineRoute({
    method: 'GET',
    path: '/api/sandbox/:whatsappId/reactions',
    params,
    query: sandboxReactionsQuerySchema,
    response: z.array(sandboxReactionSchema),
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/api/sandbox/:whatsappId/customers',
    params,
    response: z.array(sandboxCustomerRecordSchema),
  }),
  readReceipts: defineRoute({
    method: 'GET',
    path: '/api/sandbox/:whatsappId/read-receipts',
    params,
    query: sandboxReceiptsQuerySchema,
    response: z.array(sandboxReadReceiptSchema),
  }),
  /** The phone acknowledges what the company sent (delivered, read…); answers the ack as taken. */
  ack: defineRoute({
    method: 'POST',
    path: '/api/sandbox/:whatsappId/ack',
    params,
    body: sandboxAckSchema,
    response: z.object({ id: z.string(), ack: z.number() }),
  }),
};
