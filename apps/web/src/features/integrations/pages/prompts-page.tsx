import EditOutlined from '@mui/icons-material/EditOutlined';
import type { PromptRecord } from '@wacrm/shared/integrations/index';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
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

  const handleDelete = async (prompt: PromptRecord) => {
    await integrationsApi.removePrompt(prompt.id);
    toast.success(t('prompts.deleted'));
    prompts.refetch();
  };

  return (
    <>
      <ListPage
        isFullHeight={false}
        header={
          <ListPageHeader
            title={t('prompts.title')}
            add={{
              label: t('prompts.add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'prompts-add',
            }}
          />
        }
      >
        <DataTable
          rows={prompts.data ?? []}
          rowKey={(prompt) => prompt.id}
          rowProps={(prompt) => ({ 'data-testid': `prompt-row-${prompt.id}` })}
          testId="prompts-table"
          stickyHeader={false}
          columns={[
            { id: 'name', header: t('prompts.fields.name'), render: (prompt) => prompt.name },
            { id: 'queue', header: t('prompts.fields.queue'), render: (prompt) => prompt.queue?.name ?? '—' },
            {
              id: 'maxTokens',
              header: t('prompts.fields.maxTokens'),
              align: 'right',
              render: (prompt) => prompt.maxTokens,
            },
          ]}
          actionsHeader={t('actions.title')}
          actions={[
            {
              label: t('actions.edit'),
              icon: <EditOutlined fontSize="small" />,
              onClick: (prompt) => {
                setEditing(prompt);
                setDialogOpen(true);
              },
            },
          ]}
          deleteAction={{
            label: t('actions.delete'),
            confirmTitle: (prompt) => t('prompts.confirmDelete', { name: prompt.name }),
            confirmMessage: () => t('prompts.confirmDeleteMessage'),
            onConfirm: handleDelete,
          }}
          isLoading={prompts.isLoading}
          emptyText={t('prompts.empty')}
        />
      </ListPage>
      <PromptDialog
        open={isDialogOpen}
        prompt={editing}
        onClose={() => setDialogOpen(false)}
        onSaved={() => prompts.refetch()}
      />
    </>
  );
}
