import { useQueryClient } from '@tanstack/react-query';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListTitle } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../auth/index.ts';
import { ScheduleDialog, useSchedulesAllowed } from '../../schedules/index.ts';
import { contactsApi, contactsKeys } from '../api/contacts-api.ts';
import { ContactModal } from '../components/contact-modal.tsx';
import { ContactsTable } from '../components/contacts-table.tsx';
import { ContactsToolbar } from '../components/contacts-toolbar.tsx';
import { ImportContactsDialog } from '../components/import-contacts-dialog.tsx';
import { PhoneImportDialog } from '../components/phone-import-dialog.tsx';
import { useContactsList } from '../hooks/use-contacts.ts';
import { downloadContactsCsv } from '../model/download-export.ts';

export interface StartTicketDialogProps {
  open: boolean;
  contact: ContactRecord | null;
  onClose: () => void;
}

interface ContactsPageProps {
  /**
   * The tickets feature's new-ticket dialog, handed in by the app (app/contacts-route.tsx): tickets
   * depends on contacts (its contact drawer), so contacts does not import tickets.
   */
  startTicketDialog: ComponentType<StartTicketDialogProps>;
}

/** spec §2 "Contacts": search, infinite list, add, edit, start ticket, delete, delete all, import and export. */
export function ContactsPage({ startTicketDialog: StartTicketDialog }: ContactsPageProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const session = useSessionUser();
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: contactsKeys.all(session.companyId) });
  const [search, setSearch] = useState('');
  const canSchedule = useSchedulesAllowed(session.companyId);
  const [schedulingFor, setSchedulingFor] = useState<ContactRecord | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), 500);
  const list = useContactsList(session.companyId, debouncedSearch);
  // spec: "start ticket" opens the new-ticket flow with the contact chosen (queue and connection to pick).
  const [startingFor, setStartingFor] = useState<ContactRecord | null>(null);
  const [modal, setModal] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [isDeletingAll, setDeletingAll] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isPhoneImportOpen, setPhoneImportOpen] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const isAdmin = hasPermission(session, 'drawer-admin-items:view');
  const canDelete = hasPermission(session, 'contacts-page:deleteContact');

  const contacts = list.data?.pages.flatMap((page) => page.contacts) ?? [];
  const count = list.data?.pages[0]?.count ?? 0;

  const handleDelete = async (contact: ContactRecord) => {
    await contactsApi.remove(contact.id);
    toast.success(t('deleted'));
    refreshList();
  };

  const handleDeleteAll = async () => {
    setBusy(true);
    try {
      await contactsApi.removeAll();
      toast.success(t('deletedAll'));
      setDeletingAll(false);
      refreshList();
    } catch {
      // The http client already toasted the coded error.
    } finally {
      setBusy(false);
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadContactsCsv();
    } catch {
      toast.error(t('exportError'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ListPage
        header={
          <ContactsToolbar
            title={<ListTitle title={t('title')} count={list.data && count} countTestId="contacts-count" />}
            search={search}
            onSearchChange={setSearch}
            isAdmin={isAdmin}
            isExporting={isExporting}
            hasContacts={count > 0}
            onAdd={() => setModal({ open: true, contactId: null })}
            onImport={() => setImportOpen(true)}
            onImportFromPhone={() => setPhoneImportOpen(true)}
            onExport={handleExport}
            onDeleteAll={() => setDeletingAll(true)}
          />
        }
      >
        <ContactsTable
          contacts={contacts}
          isLoading={list.isLoading}
          paging={list}
          canDelete={canDelete}
          onStartTicket={setStartingFor}
          onSchedule={canSchedule ? setSchedulingFor : undefined}
          onEdit={(contact) => setModal({ open: true, contactId: contact.id })}
          onDelete={handleDelete}
        />
      </ListPage>
      <ScheduleDialog
        open={Boolean(schedulingFor)}
        schedule={null}
        initialContact={schedulingFor}
        onClose={() => setSchedulingFor(null)}
      />
      <ContactModal
        open={modal.open}
        contactId={modal.contactId}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
        onSaved={refreshList}
      />
      <StartTicketDialog open={startingFor !== null} contact={startingFor} onClose={() => setStartingFor(null)} />
      <ImportContactsDialog open={isImportOpen} onClose={() => setImportOpen(false)} onImported={refreshList} />
      <PhoneImportDialog open={isPhoneImportOpen} onClose={() => setPhoneImportOpen(false)} onImported={refreshList} />
      <ConfirmDialog
        open={isDeletingAll}
        title={t('confirmDeleteAll.title', { count })}
        confirmLabel={t('actions.deleteAll')}
        isBusy={isBusy}
        onConfirm={handleDeleteAll}
        onClose={() => setDeletingAll(false)}
      >
        {t('confirmDeleteAll.message', { count })}
      </ConfirmDialog>
    </>
  );
}
