import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@wacrm/shared/webhooks/webhook.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { webhooksApi, webhooksKeys } from '../api/webhooks-api.ts';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';

/**
 * Settings → Webhooks: the company's endpoints (URL, events, active), the secret shown once when
 * one is added, and each endpoint's delivery log (docs/decisions/public-api-and-webhooks.md).
 */
export function WebhooksTab() {
  const { t } = useTranslation(['webhooks', 'common']);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: webhooksKeys.list, queryFn: webhooksApi.list });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list });
  const remove = useMutation({
    mutationFn: (id: number) => webhooksApi.remove(id),
    onSuccess: () => {
      toast.success(t('deleted'));
      setRemoving(null);
      void refresh();
    },
  });

  if (list.isPending) return <CenteredSpinner />;
  if (list.isError) {
    const noPlan = list.error instanceof ApiError && list.error.code === 'ERR_PLAN_FEATURE_DISABLED';
    return <Alert severity={noPlan ? 'info' : 'error'}>{noPlan ? t('noPlan') : t('loadError')}</Alert>;
  }

  return (
    <Box data-testid="webhooks">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('add')}
        </Button>
      </Stack>
      {list.data.length === 0 && <Alert severity="info">{t('empty')}</Alert>}
      <Stack spacing={1}>
        {list.data.map((endpoint) => (
          <Paper key={endpoint.id} variant="outlined" sx={{ p: 1.5 }} data-testid="webhook-row">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {endpoint.url}
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  <Chip
                    size="small"
                    color={endpoint.active ? 'success' : 'default'}
                    label={endpoint.active ? t('active') : t('inactive')}
                  />
                  {endpoint.events.map((event) => (
                    <Chip key={event} size="small" variant="outlined" label={event} />
                  ))}
                </Stack>
              </Box>
              <Tooltip title={t('log.open')}>
                <IconButton aria-label={t('log.open')} onClick={() => setViewing(endpoint)} data-testid="webhook-log">
                  <ListAltIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('edit')}>
                <IconButton aria-label={t('edit')} onClick={() => setEditing(endpoint)}>
                  <EditOutlinedIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('delete')}>
                <IconButton aria-label={t('delete')} onClick={() => setRemoving(endpoint)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {editing && (
        <WebhookDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(_saved, newSecret) => {
            setEditing(null);
            if (newSecret) setSecret(newSecret);
            else toast.success(t('saved'));
            void refresh();
          }}
        />
      )}
      {viewing && <WebhookDeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />}
      <Dialog open={secret !== null} onClose={() => setSecret(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('secret.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('secret.once')}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              component="code"
              data-testid="webhook-secret"
              sx={{ flex: 1, p: 1, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
            >
              {secret}
            </Box>
            <Tooltip title={t('copy')}>
              <IconButton
                aria-label={t('copy')}
                onClick={() => void navigator.clipboard?.writeText(secret ?? '').then(() => toast.success(t('copied')))}
              >
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('secret.how')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setSecret(null)} data-testid="webhook-secret-close">
            {t('secret.done')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title={t('confirmDelete')}
        confirmLabel={t('delete')}
        isBusy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onClose={() => setRemoving(null)}
      >
        {removing?.url}
      </ConfirmDialog>
    </Box>
  );
}
