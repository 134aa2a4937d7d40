import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useSessionUser } from '../../features/auth/hooks/use-auth.ts';
import { useCompanyPlan } from '../../features/plans/api/use-company-plan.ts';
import { campaignsSettingOf } from '../page-access-rules.ts';
import type { MenuContext } from './menu-model.ts';

/** Gathers what the menu rules need from the session, the plan and the browser. */
export function useMenuContext(): MenuContext {
  const user = useSessionUser();
  const { data: plan } = useCompanyPlan(user.companyId);
  return {
    isAdmin: hasPermission(user, 'drawer-admin-items:view'),
    canViewDashboard: hasPermission(user, 'dashboard:view'),
    isSuper: user.super,
    plan: plan ?? null,
    campaignsSetting: campaignsSettingOf(user.company.settings),
  };
}
