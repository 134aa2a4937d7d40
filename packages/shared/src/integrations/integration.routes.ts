// The method and path of each route in integration.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './integration.contract.ts';

export const integrationRoutes = routeRefs<typeof contracts.integrationRoutes>({
  prompts: { method: 'GET', path: '/api/prompt' },
  findPrompt: { method: 'GET', path: '/api/prompt/:id' },
  createPrompt: { method: 'POST', path: '/api/prompt' },
  updatePrompt: { method: 'PUT', path: '/api/prompt/:id' },
  removePrompt: { method: 'DELETE', path: '/api/prompt/:id' },
  integrationsPage: { method: 'GET', path: '/api/queueIntegration' },
  testSession: { method: 'POST', path: '/api/queueIntegration/testSession' },
  findIntegration: { method: 'GET', path: '/api/queueIntegration/:id' },
  createIntegration: { method: 'POST', path: '/api/queueIntegration' },
  updateIntegration: { method: 'PUT', path: '/api/queueIntegration/:id' },
  removeIntegration: { method: 'DELETE', path: '/api/queueIntegration/:id' },
});
