import AddIcon from '@mui/icons-material/Add';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { queuesApi, queuesKeys } from '../api/queues-api.ts';
import { QueueDialog } from '../components/queue-dialog.tsx';
import { QueuesTable } from '../components/queues-table.tsx';
import { useQueueLimit, useQueues } from '../hooks/use-queues.ts';

/** spec: Queues page (table, add, edit, delete with confirmation), kept current live. */
export function QueuesPage() {
  const { t } = useTranslation('queues');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const query = useQueues(user.companyId);
  const queues = query.data ?? [];
  const limit = useQueueLimit(user.companyId, query.data?.length);
  const canManage = hasPermission(user, 'drawer-admin-items:view');
  const [formState, setFormState] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<QueueRecord | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await queuesApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: queuesKeys.all });
      setDeleting(null);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5" component="h1" data-testid="queues-title">
            {t('title')}
          </Typography>
          {limit && (
            <Typography variant="body2" color="text.secondary" data-testid="queues-usage">
              {t('usage', { used: limit.used, limit: limit.limit })}
            </Typography>
          )}
        </Box>
        {canManage && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setFormState({ id: null })}
            disabled={limit?.isReached}
            data-testid="queue-add"
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {t('add')}
          </Button>
        )}
      </Stack>
      {canManage && limit?.isReached && (
        <Alert severity="warning" data-testid="queues-limit">
          {t('limitReached', { count: limit.limit })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        {query.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress size={32} />
          </Box>
        ) : query.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('toasts.errorList')}
          </Alert>
        ) : queues.length === 0 ? (
          <Stack
            spacing={1}
            sx={{ alignItems: 'center', py: 8, px: 2, textAlign: 'center' }}
            data-testid="queues-empty"
          >
            <AltRouteOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
            <Typography variant="subtitle1">{t('empty')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
              {t('emptyHint')}
            </Typography>
          </Stack>
        ) : (
          <QueuesTable
            queues={queues}
            canManage={canManage}
            onEdit={(queue) => setFormState({ id: queue.id })}
            onDelete={setDeleting}
          />
        )}
      </Paper>
      <QueueDialog
        open={formState !== null}
        queueId={formState?.id ?? null}
        usedColors={queues.map((queue) => queue.color)}
        onClose={() => setFormState(null)}
        onCreated={(id) => setFormState({ id })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('delete.message')}
      </ConfirmDialog>
    </Stack>
  );
}
