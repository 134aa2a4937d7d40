import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Help } from '@wacrm/shared/helps/help.schema';
import { youtubeThumbnailUrl } from '@wacrm/shared/helps/youtube';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { toast } from '../../../lib/toast.ts';
import { helpsApi, helpsKeys } from '../api/helps-api.ts';
import { useHelps } from '../hooks/use-helps.ts';
import { HelpFormDialog } from './help-form-dialog.tsx';

/** spec: the super user's helps tab in settings — list, add, edit, delete. */
export function HelpsSettingsTab() {
  const { t } = useTranslation('helps');
  const queryClient = useQueryClient();
  const { data: helps = [], isPending } = useHelps();
  const [editing, setEditing] = useState<Help | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);

  const openForm = (help: Help | null) => {
    setEditing(help);
    setIsFormOpen(true);
  };
  const handleDelete = async (help: Help) => {
    await helpsApi.remove(help.id);
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: helpsKeys.list() });
  };

  return (
    <Stack spacing={2} data-testid="helps-settings">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('settings.title', { count: helps.length })}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)} data-testid="help-add">
          {t('settings.add')}
        </Button>
      </Stack>
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={28} />
        </Box>
      ) : helps.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('page.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <DataTable
            rows={helps}
            rowKey={(help) => help.id}
            rowProps={() => ({ 'data-testid': 'help-row' })}
            stickyHeader={false}
            columns={[
              {
                id: 'video',
                header: t('fields.video'),
                showFrom: 'sm',
                render: (help) => (
                  <Box
                    component="img"
                    src={youtubeThumbnailUrl(help.video)}
                    alt=""
                    loading="lazy"
                    // Offline or a removed video: keep the placeholder rather than a broken image.
                    onError={(event) => {
                      event.currentTarget.style.visibility = 'hidden';
                    }}
                    sx={{ width: 96, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                ),
              },
              { id: 'title', header: t('fields.title'), sx: { fontWeight: 600 }, render: (help) => help.title },
              {
                id: 'description',
                header: t('fields.description'),
                showFrom: 'sm',
                sx: { maxWidth: 360, color: 'text.secondary' },
                render: (help) => help.description,
              },
            ]}
            actionsHeader={t('settings.actions')}
            actions={[{ label: t('settings.edit'), icon: <EditOutlined fontSize="small" />, onClick: openForm }]}
            deleteAction={{
              label: t('settings.delete'),
              confirmTitle: () => t('settings.deleteTitle'),
              confirmMessage: (help) => t('settings.deleteMessage', { title: help.title }),
              onConfirm: handleDelete,
            }}
            isLoading={false}
          />
        </Box>
      )}
      <HelpFormDialog open={isFormOpen} help={editing} onClose={() => setIsFormOpen(false)} />
    </Stack>
  );
}
