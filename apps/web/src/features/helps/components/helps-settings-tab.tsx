import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { Help } from '@wacrm/shared/helps/help.schema';
import { youtubeThumbnailUrl } from '@wacrm/shared/helps/youtube';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { helpsApi, helpsKeys } from '../api/helps-api.ts';
import { useHelps } from '../hooks/use-helps.ts';
import { HelpFormDialog } from './help-form-dialog.tsx';

const hideOnPhone = { display: { xs: 'none', sm: 'table-cell' } };

/** spec: the super user's helps tab in settings — list, add, edit, delete. */
export function HelpsSettingsTab() {
  const { t } = useTranslation('helps');
  const queryClient = useQueryClient();
  const { data: helps = [], isPending } = useHelps();
  const [editing, setEditing] = useState<Help | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Help | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const openForm = (help: Help | null) => {
    setEditing(help);
    setIsFormOpen(true);
  };
  const handleConfirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await helpsApi.remove(deleting.id);
      toast.success(t('toasts.deleted'));
      void queryClient.invalidateQueries({ queryKey: helpsKeys.list() });
      setDeleting(null);
    } catch {
      // Toasted by the http client.
    } finally {
      setIsDeleting(false);
    }
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
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={hideOnPhone}>{t('fields.video')}</TableCell>
                <TableCell>{t('fields.title')}</TableCell>
                <TableCell sx={hideOnPhone}>{t('fields.description')}</TableCell>
                <TableCell align="right">{t('settings.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {helps.map((help) => (
                <TableRow key={help.id} hover data-testid="help-row">
                  <TableCell sx={hideOnPhone}>
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
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{help.title}</TableCell>
                  <TableCell sx={{ ...hideOnPhone, maxWidth: 360, color: 'text.secondary' }}>
                    {help.description}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('settings.edit')}>
                      <IconButton size="small" onClick={() => openForm(help)} aria-label={t('settings.edit')}>
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('settings.delete')}>
                      <IconButton size="small" onClick={() => setDeleting(help)} aria-label={t('settings.delete')}>
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
      <HelpFormDialog open={isFormOpen} help={editing} onClose={() => setIsFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.deleteTitle')}
        confirmLabel={t('settings.delete')}
        isBusy={isDeleting}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('settings.deleteMessage', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
