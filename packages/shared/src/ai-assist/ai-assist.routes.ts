// The method and path of each route in ai-assist.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './ai-assist.contract.ts';

export const aiAssistRoutes = routeRefs<typeof contracts.aiAssistRoutes>({
  summary: { method: 'POST', path: '/api/tickets/:ticketId/assist/summary' },
  suggest: { method: 'POST', path: '/api/tickets/:ticketId/assist/suggest' },
  rewrite: { method: 'POST', path: '/api/tickets/:ticketId/assist/rewrite' },
  translate: { method: 'POST', path: '/api/tickets/:ticketId/assist/translate' },
  status: { method: 'GET', path: '/api/ai-assist/status' },
  usage: { method: 'GET', path: '/api/ai-assist/usage' },
});
