import type { CompanyBlockReason } from '@wacrm/shared';
import { AppError } from '../../platform/http/app-error.ts';
import { isPastDueDate } from './due-date.ts';

export interface CompanyAccessState {
  isSuper: boolean;
  /** Only an admin of an expired company may still sign in, to the billing-only view. */
  profile?: string;
  companyStatus: boolean;
  dueDate: string | null;
}

/**
 * Why a user may not use the product now, or null when they may: their company is switched
 * off or past its due date. The platform's owners (super users) keep access to run it whatever
 * their own company's state. Login, refresh and every authenticated request ask this.
 */
export function companyBlockReason(state: CompanyAccessState, today = new Date()): CompanyBlockReason | null {
  if (state.isSuper) return null;
  if (!state.companyStatus) return 'ERR_COMPANY_INACTIVE';
  if (isPastDueDate(state.dueDate, today)) return 'ERR_SUBSCRIPTION_EXPIRED';
  return null;
}

/** Throws the refusal login and refresh answer: 403 switched off, 402 expired (with its due date). */
export function assertCompanyAccess(state: CompanyAccessState) {
  const reason = companyBlockReason(state);
  if (reason === 'ERR_SUBSCRIPTION_EXPIRED') throw new AppError(reason, { details: { dueDate: state.dueDate } });
  if (reason) throw new AppError(reason);
}

/**
 * An admin of a company past its due date (but not switched off) signs in to invoices and the
 * checkout only, to pay (docs/decisions/billing.md). Everyone else stays out as before.
 */
export function isBillingOnly(state: CompanyAccessState, today = new Date()) {
  return state.profile === 'admin' && companyBlockReason(state, today) === 'ERR_SUBSCRIPTION_EXPIRED';
}

/** Login and refresh: refused unless allowed in full or to the billing-only view. */
export function assertCompanyOrBillingAccess(state: CompanyAccessState) {
  if (!isBillingOnly(state)) assertCompanyAccess(state);
}
