import Alert from '@mui/material/Alert';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { PlanFeatureFlag } from '@wacrm/shared/plans/plan.schema';
import { planAllowsFlag } from '@wacrm/shared/plans/plan-features';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../components/ui/centered-spinner.tsx';
import { useSessionUser } from '../features/auth/hooks/use-auth.ts';
import { useCompanyPlan } from '../features/plans/api/use-company-plan.ts';
import { toast } from '../lib/toast.ts';
import { campaignsSettingOf, type PageAccess } from './page-access-rules.ts';

/** spec: the redirect follows the toast after 1 second. */
const REDIRECT_DELAY_MS = 1000;

/** The notice a user who is not an admin sees on an admin screen (or on a supervisors' one). */
export function AdminOnlyNotice({ isSupervisorsToo = false }: { isSupervisorsToo?: boolean }) {
  const { t } = useTranslation('access');
  return (
    <Alert severity="info" data-testid="admin-only-notice">
      {isSupervisorsToo ? t('supervisorsOnly') : t('adminOnly')}
    </Alert>
  );
}

function PlanGate({ flag, children }: { flag: PlanFeatureFlag; children: ReactNode }) {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const user = useSessionUser();
  const plan = useCompanyPlan(user.companyId);
  const isAllowed = plan.data ? planAllowsFlag(plan.data, flag, campaignsSettingOf(user.company.settings)) : null;
  const hasWarned = useRef(false);

  useEffect(() => {
    if (isAllowed !== false) return;
    if (!hasWarned.current) toast.error(t('noPlanPermission'));
    hasWarned.current = true;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isAllowed, navigate, t]);

  // A plan that cannot be read leaves the decision to the server, which refuses the routes too.
  if (isAllowed === null && !plan.isError) return <CenteredSpinner />;
  if (isAllowed === false) return null;
  return children;
}

/** Renders the page only for whom `access` allows. */
export function GuardedPage({ access, children }: { access: PageAccess; children: ReactNode }) {
  const user = useSessionUser();
  if (access.admin && !hasPermission(user, 'drawer-admin-items:view')) return <AdminOnlyNotice />;
  if (access.permission && !hasPermission(user, access.permission)) return <AdminOnlyNotice isSupervisorsToo />;
  if (access.planFlag) return <PlanGate flag={access.planFlag}>{children}</PlanGate>;
  return children;
}
