// The method and path of each route in flow.contract.ts, for the web app: see `routeRefs`.
import { routeRefs } from '../common/route-path.ts';
import type * as contracts from './flow.contract.ts';

export const flowRoutes = routeRefs<typeof contracts.flowRoutes>({
  list: { method: 'GET', path: '/api/flowbuilder' },
  create: { method: 'POST', path: '/api/flowbuilder' },
  update: { method: 'PUT', path: '/api/flowbuilder' },
  remove: { method: 'DELETE', path: '/api/flowbuilder/:id' },
  duplicate: { method: 'POST', path: '/api/flowbuilder/duplicate' },
  content: { method: 'GET', path: '/api/flowbuilder/flow/:id' },
  save: { method: 'POST', path: '/api/flowbuilder/flow' },
  test: { method: 'POST', path: '/api/flowbuilder/:id/test' },
  endTest: { method: 'POST', path: '/api/flowbuilder/:id/test/end' },
  exportFile: { method: 'GET', path: '/api/flowbuilder/:id/export' },
  importFile: { method: 'POST', path: '/api/flowbuilder/import' },
  uploadImage: { method: 'POST', path: '/api/flowbuilder/img' },
  uploadAudio: { method: 'POST', path: '/api/flowbuilder/audio' },
  uploadVideo: { method: 'POST', path: '/api/flowbuilder/video' },
  uploadContent: { method: 'POST', path: '/api/flowbuilder/content' },
  campaigns: { method: 'GET', path: '/api/flowcampaign' },
  findCampaign: { method: 'GET', path: '/api/flowcampaign/:id' },
  createCampaign: { method: 'POST', path: '/api/flowcampaign' },
  updateCampaign: { method: 'PUT', path: '/api/flowcampaign' },
  removeCampaign: { method: 'DELETE', path: '/api/flowcampaign/:id' },
});
