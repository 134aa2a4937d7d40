import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { QuickMessageRecord } from '@wacrm/shared/quick-messages/quick-message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { quickMessagesApi, quickMessagesKeys } from '../api/quick-messages-api.ts';
import { QuickMessageDialog } from '../components/quick-message-dialog.tsx';
import { QuickMessagesTable } from '../components/quick-messages-table.tsx';
import { useQuickMessagesList } from '../hooks/use-quick-messages.ts';
import { canManageQuickMessage } from '../model/quick-message-list.ts';

/** The quick messages screen: the user's own and the company's shortcuts (spec §2 "Quick messages page"). */
export function QuickMessagesPage() {
  const { t } = useTranslation(['quickMessages', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const list = useQuickMessagesList(session.companyId, debouncedSearch);
  const [editing, setEditing] = useState<QuickMessageRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  const records = list.data?.pages.flatMap((page) => page.records) ?? [];
  const refreshList = () => {
    void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.all(session.companyId) });
    void queryClient.invalidateQueries({ queryKey: ['quick-messages', 'list'] });
  };

  const handleDelete = async (record: QuickMessageRecord) => {
    await quickMessagesApi.remove(record.id);
    toast.success(t('toasts.deleted'));
    refreshList();
  };

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('title')}
            count={list.data && (list.data.pages[0]?.count ?? 0)}
            countTestId="quick-messages-count"
            search={{ placeholder: t('search'), value: search, onChange: setSearch, testId: 'quick-messages-search' }}
            add={{
              label: t('add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'quick-messages-add',
            }}
          />
        }
      >
        <QuickMessagesTable
          records={records}
          isLoading={list.isLoading}
          paging={list}
          canManage={(record) => canManageQuickMessage(record, session)}
          onEdit={(record) => {
            setEditing(record);
            setDialogOpen(true);
          }}
          onDelete={handleDelete}
        />
      </ListPage>
      <QuickMessageDialog
        open={isDialogOpen}
        record={editing}
        canShare={hasPermission(session, 'quick-messages:manageCompany')}
        onClose={() => setDialogOpen(false)}
        onSaved={refreshList}
      />
    </>
  );
}
