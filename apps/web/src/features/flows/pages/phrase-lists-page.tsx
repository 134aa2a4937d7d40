import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowCampaignRecord } from '@wacrm/shared';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { flowsApi, flowsKeys } from '../api/flows-api.ts';
import { PhraseDialog } from '../components/phrase-dialog.tsx';

/** Flow campaigns (spec: /phrase-lists): name, status, edit, delete (with contacts-page:deleteContact). */
export function PhraseListsPage() {
  const { t } = useTranslation(['flows', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: flowsKeys.campaigns, queryFn: flowsApi.campaigns });
  const [editing, setEditing] = useState<{ campaign: FlowCampaignRecord | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: flowsKeys.campaigns });
  const canDelete = hasPermission(session, 'contacts-page:deleteContact');
  const handleDelete = async (campaign: FlowCampaignRecord) => {
    await flowsApi.removeCampaign(campaign.id);
    toast.success(t('campaigns.deleted'));
    refresh();
  };
  const campaigns = list.data?.flows ?? [];

  return (
    <>
      <ListPage
        isFullHeight={false}
        header={
          <ListPageHeader
            title={t('campaigns.title')}
            add={{ label: t('campaigns.add'), onClick: () => setEditing({ campaign: null }), testId: 'phrase-add' }}
          />
        }
      >
        <DataTable
          rows={campaigns}
          rowKey={(campaign) => campaign.id}
          rowProps={() => ({ 'data-testid': 'phrase-row' })}
          stickyHeader={false}
          ariaLabel={t('campaigns.title')}
          columns={[
            { id: 'name', header: t('campaigns.name'), render: (campaign) => campaign.name },
            { id: 'phrase', header: t('campaigns.phrase'), render: (campaign) => campaign.phrase },
            {
              id: 'status',
              header: t('list.status'),
              render: (campaign) => (campaign.status ? t('list.active') : t('list.inactive')),
            },
          ]}
          actionsHeader={t('list.actions')}
          actions={[
            {
              label: t('actions.edit'),
              icon: <EditOutlined fontSize="small" />,
              onClick: (campaign) => setEditing({ campaign }),
            },
          ]}
          deleteAction={
            canDelete
              ? {
                  label: t('actions.delete'),
                  confirmTitle: () => t('campaigns.deleteTitle'),
                  confirmMessage: (campaign) => t('campaigns.deleteMessage', { name: campaign.name }),
                  onConfirm: handleDelete,
                }
              : undefined
          }
          isLoading={list.isLoading}
          emptyText={t('campaigns.empty')}
        />
      </ListPage>
      <PhraseDialog
        open={editing !== null}
        campaign={editing?.campaign ?? null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </>
  );
}
