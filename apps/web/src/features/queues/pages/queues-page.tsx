import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
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

  const handleDelete = async (queue: QueueRecord) => {
    await queuesApi.remove(queue.id);
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: queuesKeys.all });
  };

  return (
    <>
      <ListPage
        isFullHeight={false}
        header={
          <ListPageHeader
            title={t('title')}
            titleTestId="queues-title"
            subtitle={
              limit && (
                <Typography variant="body2" color="text.secondary" data-testid="queues-usage">
                  {t('usage', { used: limit.used, limit: limit.limit })}
                </Typography>
              )
            }
            actions={
              canManage && (
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
              )
            }
          />
        }
        notices={
          canManage &&
          limit?.isReached && (
            <Alert severity="warning" data-testid="queues-limit">
              {t('limitReached', { count: limit.limit })}
            </Alert>
          )
        }
      >
        {query.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('toasts.errorList')}
          </Alert>
        ) : (
          <QueuesTable
            queues={queues}
            isLoading={query.isPending}
            canManage={canManage}
            onEdit={(queue) => setFormState({ id: queue.id })}
            onDelete={handleDelete}
          />
        )}
      </ListPage>
      <QueueDialog
        open={formState !== null}
        queueId={formState?.id ?? null}
        usedColors={queues.map((queue) => queue.color)}
        onClose={() => setFormState(null)}
        onCreated={(id) => setFormState({ id })}
      />
    </>
  );
}
