import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { type TicketChangeBody, ticketsApi } from '../api/tickets-api.ts';
import { otherOpenTicketOf } from '../model/other-open-ticket.ts';
import { useOverCapacityNotice } from './use-over-capacity-notice.ts';

/**
 * The row actions (spec "Ticket" states): accept opens the ticket, close asks first,
 * reopen opens it again. The list itself follows from the `ticket` update event.
 */
export function useTicketActions(viewerId: number, openTicketUuid: string | null, onAccepted?: () => void) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [closing, setClosing] = useState<TicketRecord | null>(null);
  const noticeIfOverCapacity = useOverCapacityNotice();

  async function change(ticket: TicketRecord, body: TicketChangeBody): Promise<TicketRecord | null> {
    setBusyId(ticket.id);
    try {
      return await ticketsApi.update(ticket.id, body);
    } catch (error) {
      const other = isApiError(error) ? otherOpenTicketOf(error) : null;
      if (other && other.userId === viewerId) navigate(`/tickets/${other.uuid}`);
      else if (other)
        toast.error(t('newTicket.otherOpen', { user: other.userName ?? '—', queue: other.queueName ?? '—' }));
      else notifyError(error);
      return null;
    } finally {
      setBusyId(null);
    }
  }

  const accept = async (ticket: TicketRecord) => {
    // spec: after accept the ticket opens.
    const next = await change(ticket, { status: 'open', userId: viewerId });
    if (!next) return;
    onAccepted?.();
    navigate(`/tickets/${next.uuid}`);
    void noticeIfOverCapacity();
  };

  const reopen = async (ticket: TicketRecord) => {
    const next = await change(ticket, { status: 'open', userId: viewerId, queueId: ticket.queueId });
    if (!next) return;
    toast.success(t('toasts.reopened'));
    navigate(`/tickets/${next.uuid}`);
  };

  const confirmClose = async () => {
    if (!closing) return;
    const ticket = closing;
    // spec: close sends the current user and queue; integration and prompt are cleared.
    const next = await change(ticket, {
      status: 'closed',
      userId: viewerId,
      queueId: ticket.queueId,
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
    setClosing(null);
    if (!next) return;
    toast.success(t('toasts.closed'));
    if (ticket.uuid === openTicketUuid) navigate('/tickets');
  };

  return {
    busyId,
    accept,
    reopen,
    closing,
    askClose: setClosing,
    cancelClose: () => setClosing(null),
    confirmClose,
  };
}
