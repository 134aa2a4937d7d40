import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type Plan, planFeatureFlags } from '@wacrm/shared/plans/plan.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { planAdminKeys, plansApi } from '../api/plans-api.ts';
import { useAllPlans } from '../hooks/use-all-plans.ts';
import { notifyOperationError } from '../model/operation-error.ts';
import { formatBrl } from '../model/plan-value.ts';
import { PlanFormDialog } from './plan-form-dialog.tsx';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };
const hideOnTablet = { display: { xs: 'none', md: 'table-cell' } };

/** spec: the super user's plans tab in settings — list, add, edit, delete. */
export function PlansManager() {
  const { t, i18n } = useTranslation('plans');
  const queryClient = useQueryClient();
  const { data: plans = [], isPending, isError } = useAllPlans();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const openForm = (plan: Plan | null) => {
    setEditing(plan);
    setIsFormOpen(true);
  };

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await plansApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: planAdminKeys.all() });
      setDeleting(null);
    } catch (error) {
      notifyOperationError(error, t('toasts.errorOperation'));
    } finally {
      setIsDeleting(false);
    }
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
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.name')}</TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  {t('columns.users')}
                </TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  {t('columns.connections')}
                </TableCell>
                <TableCell align="right" sx={hideOnPhone}>
                  {t('columns.queues')}
                </TableCell>
                <TableCell align="right">{t('columns.value')}</TableCell>
                <TableCell sx={hideOnTablet}>{t('columns.features')}</TableCell>
                <TableCell align="right">{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plans.map((plan) => (
                <TableRow key={plan.id} hover data-testid="plan-row">
                  <TableCell sx={{ fontWeight: 600 }}>{plan.name}</TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {plan.users}
                  </TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {plan.connections}
                  </TableCell>
                  <TableCell align="right" sx={hideOnPhone}>
                    {plan.queues}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {t('perMonth', { value: formatBrl(plan.value, i18n.language) })}
                  </TableCell>
                  <TableCell sx={hideOnTablet}>
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
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('edit')}>
                      <IconButton size="small" onClick={() => openForm(plan)} aria-label={t('edit')}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('delete')}>
                      <IconButton size="small" onClick={() => setDeleting(plan)} aria-label={t('delete')}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <PlanFormDialog open={isFormOpen} plan={editing} onClose={() => setIsFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('deleteMessage', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
