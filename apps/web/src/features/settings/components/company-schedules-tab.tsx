import { useSessionUser } from '../../auth/index.ts';
import { CompanySchedulesEditor } from './company-schedules-editor.tsx';

/** The schedules tab of /settings: the session's own company. */
export function CompanySchedulesTab() {
  const { companyId } = useSessionUser();
  return <CompanySchedulesEditor companyId={companyId} />;
}
