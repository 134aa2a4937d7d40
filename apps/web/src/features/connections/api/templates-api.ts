import { templateRoutes } from '@wacrm/shared/cloud-api/template.routes';
import { http } from '../../../lib/api.ts';

export const templatesKeys = {
  list: (whatsappId: number) => ['connections', 'templates', whatsappId] as const,
};

/** A Cloud API connection's message templates (docs/cloud-api.md "Templates"). */
export const templatesApi = {
  list: (whatsappId: number) => http.call(templateRoutes.list, { params: { id: whatsappId } }),
  sync: (whatsappId: number) => http.call(templateRoutes.sync, { params: { id: whatsappId } }),
};
