import { defineRoute } from '../common/route-contract.ts';
import { templateSyncAnswerSchema, whatsappIdParamsSchema, whatsappTemplateListSchema } from './template.schema.ts';

/** A Cloud API connection's message templates (docs/cloud-api.md "Templates"). */
export const templateRoutes = {
  /** What the last synchronisation stored; any user of the company (the composer offers them). */
  list: defineRoute({
    method: 'GET',
    path: '/api/whatsapp/:id/templates',
    params: whatsappIdParamsSchema,
    response: whatsappTemplateListSchema,
  }),
  /** Reads every template of the connection's WhatsApp Business Account from Meta again; admins. */
  sync: defineRoute({
    method: 'POST',
    path: '/api/whatsapp/:id/templates/sync',
    params: whatsappIdParamsSchema,
    response: templateSyncAnswerSchema,
  }),
};
