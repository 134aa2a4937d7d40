import { helpRoutes } from '@wacrm/shared/helps/help.routes';
import type { HelpFields } from '@wacrm/shared/helps/help.schema';
import { http } from '../../../lib/api.ts';

export const helpsKeys = { list: () => ['helps'] as const };

export const helpsApi = {
  list: () => http.call(helpRoutes.list),
  create: (body: HelpFields) => http.call(helpRoutes.create, { body }),
  update: (id: number, body: HelpFields) => http.call(helpRoutes.update, { params: { id }, body }),
  remove: (id: number) => http.call(helpRoutes.remove, { params: { id } }),
};
