import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PromptRecord } from '@wacrm/shared/integrations/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { integrationsApi } from '../api/integrations-api.ts';
import { usePrompts } from '../api/use-bots.ts';
import { PromptDialog } from '../components/prompt-dialog.tsx';

/** The AI prompts screen (spec §2 "AI prompts page"): name, queue, max tokens, edit and delete. */
export function PromptsPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const prompts = usePrompts();
  const [editing, setEditing] = useState<PromptRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<PromptRecord | null>(null);
  const [isBusy, setBusy] = useState(false);

  const handleDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await integrationsApi.removePrompt(deleting.id);
      toast.success(t('prompts.deleted'));
      setDeleting(null);
      prompts.refetch();
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('prompts.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
          data-testid="prompts-add"
        >
          {t('prompts.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" data-testid="prompts-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('prompts.fields.name')}</TableCell>
                <TableCell>{t('prompts.fields.queue')}</TableCell>
                <TableCell align="right">{t('prompts.fields.maxTokens')}</TableCell>
                <TableCell align="right">{t('actions.title')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(prompts.data ?? []).map((prompt) => (
                <TableRow key={prompt.id} hover data-testid={`prompt-row-${prompt.id}`}>
                  <TableCell>{prompt.name}</TableCell>
                  <TableCell>{prompt.queue?.name ?? '—'}</TableCell>
                  <TableCell align="right">{prompt.maxTokens}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('actions.edit')}>
                      <IconButton
                        size="small"
                        aria-label={t('actions.edit')}
                        onClick={() => {
                          setEditing(prompt);
                          setDialogOpen(true);
                        }}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('actions.delete')}>
                      <IconButton size="small" aria-label={t('actions.delete')} onClick={() => setDeleting(prompt)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {prompts.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }}>
                    {t('prompts.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <PromptDialog
        open={isDialogOpen}
        prompt={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => prompts.refetch()}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('prompts.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        isBusy={isBusy}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {t('prompts.confirmDeleteMessage')}
      </ConfirmDialog>
    </Stack>
  );
}
