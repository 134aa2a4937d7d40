import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueOptionFields, QueueOptionRecord } from '@wacrm/shared/queues/queue-option.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { queuesApi, queuesKeys } from '../api/queues-api.ts';
import { nextOptionNumber } from '../model/queue-list.ts';
import { QueueOptionForm } from './queue-option-form.tsx';
import { type OptionEditing, QueueOptionNode } from './queue-option-node.tsx';

/** The queue's chatbot menu: nested options, each saved on its own (the queue must exist first). */
export function QueueOptionsEditor({ queueId }: { queueId: number | null }) {
  const { t } = useTranslation('queues');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OptionEditing>(null);
  const [deleting, setDeleting] = useState<QueueOptionRecord | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const query = useQuery({
    queryKey: queuesKeys.options(queueId ?? 0),
    queryFn: () => queuesApi.options(queueId ?? 0),
    enabled: queueId !== null,
  });
  const roots = query.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: queuesKeys.options(queueId ?? 0) });

  const handleCreate = async (parentId: number | null, fields: QueueOptionFields) => {
    if (queueId === null) return;
    await queuesApi.createOption({ ...fields, queueId, parentId });
    await refresh();
    setEditing(null);
  };
  const handleUpdate = async (option: QueueOptionRecord, fields: QueueOptionFields) => {
    await queuesApi.updateOption(option.id, fields);
    await refresh();
    setEditing(null);
  };
  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await queuesApi.removeOption(deleting.id);
      toast.success(t('options.deleted'));
      await refresh();
      setDeleting(null);
    } catch {
      // The http client has toasted the failure.
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="queue-options-title" data-testid="queue-options">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id="queue-options-title" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t('options.sectionTitle')}
        </Typography>
        {queueId !== null && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'add', parentId: null })}
            data-testid="queue-option-add"
          >
            {t('options.add')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('options.hint')}
      </Typography>
      {queueId === null ? (
        <Alert severity="info" data-testid="queue-options-save-first">
          {t('options.saveFirst')}
          <Box sx={{ mt: 1 }}>
            {/* Submits the queue's form; the dialog stays open on the saved queue (queue-dialog.tsx). */}
            <Button
              type="submit"
              variant="outlined"
              color="inherit"
              size="small"
              data-stays-open="true"
              data-testid="queue-save-and-add-options"
            >
              {t('options.saveAndAdd')}
            </Button>
          </Box>
        </Alert>
      ) : query.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress size={24} />
        </Box>
      ) : query.isError ? (
        <Alert severity="error">{t('options.loadError')}</Alert>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {roots.map((option) => (
            <QueueOptionNode
              key={option.id}
              option={option}
              path={option.option}
              editing={editing}
              onEditingChange={setEditing}
              onCreate={handleCreate}
              onUpdate={handleUpdate}
              onDelete={setDeleting}
            />
          ))}
          {editing?.kind === 'add' && editing.parentId === null && (
            <Box component="li" sx={{ listStyle: 'none' }}>
              <QueueOptionForm
                initial={{ option: nextOptionNumber(roots), title: '', message: '' }}
                onSave={(fields) => handleCreate(null, fields)}
                onCancel={() => setEditing(null)}
              />
            </Box>
          )}
          {roots.length === 0 && editing === null && (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }} data-testid="queue-options-empty">
              {t('options.empty')}
            </Typography>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('options.deleteTitle', { title: deleting?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && deleting.children.length > 0 ? t('options.deleteWithChildren') : t('options.deleteMessage')}
      </ConfirmDialog>
    </Box>
  );
}
