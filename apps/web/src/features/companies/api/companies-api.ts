import { companyRoutes } from '@wacrm/shared/companies/company.routes';
import type { CompanyCreate, CompanyFields } from '@wacrm/shared/companies/company.schema';
import { http } from '../../../lib/api.ts';

export const companiesKeys = {
  all: () => ['companies'] as const,
  page: (searchParam: string) => ['companies', 'page', searchParam] as const,
};

/** The super user's companies admin. Writes are silent: the screens add the spec's hint to the error. */
export const companiesApi = {
  page: (searchParam: string, pageNumber: number) =>
    http.call(companyRoutes.page, { query: { searchParam, pageNumber } }),
  create: (body: CompanyCreate) => http.call(companyRoutes.create, { body, silent: true }),
  update: (id: number, body: CompanyFields) => http.call(companyRoutes.update, { params: { id }, body, silent: true }),
  renew: (id: number) => http.call(companyRoutes.renew, { params: { id }, silent: true }),
  remove: (id: number) => http.call(companyRoutes.remove, { params: { id }, silent: true }),
};
