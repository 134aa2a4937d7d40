// The method and path of each route in sandbox.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './sandbox.contract.ts';

export const sandboxRoutes = routeRefs<typeof contracts.sandboxRoutes>({
  scan: { method: 'POST', path: '/api/sandbox/:whatsappId/scan' },
  disconnect: { method: 'POST', path: '/api/sandbox/:whatsappId/disconnect' },
  inbound: { method: 'POST', path: '/api/sandbox/:whatsappId/inbound' },
  edit: { method: 'POST', path: '/api/sandbox/:whatsappId/edit' },
  revoke: { method: 'POST', path: '/api/sandbox/:whatsappId/revoke' },
  react: { method: 'POST', path: '/api/sandbox/:whatsappId/react' },
  reactions: { method: 'GET', path: '/api/sandbox/:whatsappId/reactions' },
  call: { method: 'POST', path: '/api/sandbox/:whatsappId/call' },
  outbox: { method: 'GET', path: '/api/sandbox/:whatsappId/outbox' },
  customers: { method: 'GET', path: '/api/sandbox/:whatsappId/customers' },
  readReceipts: { method: 'GET', path: '/api/sandbox/:whatsappId/read-receipts' },
  ack: { method: 'POST', path: '/api/sandbox/:whatsappId/ack' },
});
