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
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { UserOption } from '@wacrm/shared/users/user.schema';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';
import { type TicketChangeBody, ticketsApi } from '../api/tickets-api.ts';
import { useCompanyQueues, useConnections, useUserOptions } from '../hooks/use-lookups.ts';
import { otherOpenTicketOf } from '../model/other-open-ticket.ts';
import { ConnectionSelect } from './connection-select.tsx';
import { QueueSelect } from './queue-select.tsx';

export interface TransferTicketModalProps {
  open: boolean;
  ticket: TicketRecord;
  onClose: () => void;
}

/** spec: user search starts at 3 characters. */
const MIN_SEARCH = 3;

const matchesUser = (user: UserOption, needle: string) =>
  user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);

/**
 * spec "Transfer": to a user and/or a queue, on a connection. It submits only with a queue;
 * a queue without a user sends the ticket back to pending with no user. The user leaves the
 * ticket afterwards, so the page goes back to the list.
 */
export function TransferTicketModal({ open, ticket, onClose }: TransferTicketModalProps) {
  const { t } = useTranslation(['tickets', 'common']);
  const session = useSessionUser();
  const navigate = useNavigate();
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const queues = useCompanyQueues(session.companyId, open);
  const connections = useConnections(session.companyId, open);
  const users = useUserOptions(session.companyId, open);
  const [userText, setUserText] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [isBusy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setUserText('');
    setUser(null);
    setQueueId('');
    setWhatsappId(ticket.whatsappId ?? '');
    setConflict(null);
  }, [open, ticket.whatsappId]);

  const needle = userText.trim().toLowerCase();
  const userOptions = needle.length >= MIN_SEARCH ? (users.data ?? []).filter((item) => matchesUser(item, needle)) : [];
  const queueChoices = (queues.data ?? []).map(({ id, name, color }) => ({ id, name, color }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (queueId === '' || isBusy) return;
    // spec: with a queue but no user the ticket goes back to pending and the user is cleared.
    const body: TicketChangeBody = user ? { userId: user.id, queueId } : { userId: null, queueId };
    if (whatsappId !== '' && whatsappId !== ticket.whatsappId) body.whatsappId = whatsappId;
    setBusy(true);
    setConflict(null);
    try {
      await ticketsApi.update(ticket.id, body);
      toast.success(t('transfer.done'));
      onClose();
      navigate('/tickets');
    } catch (error) {
      const other = isApiError(error) ? otherOpenTicketOf(error) : null;
      if (other) setConflict(t('newTicket.otherOpen', { user: other.userName ?? '—', queue: other.queueName ?? '—' }));
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={isBusy ? undefined : onClose} fullWidth maxWidth="xs" fullScreen={isPhone}>
      <form onSubmit={handleSubmit} noValidate data-testid="transfer-form">
        <DialogTitle>{t('transfer.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {conflict && <Alert severity="warning">{conflict}</Alert>}
            <Autocomplete
              options={userOptions}
              value={user}
              onChange={(_event, next) => setUser(next)}
              inputValue={userText}
              onInputChange={(_event, next) => setUserText(next)}
              filterOptions={(options) => options}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(option, selected) => option.id === selected.id}
              noOptionsText={needle.length < MIN_SEARCH ? t('transfer.userHint') : t('transfer.noUsers')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  size="small"
                  label={t('transfer.user')}
                  helperText={t('transfer.userHint')}
                  data-testid="transfer-user"
                />
              )}
            />
            <QueueSelect
              label={t('transfer.queue')}
              queues={queueChoices}
              value={queueId}
              onChange={setQueueId}
              helperText={queueId === '' ? t('transfer.selectQueue') : undefined}
              testId="transfer-queue"
            />
            <ConnectionSelect
              connections={connections.data ?? []}
              value={whatsappId}
              onChange={setWhatsappId}
              testId="transfer-connection"
            />
            {queueId !== '' && !user && <Alert severity="info">{t('transfer.pendingNote')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isBusy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={queueId === '' || isBusy} data-testid="transfer-submit">
            {t('transfer.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
