import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SessionUser } from '@wacrm/shared/auth/auth.schema';
import { hasPermission } from '@wacrm/shared/auth/permissions';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConnectionSelect } from '../../../components/ui/connection-select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import type { ContactOption } from '../../../lib/lookups/lookups-api.ts';
import { useCompanyQueues, useConnections, useContactSearch } from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { ticketsApi } from '../api/tickets-api.ts';
import { otherOpenTicketOf } from '../model/other-open-ticket.ts';
import { QueueSelect } from './queue-select.tsx';

interface NewTicketModalProps {
  open: boolean;
  user: SessionUser;
  /** Preselected contact ("Start ticket" on the contacts page); the user may still change it. */
  initialContact?: ContactOption | null;
  onClose: () => void;
}

const contactLabel = (option: ContactOption) => `${option.name} (${option.number})`;

type Errors = Partial<Record<'contact' | 'queue' | 'connection', string>>;

/** spec "New ticket": a contact (searched from 3 characters), a queue (required unless admin), a connection. */
export function NewTicketModal({ open, user, initialContact = null, onClose }: NewTicketModalProps) {
  const { t } = useTranslation(['tickets', 'common']);
  const navigate = useNavigate();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const isAdmin = hasPermission(user, 'tickets:viewAll');
  const companyQueues = useCompanyQueues(user.companyId, open && isAdmin);
  const connections = useConnections(user.companyId, open);
  const [contactText, setContactText] = useState('');
  const [contact, setContact] = useState<ContactOption | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  // The preselected contact's label is not a search.
  const isSearching = open && !(contact && contactText === contactLabel(contact));
  const contacts = useContactSearch(user.companyId, contactText, isSearching);
  // spec: admins pick from every queue, other users from their own.
  const queues = isAdmin ? (companyQueues.data ?? []) : user.queues;

  useEffect(() => {
    if (!open) return;
    setContactText(initialContact ? contactLabel(initialContact) : '');
    setContact(initialContact);
    setQueueId(!isAdmin && user.queues.length === 1 ? user.queues[0].id : '');
    setErrors({});
    setConflict(null);
  }, [open, isAdmin, user.queues, initialContact]);

  // The user's own connection, else the company's default, is preselected.
  useEffect(() => {
    if (!open || !connections.data || whatsappId !== '') return;
    const preferred =
      connections.data.find((item) => item.id === user.whatsappId) ?? connections.data.find((item) => item.isDefault);
    if (preferred) setWhatsappId(preferred.id);
  }, [open, connections.data, user.whatsappId, whatsappId]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!contact) next.contact = t('newTicket.selectContact');
    if (queueId === '' && !isAdmin) next.queue = t('newTicket.selectQueue');
    if (whatsappId === '') next.connection = t('newTicket.selectConnection');
    setErrors(next);
    setConflict(null);
    if (!contact || Object.keys(next).length > 0 || whatsappId === '') return;
    setBusy(true);
    try {
      const ticket = await ticketsApi.create({
        contactId: contact.id,
        queueId: queueId === '' ? null : queueId,
        whatsappId,
        userId: user.id,
        status: 'open',
      });
      toast.success(t('newTicket.created'));
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const other = isApiError(error) ? otherOpenTicketOf(error) : null;
      if (other && other.userId === user.id) {
        // spec: the contact's open ticket is the user's own, so it is opened instead.
        onClose();
        navigate(`/tickets/${other.uuid}`);
      } else if (other) {
        setConflict(
          other.userName
            ? t('newTicket.otherOpen', { user: other.userName, queue: other.queueName ?? '—' })
            : t('newTicket.otherOpenNoUser', { queue: other.queueName ?? '—' }),
        );
      } else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const noOptionsText =
    contactText.trim().length < 3 ? t('newTicket.contactHint') : contacts.isWaiting ? '…' : t('newTicket.noContacts');

  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} fullWidth maxWidth="xs" fullScreen={isPhone}>
      <form onSubmit={handleSubmit} noValidate data-testid="new-ticket-form">
        <DialogTitle>{t('newTicket.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {conflict && (
              <Alert severity="warning" data-testid="new-ticket-conflict">
                {conflict}
              </Alert>
            )}
            <Autocomplete
              options={isSearching ? (contacts.data ?? []) : contact ? [contact] : []}
              value={contact}
              onChange={(_event, next) => setContact(next)}
              inputValue={contactText}
              onInputChange={(_event, next) => setContactText(next)}
              filterOptions={(options) => options}
              getOptionLabel={contactLabel}
              isOptionEqualToValue={(option, selected) => option.id === selected.id}
              loading={contacts.isWaiting && contactText.trim().length >= 3}
              noOptionsText={noOptionsText}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus={!initialContact}
                  size="small"
                  label={t('newTicket.contact')}
                  error={Boolean(errors.contact)}
                  helperText={errors.contact ?? t('newTicket.contactHint')}
                  data-testid="new-ticket-contact"
                />
              )}
            />
            <QueueSelect
              label={t('newTicket.queue')}
              queues={queues}
              value={queueId}
              onChange={setQueueId}
              error={errors.queue}
              emptyLabel={isAdmin ? t('row.noQueue') : undefined}
              testId="new-ticket-queue"
            />
            <ConnectionSelect
              connections={connections.data ?? []}
              value={whatsappId}
              onChange={setWhatsappId}
              error={errors.connection}
              testId="new-ticket-connection"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isBusy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy} data-testid="new-ticket-save">
            {t('newTicket.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
