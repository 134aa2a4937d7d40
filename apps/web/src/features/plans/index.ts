// What other features use of plans: the company's plan, the plan list, prices and the error notice.
export { useCompanyPlan } from './api/use-company-plan.ts';
export { useAllPlans } from './hooks/use-all-plans.ts';
export { notifyOperationError } from './model/operation-error.ts';
export { formatBrl } from './model/plan-value.ts';
