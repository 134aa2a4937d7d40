import type { CompanyRecord } from '@wacrm/shared/companies/company.schema';
import { isTrialDueDate } from '@wacrm/shared/signup/signup.schema';
import { daysToDueDate } from './due-date-highlight.ts';

/** What the companies list says about a company: switched off, on its signup trial (with days left), or active. */
export type CompanyStatus = { kind: 'inactive' } | { kind: 'trial'; daysLeft: number } | { kind: 'active' };

export function companyStatus(
  company: Pick<CompanyRecord, 'status' | 'createdAt' | 'dueDate'>,
  today: Date = new Date(),
): CompanyStatus {
  if (!company.status) return { kind: 'inactive' };
  if (isTrialDueDate(new Date(company.createdAt), company.dueDate)) {
    return { kind: 'trial', daysLeft: Math.max(0, daysToDueDate(company.dueDate, today) ?? 0) };
  }
  return { kind: 'active' };
}
