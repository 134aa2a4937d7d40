import { useQueryClient } from '@tanstack/react-query';
import type { Announcement } from '@wacrm/shared/announcements/announcement.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { announcementsApi, announcementsKeys } from '../api/announcements-api.ts';
import { AnnouncementFormDialog } from '../components/announcement-form-dialog.tsx';
import { AnnouncementsTable } from '../components/announcements-table.tsx';
import { useAnnouncementPages } from '../hooks/use-announcement-pages.ts';
import { useSuperOnly } from '../hooks/use-super-only.ts';

export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const isSuper = useSuperOnly();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim());
  const query = useAnnouncementPages(searchParam, isSuper);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(false);

  if (!isSuper) return null;

  const records = query.data?.pages.flatMap((page) => page.records) ?? [];
  const handleAdd = () => {
    setEditing(null);
    setIsFormOpen(true);
  };
  const handleEdit = (announcement: Announcement) => {
    setEditing(announcement);
    setIsFormOpen(true);
  };
  const handleDelete = async (announcement: Announcement) => {
    await announcementsApi.remove(announcement.id);
    toast.success(t('toasts.deleted'));
    void queryClient.invalidateQueries({ queryKey: announcementsKeys.all });
  };

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('page.title', { count: query.data?.pages[0]?.count ?? 0 })}
            titleTestId="announcements-title"
            search={{
              placeholder: t('page.search'),
              value: search,
              onChange: setSearch,
              testId: 'announcements-search',
            }}
            add={{ label: t('page.add'), onClick: handleAdd, testId: 'announcement-add' }}
          />
        }
      >
        <AnnouncementsTable
          records={records}
          isLoading={query.isPending}
          paging={query}
          search={searchParam}
          onEdit={handleEdit}
          onDelete={handleDelete}
        />
      </ListPage>
      <AnnouncementFormDialog open={isFormOpen} announcement={editing} onClose={() => setIsFormOpen(false)} />
    </>
  );
}
