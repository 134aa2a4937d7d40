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
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowCampaignRecord } from '@wacrm/shared';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { flowsApi, flowsKeys } from '../api/flows-api.ts';
import { PhraseDialog } from '../components/phrase-dialog.tsx';

/** Flow campaigns (spec: /phrase-lists): name, status, edit, delete (with contacts-page:deleteContact). */
export function PhraseListsPage() {
  const { t } = useTranslation(['flows', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: flowsKeys.campaigns, queryFn: flowsApi.campaigns });
  const [editing, setEditing] = useState<{ campaign: FlowCampaignRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<FlowCampaignRecord | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: flowsKeys.campaigns });
  const canDelete = hasPermission(session, 'contacts-page:deleteContact');
  const handleDelete = async () => {
    if (!deleting) return;
    await flowsApi.removeCampaign(deleting.id);
    toast.success(t('campaigns.deleted'));
    setDeleting(null);
    refresh();
  };
  const campaigns = list.data?.flows ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('campaigns.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing({ campaign: null })}
          data-testid="phrase-add"
        >
          {t('campaigns.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ overflow: 'auto' }}>
        <Table size="small" aria-label={t('campaigns.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.name')}</TableCell>
              <TableCell>{t('campaigns.phrase')}</TableCell>
              <TableCell>{t('list.status')}</TableCell>
              <TableCell align="right">{t('list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.map((campaign) => (
              <TableRow key={campaign.id} hover data-testid="phrase-row">
                <TableCell>{campaign.name}</TableCell>
                <TableCell>{campaign.phrase}</TableCell>
                <TableCell>{campaign.status ? t('list.active') : t('list.inactive')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={t('actions.edit')} onClick={() => setEditing({ campaign })}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  {canDelete && (
                    <IconButton size="small" aria-label={t('actions.delete')} onClick={() => setDeleting(campaign)}>
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {!list.isLoading && campaigns.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {t('campaigns.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      <PhraseDialog
        open={editing !== null}
        campaign={editing?.campaign ?? null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.deleteTitle')}
        confirmLabel={t('actions.delete')}
        onConfirm={handleDelete}
        onClose={() => setDeleting(null)}
      >
        {t('campaigns.deleteMessage', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
