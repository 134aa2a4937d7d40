import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

// Kept apart from settings.ts, which stays free of zod (the web's menu rules read it).
const settingKeyParamsSchema = z.object({ key: z.string().min(1).max(60) });
const companyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** Any text up to 200 characters; the server checks it against the key's allowed values. */
export const settingValueBodySchema = z.object({ value: z.string().max(200) });

/** One company setting as the API answers it. */
export const settingRecordSchema = z.object({ key: z.string(), value: z.string() });

/** The settings routes (spec: Settings). Admins manage their company's; the super user any company's. */
export const settingRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/settings', response: z.array(settingRecordSchema) }),
  /** Every user of the company: times typed for the company are read on this clock. */
  timeZone: defineRoute({
    method: 'GET',
    path: '/api/settings/time-zone',
    response: z.object({ timeZone: z.string() }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/settings/:key',
    params: settingKeyParamsSchema,
    body: settingValueBodySchema,
    response: settingRecordSchema,
  }),
  listOfCompany: defineRoute({
    method: 'GET',
    path: '/api/companies/:id/settings',
    params: companyIdParamsSchema,
    response: z.array(settingRecordSchema),
  }),
  updateOfCompany: defineRoute({
    method: 'PUT',
    path: '/api/companies/:id/settings/:key',
    params: companyIdParamsSchema.extend(settingKeyParamsSchema.shape),
    body: settingValueBodySchema,
    response: settingRecordSchema,
  }),
};
