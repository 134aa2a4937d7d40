import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  connectionFieldsSchema,
  connectionIdParamsSchema,
  connectionListQuerySchema,
  connectionProviders,
  connectionRecordSchema,
  connectionUpdateSchema,
} from './connection.schema.ts';

const params = connectionIdParamsSchema;
const messageSchema = z.object({ message: z.string() });

/** The connections routes (spec: WhatsApp connections) and their session controls. */
export const connectionRoutes = {
  /** spec: `companyId` and `session=0` are accepted; the company comes from the session. */
  list: defineRoute({
    method: 'GET',
    path: '/api/whatsapp',
    query: connectionListQuerySchema,
    response: z.array(connectionRecordSchema),
  }),
  /** Which providers a new connection may use (the sandbox can be switched off). */
  providers: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/providers',
    response: z.object({ providers: z.array(z.enum(connectionProviders)) }),
  }),
  find: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/:id',
    params,
    query: connectionListQuerySchema,
    response: connectionRecordSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/whatsapp',
    body: connectionFieldsSchema,
    response: connectionRecordSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/whatsapp/:id',
    params,
    body: connectionUpdateSchema,
    response: connectionRecordSchema,
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/whatsapp/:id', params, response: messageSchema }),
  /** spec: start a session, restart it with a new QR, disconnect it. */
  startSession: defineRoute({ method: 'POST', path: '/api/whatsappsession/:id', params, response: messageSchema }),
  renewQr: defineRoute({ method: 'PUT', path: '/api/whatsappsession/:id', params, response: messageSchema }),
  disconnectSession: defineRoute({
    method: 'DELETE',
    path: '/api/whatsappsession/:id',
    params,
    response: messageSchema,
  }),
};
