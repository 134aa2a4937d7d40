import { useQueryClient } from '@tanstack/react-query';
import type { TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/api-error.ts';
import { notifyError } from '../../../../lib/error-message.ts';
import { toast } from '../../../../lib/toast.ts';
import { useSessionUser } from '../../../auth/index.ts';
import { useOverCapacityNotice } from '../../hooks/use-over-capacity-notice.ts';
import { conversationApi, conversationKeys, type TicketChange } from '../api/conversation-api.ts';

export type TicketAction = 'accept' | 'return' | 'resolve' | 'reopen' | 'delete';

interface OtherTicketDetails {
  ticket?: { uuid?: string; userId?: number | null; userName?: string | null; queueName?: string | null };
}

/**
 * The header's transitions (spec "Ticket" states): accept keeps the ticket open here; return and
 * resolve go back to the list; delete goes to /tickets.
 */
export function useTicketActions(
  ticket: TicketRecord,
  callbacks: { onClosed: () => void; onBackToList: () => void; onAccepted?: () => void },
) {
  const { t } = useTranslation('conversation');
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<TicketAction | null>(null);
  const noticeIfOverCapacity = useOverCapacityNotice();

  const changes: Record<Exclude<TicketAction, 'delete'>, TicketChange> = {
    accept: { status: 'open', userId: user.id },
    return: { status: 'pending', userId: null },
    resolve: {
      status: 'closed',
      userId: user.id,
      queueId: ticket.queueId,
      useIntegration: false,
      promptId: null,
      integrationId: null,
    },
    reopen: { status: 'open', userId: user.id, queueId: ticket.queueId },
  };

  // ERR_OTHER_OPEN_TICKET on reopen: open the other ticket if it is ours, else say who has it.
  const explainOtherTicket = (details: OtherTicketDetails | undefined) => {
    const other = details?.ticket;
    if (other?.uuid && (other.userId === user.id || other.userId == null)) {
      navigate(`/tickets/${other.uuid}`);
      return;
    }
    toast.error(t('header.otherOpenTicket', { user: other?.userName ?? '—', queue: other?.queueName ?? '—' }));
  };

  const run = async (action: TicketAction) => {
    setBusy(action);
    try {
      if (action === 'delete') {
        await conversationApi.deleteTicket(ticket.id);
        toast.success(t('header.deleted'));
        callbacks.onClosed();
        return;
      }
      const updated = await conversationApi.updateTicket(ticket.id, changes[action]);
      queryClient.setQueryData(conversationKeys.ticket(ticket.uuid), updated);
      if (action === 'return' || action === 'resolve') callbacks.onBackToList();
      if (action === 'accept') {
        callbacks.onAccepted?.();
        void noticeIfOverCapacity();
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'ERR_OTHER_OPEN_TICKET')
        explainOtherTicket(error.details as OtherTicketDetails);
      else notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  return { busy, run };
}
