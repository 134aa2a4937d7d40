import EditOutlined from '@mui/icons-material/EditOutlined';
import Avatar from '@mui/material/Avatar';
import Tooltip from '@mui/material/Tooltip';
import type { QueueIntegrationRecord, QueueIntegrationType } from '@wacrm/shared/integrations/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { integrationsApi } from '../api/integrations-api.ts';
import { useIntegrationPages } from '../api/use-bots.ts';
import { IntegrationDialog } from '../components/integration-dialog.tsx';

/** A type's logo: its initials on its brand colour (no third-party artwork is shipped). */
const logos: Record<QueueIntegrationType, { label: string; color: string }> = {
  dialogflow: { label: 'DF', color: '#ff9800' },
  n8n: { label: 'n8n', color: '#ea4b71' },
  webhook: { label: 'WH', color: '#607d8b' },
  typebot: { label: 'TB', color: '#0042da' },
  flowbuilder: { label: 'FB', color: '#2e7d32' },
};

/** The queue integrations screen (spec §2): search, infinite list, add, edit and delete. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation(['integrations', 'common']);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useIntegrationPages(debounced);
  const [editing, setEditing] = useState<QueueIntegrationRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);
  const rows = list.data?.pages.flatMap((page) => page.queueIntegrations) ?? [];

  const handleDelete = async (integration: QueueIntegrationRecord) => {
    await integrationsApi.removeIntegration(integration.id);
    toast.success(t('integrations.deleted'));
    list.refetch();
  };

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('integrations.title')}
            search={{
              placeholder: t('integrations.search'),
              value: search,
              onChange: setSearch,
              testId: 'integrations-search',
            }}
            add={{
              label: t('integrations.add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'integrations-add',
            }}
          />
        }
      >
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-testid': `integration-row-${row.id}` })}
          testId="integrations-table"
          columns={[
            {
              id: 'logo',
              headerSx: { width: 64 },
              render: (row) => (
                <Tooltip title={t(`integrations.types.${row.type}`)}>
                  <Avatar
                    variant="rounded"
                    sx={{ width: 32, height: 32, fontSize: 12, fontWeight: 700, bgcolor: logos[row.type].color }}
                  >
                    {logos[row.type].label}
                  </Avatar>
                </Tooltip>
              ),
            },
            { id: 'id', header: 'ID', headerSx: { width: 80 }, render: (row) => row.id },
            { id: 'name', header: t('integrations.fields.name'), render: (row) => row.name },
          ]}
          actionsHeader={t('actions.title')}
          actions={[
            {
              label: t('actions.edit'),
              icon: <EditOutlined fontSize="small" />,
              onClick: (row) => {
                setEditing(row);
                setDialogOpen(true);
              },
            },
          ]}
          deleteAction={{
            label: t('actions.delete'),
            confirmTitle: (row) => t('integrations.confirmDelete', { name: row.name }),
            confirmMessage: () => t('integrations.confirmDeleteMessage'),
            onConfirm: handleDelete,
          }}
          isLoading={list.isLoading}
          paging={list}
          emptyText={t('integrations.empty')}
        />
      </ListPage>
      <IntegrationDialog
        open={isDialogOpen}
        integration={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => list.refetch()}
      />
    </>
  );
}
