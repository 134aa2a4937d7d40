import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPhoneNumber } from '@wacrm/shared/common/phone-display';
import type { ContactRecord } from '@wacrm/shared/messages/message.schema';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface ContactsTableProps {
  contacts: ContactRecord[];
  isLoading: boolean;
  isFetchingMore: boolean;
  canDelete: boolean;
  onEndReached: () => void;
  onStartTicket: (contact: ContactRecord) => void;
  /** Opens the schedule dialog for the contact (plans with schedules only). */
  onSchedule?: (contact: ContactRecord) => void;
  onEdit: (contact: ContactRecord) => void;
  onDelete: (contact: ContactRecord) => void;
}

/** spec: the next page loads when the list is scrolled within 100 px of its bottom. */
const LOAD_MORE_WITHIN_PX = 100;

export function ContactsTable(props: ContactsTableProps) {
  const { contacts, isLoading, isFetchingMore, canDelete, onEndReached, onStartTicket, onSchedule, onEdit, onDelete } =
    props;
  const { t } = useTranslation(['contacts', 'common']);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - scrollTop - clientHeight < LOAD_MORE_WITHIN_PX) onEndReached();
  };

  return (
    <Box onScroll={handleScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="contacts-scroll">
      <Table stickyHeader size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56, display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('columns.number')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.email')}</TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contacts.map((contact) => (
            <TableRow key={contact.id} hover data-testid="contact-row" data-contact-number={contact.number}>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <Avatar src={contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 32, height: 32 }}>
                  {contact.name.charAt(0).toUpperCase()}
                </Avatar>
              </TableCell>
              <TableCell sx={{ maxWidth: { xs: 180, sm: 280 } }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                  {contact.name}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  noWrap
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {formatPhoneNumber(contact.number, contact.isGroup)}
                </Typography>
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {formatPhoneNumber(contact.number, contact.isGroup)}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, maxWidth: 260 }}>
                <Typography variant="body2" noWrap>
                  {contact.email}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title={t('actions.startTicket')}>
                    <IconButton
                      size="small"
                      onClick={() => onStartTicket(contact)}
                      aria-label={t('actions.startTicket')}
                      data-testid="contact-start-ticket"
                    >
                      <WhatsApp fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {onSchedule && (
                    <Tooltip title={t('actions.schedule')}>
                      <IconButton
                        size="small"
                        onClick={() => onSchedule(contact)}
                        aria-label={t('actions.schedule')}
                        data-testid="contact-schedule"
                      >
                        <EventOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('actions.edit')}>
                    <IconButton
                      size="small"
                      onClick={() => onEdit(contact)}
                      aria-label={t('actions.edit')}
                      data-testid="contact-edit"
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canDelete && (
                    <Tooltip title={t('actions.delete')}>
                      <IconButton
                        size="small"
                        onClick={() => onDelete(contact)}
                        aria-label={t('actions.delete')}
                        data-testid="contact-delete"
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
          {!isLoading && contacts.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={5}
                align="center"
                sx={{ py: 6, color: 'text.secondary' }}
                data-testid="contacts-empty"
              >
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {(isLoading || isFetchingMore) && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 3 }}>
                <CircularProgress size={24} aria-label={t('common:loading')} />
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
