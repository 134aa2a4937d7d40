import type { CompanyCreateInput, CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { renewDueDate } from '@wacrm/shared/companies/recurrence';
import { localIsoDay } from './due-date-highlight.ts';

/** A new company starts active, monthly, due one month from today. */
export const newCompanyValues = (): CompanyCreateInput => ({
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: true,
  campaignsEnabled: true,
  dueDate: renewDueDate(null, 'MENSAL', localIsoDay()),
  recurrence: 'MENSAL',
  password: '',
});

export const valuesOf = (company: CompanyRecord): CompanyCreateInput => ({
  name: company.name,
  email: company.email ?? '',
  phone: company.phone ?? '',
  planId: company.planId ?? '',
  status: company.status,
  campaignsEnabled: company.campaignsEnabled,
  dueDate: company.dueDate ?? '',
  recurrence: company.recurrence,
  password: '',
});
