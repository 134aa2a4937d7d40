import type { ContactRecord, TicketRecord } from '@wacrm/shared/messages/message.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/api.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/hooks/use-auth.ts';

interface OtherTicketDetails {
  uuid?: string;
  userId?: number | null;
  userName?: string | null;
  queueName?: string | null;
}

/**
 * "Start ticket" from the contacts list: opens a ticket for the contact assigned to the user
 * (their only queue when they have exactly one) and shows it. spec: ERR_OTHER_OPEN_TICKET opens
 * the existing ticket when it is the user's, else says who has it.
 */
export function useStartTicket() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const user = useSessionUser();
  const [busyContactId, setBusyContactId] = useState<number | null>(null);

  const startTicket = async (contact: ContactRecord) => {
    setBusyContactId(contact.id);
    try {
      const ticket = await http.post<TicketRecord>(
        '/api/tickets',
        {
          contactId: contact.id,
          userId: user.id,
          status: 'open',
          ...(user.queues.length === 1 ? { queueId: user.queues[0].id } : {}),
        },
        { silent: true },
      );
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const other =
        isApiError(error) && error.code === 'ERR_OTHER_OPEN_TICKET'
          ? ((error.details?.ticket ?? null) as OtherTicketDetails | null)
          : null;
      if (other?.uuid && (other.userId === user.id || other.userId === null || other.userId === undefined)) {
        navigate(`/tickets/${other.uuid}`);
      } else if (other) {
        toast.warning(
          t('startTicket.otherUser', {
            user: other.userName ?? '—',
            queue: other.queueName ?? t('startTicket.noQueue'),
          }),
          5_000,
        );
      } else {
        notifyError(error);
      }
    } finally {
      setBusyContactId(null);
    }
  };

  return { startTicket, busyContactId };
}
