import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { TagRecord } from '@wacrm/shared/tags/tag.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { tagsApi, tagsKeys } from '../api/tags-api.ts';
import { TagDialog } from '../components/tag-dialog.tsx';
import { TagsTable } from '../components/tags-table.tsx';
import { useTagsList } from '../hooks/use-tags.ts';

/** The tags screen: search, infinite list with ticket counts, add, edit and delete (spec §2 "Tags page"). */
export function TagsPage() {
  const { t } = useTranslation(['tags', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // spec: the search is lowercased and waits 500 ms.
  const debouncedSearch = useDebouncedValue(search.trim().toLowerCase(), 500);
  const list = useTagsList(session.companyId, debouncedSearch);
  const [editing, setEditing] = useState<TagRecord | null>(null);
  const [isDialogOpen, setDialogOpen] = useState(false);

  const tags = list.data?.pages.flatMap((page) => page.tags) ?? [];
  // The live event usually arrives first; refetching also covers a socket that is reconnecting.
  const refreshList = () => queryClient.invalidateQueries({ queryKey: tagsKeys.all(session.companyId) });

  const handleDelete = async (tag: TagRecord) => {
    await tagsApi.remove(tag.id);
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
            countTestId="tags-count"
            search={{ placeholder: t('search'), value: search, onChange: setSearch, testId: 'tags-search' }}
            add={{
              label: t('add'),
              onClick: () => {
                setEditing(null);
                setDialogOpen(true);
              },
              testId: 'tags-add',
            }}
          />
        }
      >
        <TagsTable
          tags={tags}
          isLoading={list.isLoading}
          paging={list}
          onEdit={(tag) => {
            setEditing(tag);
            setDialogOpen(true);
          }}
          onDelete={handleDelete}
        />
      </ListPage>
      <TagDialog
        open={isDialogOpen}
        tag={editing}
        canSetKanban={hasPermission(session, 'tags:setKanban')}
        onClose={() => setDialogOpen(false)}
        onSaved={refreshList}
      />
    </>
  );
}
