import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import type { UserOption } from '@wacrm/shared/users/user.schema';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConnectionSelect } from '../../../components/ui/connection-select.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import {
  isOverCapacityWithOneMore,
  useCompanyQueues,
  useConnections,
  useUserOptions,
  useUserWorkload,
} from '../../../lib/lookups/use-lookups.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { type TicketChangeBody, ticketsApi } from '../api/tickets-api.ts';
import { otherOpenTicketOf } from '../model/other-open-ticket.ts';
import { transferUserList } from '../model/transfer-users.ts';
import { QueueSelect } from './queue-select.tsx';

export interface TransferTicketModalProps {
  open: boolean;
  ticket: TicketRecord;
  onClose: () => void;
}

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
  // Transfers to a named user may go over their capacity: say so before, without stopping it.
  const workload = useUserWorkload(session.companyId, user && user.id !== ticket.userId ? user.id : null, open);

  useEffect(() => {
    if (!open) return;
    setUserText('');
    setUser(null);
    setQueueId('');
    setWhatsappId(ticket.whatsappId ?? '');
    setConflict(null);
  }, [open, ticket.whatsappId]);

  const userList = transferUserList(users.data ?? [], userText, queueId);
  const noUsersText = {
    browse: queueId === '' ? t('transfer.noUsers') : t('transfer.noQueueUsers'),
    tooShort: t('transfer.userHint'),
    search: t('transfer.noUsers'),
  }[userList.kind];
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
              options={userList.users}
              // Before anything is typed the list offers the first users (of the chosen queue).
              openOnFocus
              loading={users.isPending}
              loadingText={t('common:loading')}
              value={user}
              onChange={(_event, next) => setUser(next)}
              inputValue={userText}
              onInputChange={(_event, next) => setUserText(next)}
              filterOptions={(options) => options}
              getOptionLabel={(option) => option.name}
              // The e-mail tells apart two users with the same name.
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props}>
                  <ListItemText primary={option.name} secondary={option.email} />
                </li>
              )}
              isOptionEqualToValue={(option, selected) => option.id === selected.id}
              noOptionsText={noUsersText}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={t('transfer.user')}
                  helperText={queueId === '' ? t('transfer.userPickHint') : t('transfer.queueUsersHint')}
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
            {user && workload.data && isOverCapacityWithOneMore(workload.data) && (
              <Alert severity="warning" data-testid="transfer-over-capacity">
                {t('capacity.transferOver', {
                  user: user.name,
                  open: workload.data.openTickets,
                  capacity: workload.data.capacity,
                })}
              </Alert>
            )}
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
