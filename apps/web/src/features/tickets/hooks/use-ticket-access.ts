import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/error-message.ts';
import { toast } from '../../../lib/toast.ts';
import { ticketsApi, ticketsKeys } from '../api/tickets-api.ts';

/**
 * Loads the ticket of the URL. spec: a ticket the user may not open (a queue that is not
 * theirs) shows 'Acesso não permitido' and goes back to /tickets; an unknown one likewise.
 */
export function useTicketAccess(uuid: string | null) {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ticketsKeys.byUuid(uuid ?? ''),
    queryFn: () => ticketsApi.byUuid(uuid ?? ''),
    enabled: uuid !== null,
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.code === 'ERR_NO_PERMISSION' || error.status === 403)) {
      toast.error(t('toasts.unauthorized'));
    } else if (isApiError(error) && error.status === 404) {
      toast.error(t('toasts.notFound'));
    } else {
      notifyError(error);
    }
    navigate('/tickets', { replace: true });
  }, [error, navigate, t]);
  return query;
}
