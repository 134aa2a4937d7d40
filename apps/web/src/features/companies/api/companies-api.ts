import type { CompanyCreate, CompanyFields, CompanyPage, CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { http } from '../../../lib/api.ts';

export const companiesKeys = {
  all: () => ['companies'] as const,
  page: (searchParam: string) => ['companies', 'page', searchParam] as const,
};

/** The super user's companies admin. Writes are silent: the screens add the spec's hint to the error. */
export const companiesApi = {
  page: (searchParam: string, pageNumber: number) =>
    http.get<CompanyPage>('/api/companies', { query: { searchParam, pageNumber } }),
  create: (fields: CompanyCreate) => http.post<CompanyRecord>('/api/companies', fields, { silent: true }),
  update: (id: number, fields: CompanyFields) =>
    http.put<CompanyRecord>(`/api/companies/${id}`, fields, { silent: true }),
  renew: (id: number) => http.post<CompanyRecord>(`/api/companies/${id}/renew`, undefined, { silent: true }),
  remove: (id: number) => http.delete<void>(`/api/companies/${id}`, { silent: true }),
};
