import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import { useTranslation } from 'react-i18next';
import { DataTable, type PagedQuery, type RowAction } from '../../../components/ui/data-table.tsx';

interface ContactsTableProps {
  contacts: ContactRecord[];
  isLoading: boolean;
  paging: PagedQuery;
  canDelete: boolean;
  onStartTicket: (contact: ContactRecord) => void;
  /** Opens the schedule dialog for the contact (plans with schedules only). */
  onSchedule?: (contact: ContactRecord) => void;
  onEdit: (contact: ContactRecord) => void;
  onDelete: (contact: ContactRecord) => Promise<unknown>;
}

export function ContactsTable(props: ContactsTableProps) {
  const { onSchedule } = props;
  const { t } = useTranslation(['contacts', 'common']);
  const actions: RowAction<ContactRecord>[] = [
    {
      label: t('actions.startTicket'),
      icon: <WhatsApp fontSize="small" />,
      testId: 'contact-start-ticket',
      onClick: props.onStartTicket,
    },
    ...(onSchedule
      ? [
          {
            label: t('actions.schedule'),
            icon: <EventOutlined fontSize="small" />,
            testId: 'contact-schedule',
            onClick: onSchedule,
          },
        ]
      : []),
    {
      label: t('actions.edit'),
      icon: <EditOutlined fontSize="small" />,
      testId: 'contact-edit',
      onClick: props.onEdit,
    },
  ];

  return (
    <DataTable
      rows={props.contacts}
      rowKey={(contact) => contact.id}
      rowProps={(contact) => ({ 'data-testid': 'contact-row', 'data-contact-number': contact.number })}
      columns={[
        {
          id: 'avatar',
          showFrom: 'sm',
          headerSx: { width: 56 },
          render: (contact) => (
            <Avatar src={contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 32, height: 32 }}>
              {contact.name.charAt(0).toUpperCase()}
            </Avatar>
          ),
        },
        {
          id: 'name',
          header: t('columns.name'),
          sx: { maxWidth: { xs: 180, sm: 280 } },
          render: (contact) => (
            <>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {contact.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap sx={{ display: { xs: 'block', sm: 'none' } }}>
                {formatPhoneNumber(contact.number, contact.isGroup)}
              </Typography>
            </>
          ),
        },
        {
          id: 'number',
          header: t('columns.number'),
          showFrom: 'sm',
          sx: { whiteSpace: 'nowrap' },
          render: (contact) => formatPhoneNumber(contact.number, contact.isGroup),
        },
        {
          id: 'email',
          header: t('columns.email'),
          showFrom: 'md',
          sx: { maxWidth: 260 },
          render: (contact) => (
            <Typography variant="body2" noWrap>
              {contact.email}
            </Typography>
          ),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actions={actions}
      deleteAction={
        props.canDelete
          ? {
              label: t('actions.delete'),
              testId: 'contact-delete',
              confirmTitle: (contact) => t('confirmDelete.title', { name: contact.name }),
              confirmMessage: () => t('confirmDelete.message'),
              onConfirm: props.onDelete,
            }
          : undefined
      }
      isLoading={props.isLoading}
      paging={props.paging}
      emptyText={t('empty')}
      emptyTestId="contacts-empty"
      ariaLabel={t('title')}
      scrollTestId="contacts-scroll"
    />
  );
}
