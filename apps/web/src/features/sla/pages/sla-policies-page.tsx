import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SlaPolicyRecord } from '@wacrm/shared/sla/sla.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { useCompanyQueues } from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { slaApi, slaKeys } from '../api/sla-api.ts';
import { SlaPoliciesTable } from '../components/sla-policies-table.tsx';
import { SlaPolicyDialog } from '../components/sla-policy-dialog.tsx';

/** Service levels (admins): the policies, and the admin's own weekly summary mail. */
export function SlaPoliciesPage() {
  const { t } = useTranslation('sla');
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const policies = useQuery({ queryKey: slaKeys.policies(session.companyId), queryFn: slaApi.policies });
  const queues = useCompanyQueues(session.companyId);
  const summaryKey = slaKeys.weeklySummary(session.companyId, session.id);
  const summary = useQuery({ queryKey: summaryKey, queryFn: slaApi.weeklySummary });
  const [editing, setEditing] = useState<SlaPolicyRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: slaKeys.policies(session.companyId) });
  const handleDelete = async (policy: SlaPolicyRecord) => {
    await slaApi.remove(policy.id);
    toast.success(t('toasts.deleted'));
    await refresh();
  };
  const handleSubscribe = async (subscribed: boolean) => {
    queryClient.setQueryData(summaryKey, await slaApi.setWeeklySummary(subscribed));
    toast.success(t(subscribed ? 'weeklySummary.subscribed' : 'weeklySummary.unsubscribed'));
  };
  const queueList = queues.data ?? [];

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('title')}
            count={policies.data?.length}
            countTestId="sla-count"
            add={{
              label: t('add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'sla-add',
            }}
            actions={
              <FormControlLabel
                sx={{ mr: 1 }}
                control={
                  <Switch
                    checked={summary.data?.subscribed ?? false}
                    disabled={!summary.data}
                    onChange={(event) => void handleSubscribe(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'sla-weekly-summary' } as object }}
                  />
                }
                label={t('weeklySummary.label')}
              />
            }
          />
        }
      >
        <SlaPoliciesTable
          policies={policies.data ?? []}
          queues={queueList}
          isLoading={policies.isLoading}
          onEdit={(policy) => {
            setEditing(policy);
            setDialogOpen(true);
          }}
          onDelete={handleDelete}
        />
      </ListPage>
      <SlaPolicyDialog
        open={isDialogOpen}
        policy={editing}
        queues={queueList}
        onClose={() => setDialogOpen(false)}
        onSaved={() => void refresh()}
      />
    </>
  );
}
