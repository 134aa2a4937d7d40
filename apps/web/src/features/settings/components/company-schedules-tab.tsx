import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { CompanySchedulesEditor } from './company-schedules-editor.tsx';

/** The schedules tab of /settings: the session's own company. */
export function CompanySchedulesTab() {
  const { companyId } = useSessionUser();
  return <CompanySchedulesEditor companyId={companyId} />;
}
