import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type Plan, planFeatureFlags } from '@wacrm/shared/plans/plan.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { planAdminKeys, plansApi } from '../api/plans-api.ts';
import { useAllPlans } from '../hooks/use-all-plans.ts';
import { notifyOperationError } from '../model/operation-error.ts';
import { formatBrl } from '../model/plan-value.ts';
import { PlanFormDialog } from './plan-form-dialog.tsx';

/** spec: the super user's plans tab in settings — list, add, edit, delete. */
export function PlansManager() {
  const { t, i18n } = useTranslation('plans');
  const queryClient = useQueryClient();
  const { data: plans = [], isPending, isError } = useAllPlans();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);

  const openForm = (plan: Plan | null) => {
    setEditing(plan);
    setIsFormOpen(true);
  };

  const handleDelete = async (plan: Plan) => {
    try {
      await plansApi.remove(plan.id);
    } catch (error) {
      notifyOperationError(error, t('toasts.errorOperation'));
      throw error;
    }
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: planAdminKeys.all() });
  };

  const enabledFlags = (plan: Plan) => planFeatureFlags.filter((flag) => plan[flag]);

  return (
    <Stack spacing={2} data-testid="plans-manager">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)} data-testid="plan-add">
          {t('add')}
        </Button>
      </Stack>
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={28} />
        </Box>
      ) : isError ? (
        <Typography color="error" sx={{ py: 4, textAlign: 'center' }}>
          {t('toasts.errorList')}
        </Typography>
      ) : plans.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable
            rows={plans}
            rowKey={(plan) => plan.id}
            rowProps={() => ({ 'data-testid': 'plan-row' })}
            stickyHeader={false}
            columns={[
              { id: 'name', header: t('columns.name'), sx: { fontWeight: 600 }, render: (plan) => plan.name },
              ...(['users', 'connections', 'queues'] as const).map((limit) => ({
                id: limit,
                header: t(`columns.${limit}`),
                align: 'right' as const,
                showFrom: 'sm' as const,
                render: (plan: Plan) => plan[limit],
              })),
              {
                id: 'value',
                header: t('columns.value'),
                align: 'right',
                sx: { whiteSpace: 'nowrap' },
                render: (plan) => t('perMonth', { value: formatBrl(plan.value, i18n.language) }),
              },
              {
                id: 'features',
                header: t('columns.features'),
                showFrom: 'md',
                render: (plan) => (
                  <Tooltip
                    title={
                      enabledFlags(plan)
                        .map((flag) => t(`flags.${flag}`))
                        .join(', ') || '—'
                    }
                  >
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('featureCount', { count: enabledFlags(plan).length })}
                    />
                  </Tooltip>
                ),
              },
            ]}
            actionsHeader={t('columns.actions')}
            actions={[{ label: t('edit'), icon: <EditOutlined fontSize="small" />, onClick: openForm }]}
            deleteAction={{
              label: t('delete'),
              confirmTitle: () => t('deleteTitle'),
              confirmMessage: (plan) => t('deleteMessage', { name: plan.name }),
              onConfirm: handleDelete,
            }}
            isLoading={false}
          />
        </Box>
      )}
      <PlanFormDialog open={isFormOpen} plan={editing} onClose={() => setIsFormOpen(false)} />
    </Stack>
  );
}
